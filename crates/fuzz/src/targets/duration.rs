//! The one duration grammar (`ply_core::duration`): flags, agent settings, QTP options.

use ply_core::duration::{parse_duration, parse_seconds};
use ply_core::MAX_DURATION;

use crate::checks::{check_error, text};
use crate::runner::{seeds_of, Outcome, Target};

pub struct Durations;

impl Target for Durations {
    fn name(&self) -> &str {
        "duration"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        seeds_of(&[
            "750ms",
            "2s",
            "1.5s",
            "500us",
            "500µs",
            "1m",
            "2 min",
            "0.5 SEC",
            ".5s",
            "2e3ms",
            "1y",
            "31536000s",
            "31536001s",
            "1e20s",
            "-1s",
            "nan s",
            "inf s",
            "30",
            "",
            "s",
        ])
    }

    fn dictionary(&self) -> Vec<&str> {
        vec![
            "us", "µs", "ms", "s", "sec", "m", "min", "e", "E", ".", "+", "-", "h", "y",
        ]
    }

    fn run(&mut self, input: &[u8]) -> Result<Outcome, String> {
        let text = text(input);
        let mut outcomes = String::new();
        for (name, parsed) in [
            ("parse_duration", parse_duration(&text)),
            ("parse_seconds", parse_seconds(&text)),
        ] {
            match parsed {
                Ok(d) if d > MAX_DURATION => {
                    return Err(format!("{name} accepted {d:?}, over the maximum"))
                }
                Ok(_) => outcomes.push_str("ok;"),
                Err(e) => {
                    let message = e.to_string();
                    check_error(&message, &text)?;
                    outcomes.push_str(&message);
                }
            }
        }
        Ok(Outcome::of(&outcomes))
    }
}
