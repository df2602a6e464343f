//! Game records (`ply_core::record`): any text is read as records; every record that replays
//! is written back, read again and replayed to the same position; every refusal is one
//! bounded line.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use ply_core::record::{Record, RecordedMove};
use ply_core::{Described, Settings};

use crate::checks::{check_message, text};
use crate::runner::{Outcome, Target};

/// Records of one game.
pub struct Records<G: Described> {
    name: String,
    settings: Settings,
    seeds: Vec<Vec<u8>>,
    /// Words of the game's notation.
    words: Vec<String>,
    _game: std::marker::PhantomData<G>,
}

impl<G: Described> Records<G> {
    /// Records of the variant `settings` give, with `words` of the game's notation.
    pub fn new(name: String, settings: Settings, words: Vec<String>) -> Self {
        let start = G::from_settings(&settings).expect("the target's settings are valid");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seeds = Vec::new();
        let mut legal = Vec::new();
        for game in 0..4 {
            let mut state = start.clone();
            let mut record = Record::for_game(&start, &settings);
            for ply in 0..(10 + 10 * game) {
                state.legal_moves(&mut legal);
                let Some(&mv) = legal.choose(&mut rng) else {
                    break;
                };
                let mut recorded = RecordedMove::new(state.format_move(mv));
                if ply % 2 == 1 {
                    recorded.value = Some(ply as f64 - 3.5);
                }
                record.moves.push(recorded);
                state.play(mv);
            }
            record.set_result(state.outcome().as_ref(), "a reason");
            seeds.push(record.to_string().into_bytes());
        }
        seeds.push(b"[Game \"x\"]\n[Note \"a \\\"quoted\\\" \\\\ value\"]\n\n1. a {value=1 time=0.5s}\n*\n".to_vec());
        Records {
            name,
            settings,
            seeds,
            words,
            _game: std::marker::PhantomData,
        }
    }
}

impl<G: Described> Target for Records<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        self.seeds.clone()
    }

    fn dictionary(&self) -> Vec<&str> {
        let mut words = vec![
            "[",
            "]",
            "\"",
            "\\",
            "{",
            "}",
            "\n",
            "1.",
            "value=",
            "time=",
            "s",
            "-",
            "1/2",
            "*",
            "[Game \"",
            "[Position \"",
            "[Settings \"",
            "#",
            "=",
            "NaN",
            "1e309",
        ];
        words.extend(self.words.iter().map(String::as_str));
        words
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        let records = match Record::parse_all(&text) {
            Ok(records) => records,
            Err(e) => {
                let message = e.to_string();
                check_message(&message)?;
                return Ok(Outcome::of(&message));
            }
        };
        let mut summary = String::new();
        for record in &records {
            // Written, read and written again gives the same text (times are written to the
            // millisecond, so the first writing may round them).
            let written = record.to_string();
            let again = Record::parse(&written).map_err(|e| {
                format!("a record read from {text:?} is written {written:?}, which is refused: {e}")
            })?;
            if again.to_string() != written || again.tags != record.tags {
                return Err(format!("{written:?} reads back differently"));
            }
            match record.replay::<G>() {
                Ok(replay) => {
                    let replayed = again
                        .replay::<G>()
                        .map_err(|e| format!("{written:?} replayed once, then not: {e}"))?;
                    if replayed.end != replay.end {
                        return Err(format!("{written:?} replays to two positions"));
                    }
                    summary.push_str(&format!("ok {} moves;", replay.moves.len()));
                }
                Err(e) => {
                    let message = e.to_string();
                    check_message(&message)?;
                    summary.push_str(&message);
                }
            }
        }
        let _ = &self.settings;
        Ok(Outcome::of(&summary))
    }
}
