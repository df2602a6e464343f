//! One rule for every per-move time setting of a front end (`--time`, `--time-per-move`,
//! the web API's `time_ms`): the time a user gives is the chosen agent's search budget, not
//! a cap below the agent's own default.
//!
//! - An agent that takes a `time` key and whose spec, as the user wrote it, does not set
//!   one gets `time=` from the flag; this replaces a preset's own time (`champion`'s 100 ms,
//!   `perfect`'s 1 s).
//! - A spec that sets `time=` itself is more specific than the flag: the spec's time is
//!   used, and the front end tells the user so (the [`TimedSpec::note`]).
//! - An agent without a `time` key (a fixed-depth search, `random`, `greedy`) has no budget
//!   to set: the time is a cap on its search, as before.

use std::time::Duration;

use ply_core::Game;

use super::{parse_spec, Catalog, SpecError};

/// An agent spec with a per-move time folded in by [`Catalog::with_time`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimedSpec {
    /// The spec to build.
    pub spec: String,
    /// The time to pass as `SearchLimits::time`: the agent's budget, or a cap for an agent
    /// that has no budget of its own.
    pub limit: Option<Duration>,
    /// Set when the spec's own `time=` wins over the flag: what the user should be told.
    pub note: Option<String>,
}

/// `d` in the duration grammar specs read (`1500ms`, `250us`).
pub fn format_duration(d: Duration) -> String {
    if d.subsec_nanos().is_multiple_of(1_000_000) {
        format!("{}ms", d.as_millis())
    } else {
        format!("{}us", d.as_micros().max(1))
    }
}

impl<G: Game> Catalog<G> {
    /// `spec` with the per-move `time` a front end was given (named `flag` in the note),
    /// following the rule of this module. The spec is checked as a build would check it.
    pub fn with_time(
        &self,
        spec: &str,
        time: Option<Duration>,
        flag: &str,
    ) -> Result<TimedSpec, SpecError> {
        let (entry, _) = self.checked(spec)?;
        let Some(time) = time else {
            return Ok(TimedSpec {
                spec: spec.to_string(),
                limit: None,
                note: None,
            });
        };
        let written = parse_spec(spec, "")?;
        if let Some((_, own)) = written.settings.iter().find(|(k, _)| k == "time") {
            let note = format!(
                "{flag} {} is not used: the agent spec {} sets its own time={own}, which is \
                 more specific",
                format_duration(time),
                ply_core::quote(spec.trim())
            );
            return Ok(TimedSpec {
                spec: spec.to_string(),
                limit: None,
                note: Some(note),
            });
        }
        let takes_time = entry.keys.iter().any(|k| k.key == "time");
        if !takes_time {
            return Ok(TimedSpec {
                spec: spec.to_string(),
                limit: Some(time),
                note: None,
            });
        }
        let joiner = if spec.contains(':') { "," } else { ":" };
        let timed = format!(
            "{}{joiner}time={}",
            spec.trim().trim_end_matches(','),
            format_duration(time)
        );
        // The rewritten spec must still build (it does unless the agent refuses this time).
        self.checked(&timed)?;
        Ok(TimedSpec {
            spec: timed,
            limit: Some(time),
            note: None,
        })
    }
}
