//! The `key=value` settings of one agent spec, with typed getters.

use std::time::Duration;

use ply_core::duration::{DurationError, Quoted};

use super::error::SpecError;

/// What a key's value reaches beyond the search's own settings: a front end that takes
/// specs from others (`ply serve`) refuses or caps the keys that are not [`KeyKind::Plain`],
/// and knows which they are from here, where each key is declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyKind {
    /// A setting of the search alone (depth, time, evaluator, …).
    Plain,
    /// A path the agent opens: reads, creates or appends to. Its default must name no file.
    File,
    /// A number of threads the agent starts: a whole number (or a word such as `auto`).
    Threads,
    /// The size of a table the agent allocates; the agent declares the memory it takes
    /// ([`Catalog::set_table_memory`](super::Catalog::set_table_memory)), which is what a
    /// front end weighs.
    Memory,
    /// A network model: the name of a model bundled with the game (`ply_core::Encode::MODELS`)
    /// or the path of a model file. A front end that takes specs from others accepts only
    /// the bundled names (and the default, which names no file).
    Model,
}

/// One setting an agent accepts, with its default (as it would be written in a spec), a
/// line of help for `ply list`, and its [`KeyKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyInfo {
    pub key: &'static str,
    pub default: &'static str,
    pub help: &'static str,
    pub kind: KeyKind,
}

impl KeyInfo {
    /// A [`KeyKind::Plain`] key.
    pub const fn new(key: &'static str, default: &'static str, help: &'static str) -> Self {
        KeyInfo {
            key,
            default,
            help,
            kind: KeyKind::Plain,
        }
    }

    /// The same key, of `kind`.
    pub const fn of_kind(self, kind: KeyKind) -> Self {
        KeyInfo { kind, ..self }
    }
}

/// Words that mean "no value: let the agent decide" for the optional getters.
const UNSET: [&str; 3] = ["auto", "none", ""];

/// The settings given for one agent, checked against the keys it declares.
///
/// Every getter reads the user's value, or else the key's declared default; a value that
/// does not parse is a [`SpecError::BadValue`] naming the key and what it expects.
#[derive(Debug, Clone)]
pub struct Params {
    agent: String,
    keys: Vec<KeyInfo>,
    values: Vec<(String, String)>,
}

impl Params {
    /// Settings `values` for `agent`, which accepts `keys`. Unknown and repeated keys are
    /// errors.
    pub fn new(
        agent: &str,
        keys: &[KeyInfo],
        values: Vec<(String, String)>,
    ) -> Result<Self, SpecError> {
        for (i, (key, _)) in values.iter().enumerate() {
            if !keys.iter().any(|k| k.key == key) {
                return Err(SpecError::UnknownKey {
                    agent: agent.to_string(),
                    key: key.clone(),
                    accepted: if keys.is_empty() {
                        "none".to_string()
                    } else {
                        keys.iter().map(|k| k.key).collect::<Vec<_>>().join(", ")
                    },
                });
            }
            if values[..i].iter().any(|(k, _)| k == key) {
                return Err(SpecError::DuplicateKey {
                    agent: agent.to_string(),
                    key: key.clone(),
                });
            }
        }
        Ok(Params {
            agent: agent.to_string(),
            keys: keys.to_vec(),
            values,
        })
    }

    /// The agent these settings are for.
    pub fn agent(&self) -> &str {
        &self.agent
    }

    /// Whether the user gave `key` explicitly.
    pub fn is_set(&self, key: &str) -> bool {
        self.values.iter().any(|(k, _)| k == key)
    }

    /// The settings the user gave, in order.
    pub fn given(&self) -> &[(String, String)] {
        &self.values
    }

    /// Every key the agent declares, given or not.
    pub fn keys(&self) -> &[KeyInfo] {
        &self.keys
    }

    /// The user's value for `key`, or its default.
    pub fn str(&self, key: &str) -> Result<&str, SpecError> {
        if let Some((_, v)) = self.values.iter().find(|(k, _)| k == key) {
            return Ok(v);
        }
        self.keys
            .iter()
            .find(|k| k.key == key)
            .map(|k| k.default)
            .ok_or_else(|| SpecError::Agent {
                agent: self.agent.clone(),
                message: format!("the agent reads key '{key}' but does not declare it"),
            })
    }

    /// A [`SpecError::BadValue`] for `key`, for checks a factory makes itself.
    pub fn bad_value(&self, key: &str, expected: &str) -> SpecError {
        SpecError::BadValue {
            agent: self.agent.clone(),
            key: key.to_string(),
            // Cut to 80 characters, control characters escaped.
            value: Quoted::new(self.str(key).unwrap_or_default())
                .as_str()
                .to_string(),
            expected: expected.to_string(),
        }
    }

    fn parsed<T: std::str::FromStr>(&self, key: &str, expected: &str) -> Result<T, SpecError> {
        self.str(key)?
            .trim()
            .parse()
            .map_err(|_| self.bad_value(key, expected))
    }

    fn optional<T>(
        &self,
        key: &str,
        read: impl Fn(&Self) -> Result<T, SpecError>,
    ) -> Result<Option<T>, SpecError> {
        let text = self.str(key)?.trim().to_ascii_lowercase();
        if UNSET.contains(&text.as_str()) {
            Ok(None)
        } else {
            read(self).map(Some)
        }
    }

    pub fn u32(&self, key: &str) -> Result<u32, SpecError> {
        self.parsed(key, "a whole number from 0 to 4294967295")
    }

    pub fn u64(&self, key: &str) -> Result<u64, SpecError> {
        self.parsed(key, "a whole number ≥ 0")
    }

    /// A finite number (`2`, `1.41`, `0.1`).
    pub fn f64(&self, key: &str) -> Result<f64, SpecError> {
        let value: f64 = self.parsed(key, "a number such as 2 or 1.41")?;
        if value.is_finite() {
            Ok(value)
        } else {
            Err(self.bad_value(key, "a finite number such as 2 or 1.41"))
        }
    }

    /// `true`/`false`, also `on`/`off`, `yes`/`no`, `1`/`0`.
    pub fn bool(&self, key: &str) -> Result<bool, SpecError> {
        match self.str(key)?.trim().to_ascii_lowercase().as_str() {
            "true" | "on" | "yes" | "1" => Ok(true),
            "false" | "off" | "no" | "0" => Ok(false),
            _ => Err(self.bad_value(key, "true or false (or on/off, yes/no, 1/0)")),
        }
    }

    /// A duration with a unit: `750ms`, `2s`, `1.5s`, `500us`, `1m` (the grammar of
    /// [`ply_core::duration`], at most one year).
    pub fn duration(&self, key: &str) -> Result<Duration, SpecError> {
        ply_core::duration::parse_duration(self.str(key)?)
            .map_err(|e| self.bad_value(key, &duration_rule(&e)))
    }

    /// Like [`Params::u32`], but `auto`, `none` or nothing mean "not set".
    pub fn opt_u32(&self, key: &str) -> Result<Option<u32>, SpecError> {
        self.optional(key, |p| p.u32(key))
    }

    /// Like [`Params::u64`], but `auto`, `none` or nothing mean "not set".
    pub fn opt_u64(&self, key: &str) -> Result<Option<u64>, SpecError> {
        self.optional(key, |p| p.u64(key))
    }

    /// Like [`Params::duration`], but `auto`, `none` or nothing mean "not set".
    pub fn opt_duration(&self, key: &str) -> Result<Option<Duration>, SpecError> {
        self.optional(key, |p| p.duration(key))
    }
}

/// Reads a duration in the grammar of [`ply_core::duration`] (`750ms`, `2s`, `1.5s`,
/// `500us`, `1m`, at most one year); `None` for anything else, a bare number included (its
/// unit would be a guess). Kept for callers that add their own message; [`Params::duration`]
/// says exactly what is wrong.
pub fn parse_duration(text: &str) -> Option<Duration> {
    ply_core::duration::parse_duration(text).ok()
}

/// What a duration setting expects, given why the value was refused.
fn duration_rule(error: &DurationError) -> String {
    match error {
        DurationError::MissingUnit { number, .. } => format!(
            "a duration with a unit, such as {n}s or {n}ms (750ms, 2s, 1.5s): a bare number's \
             unit would be a guess",
            n = number.as_str()
        ),
        DurationError::TooLong { .. } => "a duration of at most 1 year (31536000s)".to_string(),
        DurationError::Negative { .. } | DurationError::NotFinite { .. } => {
            "a duration from 0 to 1 year (31536000s), such as 750ms or 2s".to_string()
        }
        DurationError::UnknownUnit { unit, .. } => format!(
            "a duration with a unit us (or µs), ms, s or m (or min), such as 750ms or 2s, \
             not {unit}"
        ),
        DurationError::Empty | DurationError::Malformed { .. } => {
            "a duration: a non-negative number followed by a unit us (or µs), ms, s or m \
             (or min), such as 750ms, 2s or 1.5s, at most 1 year"
                .to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcts(time: &str) -> Params {
        const KEYS: &[KeyInfo] = &[KeyInfo::new("time", "none", "time per move")];
        Params::new("mcts", KEYS, vec![("time".to_string(), time.to_string())]).unwrap()
    }

    #[test]
    fn durations_follow_the_shared_grammar() {
        assert_eq!(
            mcts("750ms").duration("time"),
            Ok(Duration::from_millis(750))
        );
        assert_eq!(
            mcts("1.5s").duration("time"),
            Ok(Duration::from_millis(1500))
        );
        assert_eq!(mcts("none").opt_duration("time"), Ok(None));
        assert_eq!(parse_duration("2s"), Some(Duration::from_secs(2)));
        assert_eq!(parse_duration("2"), None);
    }

    #[test]
    fn an_overlong_duration_is_refused_naming_key_value_and_limit() {
        // `ply engine tictactoe --time 1e20s` and `time=1e19s` overflowed deadlines.
        for value in ["1e20s", "1e19s", "1.7e19s", "31536001s"] {
            let e = mcts(value).duration("time").unwrap_err();
            assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
            let message = e.to_string();
            assert!(message.contains(&format!("'{value}'")), "{message}");
            assert!(message.contains("'time'"), "{message}");
            assert!(message.contains("at most 1 year"), "{message}");
            assert_eq!(parse_duration(value), None);
        }
    }

    #[test]
    fn each_refusal_says_what_is_expected() {
        for (value, says) in [
            ("5", "such as 5s or 5ms"),
            ("-1s", "from 0 to 1 year"),
            ("nan", "from 0 to 1 year"),
            ("2h", "not 'h'"),
            ("fast", "a non-negative number followed by a unit"),
        ] {
            let message = mcts(value).duration("time").unwrap_err().to_string();
            assert!(message.contains(says), "{value}: {message}");
        }
    }

    #[test]
    fn a_long_value_is_quoted_cut_short() {
        let value = "9".repeat(5000);
        let message = mcts(&value).duration("time").unwrap_err().to_string();
        assert!(message.len() < 400, "{message}");
    }
}
