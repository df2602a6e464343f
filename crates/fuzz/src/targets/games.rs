//! The per-game targets, made for every game of the registry (`ply_registry::GameId::ALL`)
//! from what the game says of itself, so that a new game's parsers are fuzzed without a
//! line here:
//!
//! - `spec-GAME`: agent specs against the game's catalog;
//! - `moves-GAME`, `position-GAME`, `records-GAME`: its move notation, its position text
//!   and its game records, in each of its [`variants`];
//! - `engine-GAME`: `ply engine GAME`, for a game that speaks the text protocol
//!   (`Protocol::Text`), in each of its variants.
//!
//! A target of the default variant is named `KIND-GAME`, one of another variant
//! `KIND-GAME:SETTINGS` (`moves-connect4:width=4,height=4,k=3`); [`by_name`] builds any
//! variant so named. The words that mutations insert come from the game too: its notation
//! example, the moves legal at the start and their pieces, the start position's text, the
//! catalog's names and keys. Everything is derived in a fixed order from fixed seeds, so a
//! run is as reproducible as before.

use ply_core::{Descriptor, Game, Protocol, Settings};
use ply_registry::{with_game, Described, GameId, Registered};

use super::moves::{sample_positions, MoveNotation, PositionText};
use super::protocols::TextProtocol;
use super::records::Records;
use super::spec::AgentSpecs;
use crate::runner::Target;

/// The kinds of per-game target, in the order they run.
pub const KINDS: &[&str] = &["spec", "moves", "position", "records", "engine"];

/// Variants the menus do not reach, each kept for what it alone tests.
const EXTRAS: &[(&str, &str)] = &[
    // Columns past the tenth are letters; the page's menu stops at ten columns.
    ("connect4", "width=12,height=8"),
];

/// Whether `kind` has a target in each variant (the others have one per game).
fn per_variant(kind: &str) -> bool {
    kind != "spec"
}

/// Whether `game` has targets of `kind`.
fn has_kind(game: GameId, kind: &str) -> bool {
    kind != "engine" || game.descriptor().protocols.contains(&Protocol::Text)
}

/// The variants of `game` its targets run in, each once: the default, the one its ladder
/// was rated on, and from its menus the smallest (every parameter at its first value), the
/// largest (every parameter at its last) and a skewed one (the first parameter at its last
/// value, the others at their first: a wide, flat board); then the `EXTRAS`. A value that
/// the game refuses together with those before it is left at its default, and a variant
/// that starts from the same position as an earlier one is dropped.
pub fn variants(game: GameId) -> Vec<Settings> {
    let about = game.descriptor();
    let menu = |i: usize| -> Vec<&'static str> {
        about.params[i]
            .menu
            .iter()
            .copied()
            .filter(|v| !v.is_empty())
            .collect()
    };
    let pick = |choose: &dyn Fn(usize, &[&'static str]) -> Option<&'static str>| {
        let mut settings = Settings::new();
        for (i, param) in about.params.iter().enumerate() {
            // A value the same as the default is left out, so the name shows what differs.
            let default = param.default.value();
            let chosen = choose(i, &menu(i)).filter(|value| default.as_deref() != Some(value));
            if let Some(value) = chosen {
                let tried = settings.clone().with(param.name, value);
                if builds(game, &tried) {
                    settings = tried;
                }
            }
        }
        settings
    };
    let first = |_: usize, values: &[&'static str]| values.first().copied();
    let last = |_: usize, values: &[&'static str]| values.last().copied();
    let skewed = |i: usize, values: &[&'static str]| {
        if i == 0 {
            values.last().copied()
        } else {
            values.first().copied()
        }
    };
    let mut candidates = vec![
        Settings::new(),
        about.rated_settings(),
        pick(&first),
        pick(&last),
        pick(&skewed),
    ];
    candidates.extend(
        EXTRAS
            .iter()
            .filter(|(name, _)| *name == about.name)
            .map(|(_, settings)| parse_settings(settings).expect("an extra's settings")),
    );
    let mut seen = Vec::new();
    candidates
        .into_iter()
        .filter(|settings| {
            let start = start_text(game, settings);
            let new = start.is_some() && !seen.contains(&start);
            seen.push(start);
            new
        })
        .collect()
}

/// The start position of `settings` as text, with its variant; `None` if it does not build.
fn start_text(game: GameId, settings: &Settings) -> Option<(String, String)> {
    with_game!(game, |G| {
        <G as Described>::from_settings(settings)
            .ok()
            .map(|start| (start.variant(), start.to_text()))
    })
}

fn builds(game: GameId, settings: &Settings) -> bool {
    start_text(game, settings).is_some()
}

/// `name=value,…` as [`Settings`]; `None` if a piece is not `name=value`.
fn parse_settings(text: &str) -> Option<Settings> {
    let mut settings = Settings::new();
    for piece in text.split(',').filter(|p| !p.is_empty()) {
        let (name, value) = piece.split_once('=')?;
        settings.set(name, value);
    }
    Some(settings)
}

/// The name of the target of `kind` for `game` in `settings`.
fn target_name(kind: &str, game: GameId, settings: &Settings) -> String {
    let pieces: Vec<String> = settings.iter().map(|(n, v)| format!("{n}={v}")).collect();
    if pieces.is_empty() {
        format!("{kind}-{}", game.name())
    } else {
        format!("{kind}-{}:{}", game.name(), pieces.join(","))
    }
}

/// Every per-game target's name: kind by kind, game by game in the registry's order,
/// variant by variant.
pub fn names() -> Vec<String> {
    let mut names = Vec::new();
    for &kind in KINDS {
        for &game in GameId::ALL {
            if !has_kind(game, kind) {
                continue;
            }
            if per_variant(kind) {
                for settings in variants(game) {
                    names.push(target_name(kind, game, &settings));
                }
            } else {
                names.push(target_name(kind, game, &Settings::new()));
            }
        }
    }
    names
}

/// The per-game target `name` names, in any variant the game accepts.
pub fn by_name(name: &str) -> Option<Box<dyn Target>> {
    let (head, settings) = match name.split_once(':') {
        Some((head, settings)) => (head, parse_settings(settings)?),
        None => (name, Settings::new()),
    };
    let (kind, game) = head.split_once('-')?;
    let game = GameId::from_name(game)?;
    if !KINDS.contains(&kind) || !has_kind(game, kind) {
        return None;
    }
    if !per_variant(kind) && !settings.is_empty() {
        return None;
    }
    with_game!(game, |G| {
        let start = <G as Described>::from_settings(&settings).ok()?;
        let name = name.to_string();
        let target: Box<dyn Target> = match kind {
            "spec" => Box::new(AgentSpecs::new(name, G::catalog())),
            "moves" => {
                let words = notation_words(G::DESCRIPTOR, &start);
                Box::new(MoveNotation::new(name, start, words))
            }
            "position" => {
                let words = position_words(&start);
                Box::new(PositionText::new(name, start, words))
            }
            "records" => {
                let words = notation_words(G::DESCRIPTOR, &start);
                Box::new(Records::<G>::new(name, settings, words))
            }
            "engine" => {
                let seeds = engine_scripts(&start);
                let words = notation_words(G::DESCRIPTOR, &start);
                Box::new(TextProtocol::new(name, start, G::catalog(), seeds, words))
            }
            _ => return None,
        };
        Some(target)
    })
}

/// The most legal moves of the start position taken as words.
const MAX_MOVE_WORDS: usize = 48;

/// Words of a game's move notation: its example, moves legal at `start` (spread over the
/// list, the first and the last among them), their pieces, and for each piece the one past it (`p` after `o`, `16` after `15`),
/// which reaches past the board's edge.
fn notation_words<G: Game>(about: &Descriptor, start: &G) -> Vec<String> {
    let mut legal = Vec::new();
    start.legal_moves(&mut legal);
    let step = legal.len().div_ceil(MAX_MOVE_WORDS).max(1);
    let mut moves: Vec<String> = vec![about.notation.example.to_string()];
    moves.extend(legal.iter().step_by(step).map(|&mv| start.format_move(mv)));
    // The last move too: with the first, it names the board's far corners.
    moves.extend(legal.last().map(|&mv| start.format_move(mv)));
    let mut words = moves.clone();
    for word in &moves {
        for piece in pieces(word) {
            words.push(past(&piece));
            words.push(piece);
        }
    }
    dedup(words)
}

/// Words of a game's position text: the pieces of its start position's text.
fn position_words<G: Game>(start: &G) -> Vec<String> {
    dedup(pieces(&start.to_text()).collect())
}

/// Scripts for `ply engine GAME` from moves legal at the start: moves, a search, take-backs
/// (too many, and not a number), the position of a game under way, the end of a game.
fn engine_scripts<G: Game>(start: &G) -> Vec<String> {
    let mut legal = Vec::new();
    start.legal_moves(&mut legal);
    let (Some(&a), Some(&b)) = (legal.first(), legal.get(legal.len() / 2)) else {
        return vec!["legal_moves".to_string()];
    };
    let (a, b) = (start.format_move(a), start.format_move(b));
    let later = sample_positions(start, 1, 5);
    let later = later.get(later.len() / 2).unwrap_or(start);
    vec![
        format!("play {a}\ngenmove\nundo 2\nwinner\nposition"),
        format!("setposition {}\nlegal_moves\nplay {b}", later.to_text()),
        format!("play {a}\nplay {a}\nundo 5\nundo x\nclear_board"),
        format!("play {a}\nplay {b}\nlegal_moves\nshowboard\ngenmove\ngenmove\nwinner"),
    ]
}

/// Runs of letters, runs of digits, and every other character, of `text`.
fn pieces(text: &str) -> impl Iterator<Item = String> + '_ {
    let class = |c: char| {
        if c.is_alphabetic() {
            0
        } else if c.is_ascii_digit() {
            1
        } else {
            2
        }
    };
    let mut rest = text;
    std::iter::from_fn(move || {
        let first = rest.chars().next()?;
        let len = if class(first) == 2 {
            first.len_utf8()
        } else {
            rest.find(|c| class(c) != class(first))
                .unwrap_or(rest.len())
        };
        let (piece, tail) = rest.split_at(len);
        rest = tail;
        Some(piece.to_string())
    })
}

/// The word one past `piece`: the next number, the next letter; else the piece itself.
fn past(piece: &str) -> String {
    if let Ok(n) = piece.parse::<u64>() {
        return (n + 1).to_string();
    }
    let mut chars = piece.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            char::from_u32(c as u32 + 1).map_or(piece.to_string(), String::from)
        }
        _ => piece.to_string(),
    }
}

/// `words` without repeats, in their first order.
fn dedup(words: Vec<String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        if !word.is_empty() && !kept.contains(&word) {
            kept.push(word);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered game gets every kind of target it has, in its default variant
    /// under its bare name, and each name builds the target it names.
    #[test]
    fn every_registered_game_has_its_targets() {
        let names = names();
        for &game in GameId::ALL {
            for &kind in KINDS {
                let bare = format!("{kind}-{}", game.name());
                assert_eq!(names.contains(&bare), has_kind(game, kind), "{bare}");
            }
            assert!(
                variants(game).len() >= 2,
                "{}: the menus give no variant",
                game.name()
            );
        }
        for name in &names {
            let target = by_name(name).unwrap_or_else(|| panic!("{name} does not build"));
            assert_eq!(target.name(), name);
            assert!(!target.dictionary().is_empty(), "{name}");
        }
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "a name twice");
    }

    /// The variants reach what the hand-written targets reached: Gomoku-sized and
    /// non-square m,n,k boards, four-player Quoridor, three- and six-player halma, Connect
    /// Four's letter columns.
    #[test]
    fn variants_reach_the_boards_the_old_lists_named() {
        let names = names();
        for wanted in [
            "moves-tictactoe:width=19,height=19,k=5",
            "moves-tictactoe:width=19",
            "moves-quoridor:size=13,walls=20,players=4",
            "moves-quoridor:size=3,walls=0",
            "moves-halma:players=3",
            "moves-connect4:width=12,height=8",
        ] {
            assert!(names.iter().any(|n| n == wanted), "{wanted} in {names:?}");
        }
        assert!(names
            .iter()
            .any(|n| n.starts_with("moves-halma:board=star121,players=6,")));
    }

    #[test]
    fn names_outside_the_grammar_build_nothing() {
        for bad in [
            "moves",
            "moves-",
            "moves-chess",
            "tricks-connect4",
            "moves-connect4:width",
            "moves-connect4:width=99",
            "spec-connect4:width=8",
            "engine-quoridor",
        ] {
            assert!(by_name(bad).is_none(), "{bad}");
        }
        assert!(by_name("moves-connect4:width=20").is_some());
    }

    #[test]
    fn words_come_from_the_notation_and_reach_past_the_edge() {
        let gomoku = <ply_tictactoe::TicTacToe as Described>::from_settings(
            &parse_settings("width=15,height=15,k=5").unwrap(),
        )
        .unwrap();
        let words = notation_words(ply_tictactoe::TicTacToe::DESCRIPTOR, &gomoku);
        for word in ["b2", "a1", "a", "1", "o", "p", "15", "16"] {
            assert!(words.iter().any(|w| w == word), "{word} in {words:?}");
        }
        let pieces: Vec<String> = pieces("1,-4 e3h").collect();
        assert_eq!(pieces, ["1", ",", "-", "4", " ", "e", "3", "h"]);
    }
}
