//! CCP's commands as the engine reads them: one line, one [`Command`], or an error naming
//! what is wrong. Words are separated by any run of spaces or tabs; command names and
//! keywords are case-insensitive, values are not.

use std::time::Duration;

use ply_core::quote;

/// The commands the engine knows, for messages.
pub const COMMANDS: &[&str] = &[
    "ccp",
    "protocol",
    "isready",
    "setoption",
    "position",
    "go",
    "stop",
    "quit",
    "analyze",
];

/// The longest time a `go` may name: a year, in milliseconds (a deadline further away
/// could not be represented on every platform).
pub const MAX_MILLIS: u64 = 365 * 24 * 3600 * 1000;

/// The deepest `go depth`.
pub const MAX_DEPTH: u32 = 64;

/// The most moves `analyze topk` lists.
pub const MAX_TOPK: usize = 256;

/// One parsed line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `ccp`: the handshake (identify, list the options, then `ccpok`).
    Ccp,
    /// `protocol`: the protocol's name and version.
    Protocol,
    /// `isready`: answered `readyok`, even during a search.
    IsReady,
    /// `setoption name NAME [value VALUE]`.
    SetOption { name: String, value: Option<String> },
    /// `position startpos|cells … player … ply … [moves M…]`.
    Position {
        /// `None` for `startpos`, else the position text (`cells … player … ply …`).
        cells: Option<String>,
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoLimits),
    /// `stop`: answer the running search's move now.
    Stop,
    /// `quit`.
    Quit,
    /// `analyze topk N`: the N best moves with a value and a share each, as one JSON line.
    Analyze { topk: usize },
}

/// What a `go` asks for; every field is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoLimits {
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// Player 0's and player 1's clocks and increments (`wtime`, `btime`, `winc`, `binc`).
    pub time: [Option<Duration>; 2],
    pub increment: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub movestogo: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl GoLimits {
    /// Whether anything but `stop` bounds the search.
    pub fn is_bounded(&self) -> bool {
        self.movetime.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
            || self.time.iter().any(Option::is_some)
    }
}

/// A line that is not a command the engine can carry out; the message names the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String);

fn fail<T>(message: String) -> Result<T, CommandError> {
    Err(CommandError(message))
}

impl Command {
    /// Reads one line (without its line end). `Ok(None)` for a blank line.
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Ok(None);
        };
        let name = first.to_ascii_lowercase();
        let no_arguments = |command: Command| {
            if rest.is_empty() {
                Ok(command)
            } else {
                fail(format!(
                    "{name} takes no arguments, not {}",
                    quote(&rest.join(" "))
                ))
            }
        };
        let command = match name.as_str() {
            "ccp" => no_arguments(Command::Ccp)?,
            "protocol" => no_arguments(Command::Protocol)?,
            "isready" => no_arguments(Command::IsReady)?,
            "stop" => no_arguments(Command::Stop)?,
            "quit" => no_arguments(Command::Quit)?,
            "setoption" => parse_setoption(rest)?,
            "position" => parse_position(rest)?,
            "go" => Command::Go(parse_go(rest)?),
            "analyze" => parse_analyze(rest)?,
            _ => {
                return fail(format!(
                    "unknown command {} (commands: {})",
                    quote(first),
                    COMMANDS.join(", ")
                ))
            }
        };
        Ok(Some(command))
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    let usage = "setoption name NAME [value VALUE]";
    if !rest.first().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
        return fail(format!("setoption needs a name: {usage}"));
    }
    let rest = &rest[1..];
    let split = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    if name.is_empty() {
        return fail(format!("setoption needs a name: {usage}"));
    }
    if value.is_some_and(|v| v.is_empty()) {
        return fail(format!(
            "setoption name {}: 'value' needs a value ({usage})",
            quote(&name.join(" "))
        ));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.map(|v| v.join(" ")),
    })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let usage = "position startpos | position cells C121 player P ply N, then optionally \
                 moves M1 M2 …";
    let split = rest.iter().position(|w| w.eq_ignore_ascii_case("moves"));
    let (base, moves) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let cells = match base {
        [] => return fail(format!("position needs a position: {usage}")),
        [word] if word.eq_ignore_ascii_case("startpos") => None,
        [word, ..] if word.eq_ignore_ascii_case("cells") => Some(base.join(" ")),
        [word, ..] => {
            return fail(format!(
                "position {}: expected startpos or cells ({usage})",
                quote(word)
            ))
        }
    };
    Ok(Command::Position {
        cells,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn number(keyword: &str, text: Option<&&str>, max: u64) -> Result<u64, CommandError> {
    let Some(text) = text else {
        return fail(format!("go {keyword} needs a number"));
    };
    match text.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => fail(format!(
            "go {keyword} {}: expected a whole number from 0 to {max}",
            quote(text)
        )),
    }
}

fn parse_go(rest: &[&str]) -> Result<GoLimits, CommandError> {
    let mut limits = GoLimits::default();
    let mut seen: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let keyword = rest[i].to_ascii_lowercase();
        if seen.contains(&keyword) {
            return fail(format!("go {keyword} is given twice"));
        }
        let value = rest.get(i + 1);
        let millis = |max| number(&keyword, value, max).map(Duration::from_millis);
        match keyword.as_str() {
            "movetime" => limits.movetime = Some(millis(MAX_MILLIS)?),
            "wtime" => limits.time[0] = Some(millis(MAX_MILLIS)?),
            "btime" => limits.time[1] = Some(millis(MAX_MILLIS)?),
            "winc" => limits.increment[0] = Some(millis(MAX_MILLIS)?),
            "binc" => limits.increment[1] = Some(millis(MAX_MILLIS)?),
            "nodes" => limits.nodes = Some(number(&keyword, value, u64::MAX)?),
            "movestogo" => limits.movestogo = Some(number(&keyword, value, u32::MAX as u64)?),
            "depth" => {
                let depth = number(&keyword, value, MAX_DEPTH as u64)?;
                if depth == 0 {
                    return fail(format!("go depth 0: the depth is from 1 to {MAX_DEPTH}"));
                }
                limits.depth = Some(depth as u32);
            }
            "infinite" => {
                limits.infinite = true;
                i += 1;
                seen.push(keyword);
                continue;
            }
            _ => {
                return fail(format!(
                    "go {}: expected movetime, nodes, depth, wtime, btime, winc, binc, \
                     movestogo or infinite",
                    quote(rest[i])
                ))
            }
        }
        seen.push(keyword);
        i += 2;
    }
    Ok(limits)
}

fn parse_analyze(rest: &[&str]) -> Result<Command, CommandError> {
    match rest {
        [word, n] if word.eq_ignore_ascii_case("topk") => match n.parse::<usize>() {
            Ok(k) if (1..=MAX_TOPK).contains(&k) => Ok(Command::Analyze { topk: k }),
            _ => fail(format!(
                "analyze topk {}: expected a whole number from 1 to {MAX_TOPK}",
                quote(n)
            )),
        },
        [] => Ok(Command::Analyze { topk: 10 }),
        _ => fail(format!(
            "analyze {}: expected analyze topk N",
            quote(&rest.join(" "))
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Command {
        Command::parse(line).unwrap().unwrap()
    }

    #[test]
    fn commands_and_their_arguments() {
        assert_eq!(Command::parse("   ").unwrap(), None);
        assert_eq!(parse("CCP"), Command::Ccp);
        assert_eq!(parse("isready"), Command::IsReady);
        assert_eq!(
            parse("setoption name Threads value 2"),
            Command::SetOption {
                name: "Threads".into(),
                value: Some("2".into())
            }
        );
        assert_eq!(
            parse("position startpos moves 8-17 112-103"),
            Command::Position {
                cells: None,
                moves: vec!["8-17".into(), "112-103".into()]
            }
        );
        let go = parse("go wtime 600000 btime 500000 winc 10 binc 20 movestogo 30");
        let Command::Go(limits) = go else {
            panic!("{go:?}")
        };
        assert_eq!(
            limits.time,
            [
                Some(Duration::from_secs(600)),
                Some(Duration::from_secs(500))
            ]
        );
        assert_eq!(limits.increment[1], Some(Duration::from_millis(20)));
        assert_eq!(limits.movestogo, Some(30));
        assert_eq!(
            parse("go depth 3 nodes 500"),
            Command::Go(GoLimits {
                depth: Some(3),
                nodes: Some(500),
                ..GoLimits::default()
            })
        );
        assert_eq!(parse("analyze topk 5"), Command::Analyze { topk: 5 });
    }

    #[test]
    fn errors_name_the_input() {
        for (line, needle) in [
            ("fly", "unknown command 'fly'"),
            ("isready now", "takes no arguments"),
            ("go movetime", "needs a number"),
            ("go movetime -5", "'-5'"),
            ("go movetime 99999999999999999999", "from 0 to"),
            ("go depth 0", "from 1 to 64"),
            ("go depth 65", "from 0 to 64"),
            ("go movetime 5 movetime 6", "given twice"),
            ("go sideways 5", "'sideways'"),
            ("position", "needs a position"),
            ("position fen x", "'fen'"),
            ("setoption Threads 2", "needs a name"),
            ("setoption name Threads value", "needs a value"),
            ("analyze topk 0", "from 1 to 256"),
            ("analyze deeply", "'deeply'"),
        ] {
            let err = Command::parse(line).unwrap_err().to_string();
            assert!(err.contains(needle), "{line}: {err}");
        }
    }
}
