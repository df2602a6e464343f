//! What the engine remembers of the game it is playing.
//!
//! A referee sends each position whole (`position cells …`) and never says which game it
//! belongs to. When a position is one opponent move away from where the engine's last
//! answer led, it continues that game: the engine hands the rules the game's earlier
//! positions, so that its search sees a third repetition as the draw it is and does not
//! shuffle back and forth when it is ahead. Any other position starts a new game.

use ply_core::Game;

use crate::board::Halma;

/// The game so far, as far as the engine saw it.
#[derive(Debug, Default)]
pub struct GameMemory {
    /// The repetition keys of the game's positions before the one being played, oldest
    /// first.
    keys: Vec<u64>,
    /// The position the engine's last answer led to (the opponent to move).
    after_answer: Option<Halma>,
}

impl GameMemory {
    /// Forgets the game (a position given by its moves carries its own history).
    pub fn forget(&mut self) {
        self.keys.clear();
        self.after_answer = None;
    }

    /// The engine answered `answer` in `root`.
    pub fn answered(&mut self, root: &Halma, answer: &str) {
        let mut after = root.clone();
        match after.play_notation(answer) {
            Ok(_) => {
                self.keys.push(root.repetition_key());
                self.after_answer = Some(after);
            }
            Err(_) => self.forget(),
        }
    }

    /// `position` as the engine should play it: with the game's earlier positions when it
    /// continues the game, alone otherwise. A position the history would end (its third
    /// occurrence) is played alone: the referee, not the engine, ends games.
    pub fn continue_with(&mut self, position: Halma) -> Halma {
        let continues = self
            .after_answer
            .as_ref()
            .is_some_and(|after| follows(after, &position));
        if !continues {
            self.forget();
            return position;
        }
        let after = self.after_answer.take().expect("checked above");
        self.keys.push(after.repetition_key());
        let continued = position.clone().with_history(self.keys.clone());
        if continued.is_terminal() && !position.is_terminal() {
            self.forget();
            return position;
        }
        continued
    }
}

/// Whether one legal move leads from `before` to `after` (the same pegs, player and ply).
fn follows(before: &Halma, after: &Halma) -> bool {
    if after.ply() != before.ply() + 1 {
        return false;
    }
    let mut moves = Vec::new();
    before.legal_moves(&mut moves);
    moves.into_iter().any(|mv| {
        let mut next = before.clone();
        next.play(mv);
        next.to_move() == after.to_move()
            && (0..next.num_players()).all(|p| next.pegs(p) == after.pegs(p))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardKind;
    use crate::settings::HalmaSettings;

    /// `state` as a referee would send it: its pegs, player and ply alone.
    fn resent(state: &Halma) -> Halma {
        let text = state.to_text();
        state
            .from_text(text.trim_end_matches(" repetition"))
            .unwrap()
    }

    #[test]
    fn a_continued_game_keeps_its_history_and_a_new_one_does_not() {
        let start = Halma::with_settings(BoardKind::Star121, 2, HalmaSettings::ccerl()).unwrap();
        let mut memory = GameMemory::default();
        let mut game = start.clone();
        let mut root = memory.continue_with(resent(&game));
        for (round, (mine, theirs)) in [("6-15", "114-105"), ("15-6", "105-114")]
            .iter()
            .cycle()
            .take(3)
            .enumerate()
        {
            memory.answered(&root, mine);
            game.play_notation(mine).unwrap();
            game.play_notation(theirs).unwrap();
            root = memory.continue_with(resent(&game));
            assert_eq!(root.occurrences(), [1, 2, 2][round], "round {round}");
            assert!(!root.is_terminal());
        }
        // The start a third time would end the game: it is played alone, afresh.
        memory.answered(&root, "15-6");
        game.play_notation("15-6").unwrap();
        game.play_notation("105-114").unwrap();
        assert!(game.is_terminal(), "the rules draw the game");
        let third = memory.continue_with(resent(&game));
        assert!(!third.is_terminal());
        assert_eq!(third.occurrences(), 1);
        // A position that does not follow from the last answer starts a new game.
        memory.answered(&third, "6-15");
        let unrelated = memory.continue_with(start.clone());
        assert_eq!(unrelated.occurrences(), 1);
        assert!(memory.keys.is_empty());
    }
}
