//! Connect Four's own inputs: move sequences (`ply solve`, `--position`) in both column
//! bases on boards of several shapes, and test-set files.

use ply_connect4::notation::ColumnBase;
use ply_connect4::testset::parse_test_set;
use ply_connect4::Connect4;
use ply_core::Game;

use crate::checks::{check_error, check_message, text};
use crate::runner::{seeds_of, Outcome, Target};

pub struct Sequences {
    boards: Vec<Connect4>,
}

impl Sequences {
    pub fn new() -> Self {
        let shapes = [
            (7, 6, 4),
            (4, 4, 3),
            (9, 7, 5),
            (36, 6, 17),
            (1, 255, 3),
            (12, 8, 4),
        ];
        Sequences {
            boards: shapes
                .iter()
                .map(|&(w, h, k)| Connect4::new(w, h, k).expect("a valid shape"))
                .collect(),
        }
    }
}

impl Default for Sequences {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Sequences {
    fn name(&self) -> &str {
        "connect4-sequence"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "4453",
            "",
            "44444444",
            "1234567",
            "7777777",
            "0",
            "a",
            "4444443",
            "12",
            "2252576253462244111563365343671351441",
        ])
    }

    fn dictionary(&self) -> Vec<&str> {
        vec!["1", "4", "7", "9", "0", "a", "f", " ", "44", "4453"]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        let mut signature = String::new();
        for board in &self.boards {
            for base in [ColumnBase::One, ColumnBase::Zero] {
                match board.after_in(&text, base) {
                    Ok(state) => {
                        if state.moves_played() > board.width() * board.height() {
                            return Err(format!("{text:?} played more moves than cells"));
                        }
                        signature.push_str(if state.is_terminal() { "end;" } else { "ok;" });
                    }
                    Err(e) => {
                        let message = e.to_string();
                        check_error(&message, &text)?;
                        signature.push_str(&message);
                    }
                }
            }
        }
        Ok(Outcome::of(&signature))
    }
}

/// Test-set files: `moves score` lines.
pub struct TestSets;

impl Target for TestSets {
    fn name(&self) -> &str {
        "connect4-testset"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut seeds: Vec<Vec<u8>> = ply_connect4::testset::BUNDLED
            .iter()
            .take(4)
            .map(|set| {
                set.text
                    .lines()
                    .take(6)
                    .collect::<Vec<_>>()
                    .join("\n")
                    .into_bytes()
            })
            .collect();
        seeds.push(b"4453 -2\n\n12 x\n".to_vec());
        seeds
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![" ", "\n", "-", "+", "4453"]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        match parse_test_set(&text) {
            Ok(cases) => Ok(Outcome::of(&format!("{} cases", cases.len().min(3)))),
            Err(e) => {
                let message = e.to_string();
                check_message(&message)?;
                // The error names the line it refuses.
                let named = text.lines().any(|line| {
                    !line.trim().is_empty() && crate::checks::names_input(&message, line)
                });
                if !named {
                    return Err(format!("the error does not name a line: {message}"));
                }
                Ok(Outcome::of(&message))
            }
        }
    }
}
