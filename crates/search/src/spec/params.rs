//! The `key=value` settings of one agent spec, with typed getters.

use std::time::Duration;

use super::error::SpecError;

/// One setting an agent accepts, with its default (as it would be written in a spec) and a
/// line of help for `ply list`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyInfo {
    pub key: &'static str,
    pub default: &'static str,
    pub help: &'static str,
}

impl KeyInfo {
    pub const fn new(key: &'static str, default: &'static str, help: &'static str) -> Self {
        KeyInfo { key, default, help }
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
            value: self.str(key).unwrap_or_default().to_string(),
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

    /// A duration with a unit: `750ms`, `2s`, `1.5s`, `500us`, `1m`.
    pub fn duration(&self, key: &str) -> Result<Duration, SpecError> {
        parse_duration(self.str(key)?)
            .ok_or_else(|| self.bad_value(key, "a duration with a unit, such as 750ms, 2s or 1.5s"))
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

/// Reads `750ms`, `2s`, `1.5s`, `500us`, `1m`; `None` for anything else (a bare number
/// included: its unit would be a guess).
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim().to_ascii_lowercase();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let seconds = match unit.trim() {
        "us" | "µs" => number / 1e6,
        "ms" => number / 1e3,
        "s" | "sec" => number,
        "m" | "min" => number * 60.0,
        _ => return None,
    };
    if seconds.is_finite() && (0.0..=1e7).contains(&seconds) {
        Some(Duration::from_secs_f64(seconds))
    } else {
        None
    }
}
