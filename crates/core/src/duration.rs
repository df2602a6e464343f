//! The one duration grammar every flag, agent setting and protocol option of `ply` reads.
//!
//! A duration is a non-negative decimal number (`750`, `1.5`, `.5`, `2e3`) followed by a
//! unit, with optional spaces between them; upper and lower case are the same:
//!
//! | unit            | meaning      |
//! |-----------------|--------------|
//! | `us` or `µs`    | microseconds |
//! | `ms`            | milliseconds |
//! | `s` or `sec`    | seconds      |
//! | `m` or `min`    | minutes      |
//!
//! e.g. `750ms`, `2s`, `1.5s`, `500us`, `1m`. The value is rounded to the nearest
//! nanosecond. The longest duration is [`MAX_DURATION`], one year (31536000 s); a longer one,
//! a negative one, `inf` or `NaN` is refused with a [`DurationError`] that quotes the input.
//!
//! [`parse_duration`] requires the unit: a bare number is refused (its unit would be a guess).
//! [`parse_seconds`] is for the few options documented as "a number of seconds" (QTP's
//! `-move-time`): there a bare number means seconds, and a unit may still be given.

use std::time::Duration;

pub use crate::quote::Quoted;

/// The longest duration accepted anywhere: one year of 365 days.
pub const MAX_DURATION: Duration = Duration::from_secs(MAX_SECONDS);

const MAX_SECONDS: u64 = 31_536_000;

/// The grammar in one sentence, for error messages and help texts.
pub const GRAMMAR: &str = "a duration is a non-negative number followed by a unit: \
us (or µs), ms, s or m (or min), e.g. 750ms, 2s or 1.5m, at most 1 year (31536000s)";

/// Why a text is not a duration. Each message quotes the input and states the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// Nothing at all was given.
    #[error("no duration given: {GRAMMAR}")]
    Empty,
    /// A number without a unit where a unit is required.
    #[error(
        "{input} has no unit: write e.g. '{n}s' or '{n}ms' ({GRAMMAR})",
        n = .number.as_str()
    )]
    MissingUnit { input: Quoted, number: Quoted },
    /// A number followed by something that is not a unit.
    #[error("{input}: {unit} is not a unit of time ({GRAMMAR})")]
    UnknownUnit { input: Quoted, unit: Quoted },
    /// Not a number followed by a unit at all.
    #[error("{input} is not a duration: {GRAMMAR}")]
    Malformed { input: Quoted },
    /// A negative number.
    #[error("{input} is negative: a duration must be from 0 to 1 year (31536000s)")]
    Negative { input: Quoted },
    /// `inf`, `NaN` and the like.
    #[error("{input} is not a finite number: a duration must be from 0 to 1 year (31536000s)")]
    NotFinite { input: Quoted },
    /// More than [`MAX_DURATION`].
    #[error("{input} is longer than the maximum of 1 year (31536000s)")]
    TooLong { input: Quoted },
}

/// Reads a duration with a unit: `750ms`, `2s`, `1.5s`, `500us`, `1m` (see the module
/// documentation for the grammar). A bare number is refused.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    parse(text, false)
}

/// Reads a number of seconds (`30`, `2.5`), or a duration with a unit (`750ms`): for the
/// options documented as taking seconds. Same limits as [`parse_duration`].
pub fn parse_seconds(text: &str) -> Result<Duration, DurationError> {
    parse(text, true)
}

/// A number of seconds given as a float, checked like a parsed one: finite, not negative,
/// at most [`MAX_DURATION`]. Never panics.
pub fn from_secs_f64(seconds: f64) -> Result<Duration, DurationError> {
    let input = || Quoted::new(&format!("{seconds}s"));
    if seconds.is_nan() || seconds.is_infinite() {
        return Err(DurationError::NotFinite { input: input() });
    }
    if seconds < 0.0 {
        return Err(DurationError::Negative { input: input() });
    }
    if seconds > MAX_SECONDS as f64 {
        return Err(DurationError::TooLong { input: input() });
    }
    let nanos = (seconds * 1e9).round();
    Ok(Duration::from_nanos(nanos as u64).min(MAX_DURATION))
}

fn parse(text: &str, bare_is_seconds: bool) -> Result<Duration, DurationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(DurationError::Empty);
    }
    let input = || Quoted::new(trimmed);
    // Where the number ends: digits, a point, and an exponent `e[+-]digits`.
    let bytes = trimmed.as_bytes();
    let mut end = 0;
    if matches!(bytes.first(), Some(b'-')) {
        // Checked below so that the message says "negative" rather than "malformed".
        end = 1;
    }
    while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
        end += 1;
    }
    let mantissa_digits = trimmed[..end].bytes().filter(u8::is_ascii_digit).count();
    if mantissa_digits > 0 && end < bytes.len() && matches!(bytes[end], b'e' | b'E') {
        let mut e = end + 1;
        if e < bytes.len() && matches!(bytes[e], b'+' | b'-') {
            e += 1;
        }
        let digits_start = e;
        while e < bytes.len() && bytes[e].is_ascii_digit() {
            e += 1;
        }
        if e > digits_start {
            end = e;
        }
    }
    let (number, unit) = trimmed.split_at(end);
    if mantissa_digits == 0 {
        let lower = trimmed.to_lowercase();
        let word = lower.trim_start_matches(['-', '+']);
        if ["inf", "infinity", "nan"]
            .iter()
            .any(|w| word.starts_with(w))
        {
            return Err(DurationError::NotFinite { input: input() });
        }
        return Err(DurationError::Malformed { input: input() });
    }
    let value: f64 = number
        .parse()
        .map_err(|_| DurationError::Malformed { input: input() })?;
    if number.starts_with('-') {
        return Err(DurationError::Negative { input: input() });
    }
    let unit = unit.trim_start();
    let scale = match unit.to_lowercase().as_str() {
        "" if bare_is_seconds => 1.0,
        "" => {
            return Err(DurationError::MissingUnit {
                input: input(),
                number: Quoted::new(number),
            })
        }
        "us" | "µs" | "μs" => 1e-6,
        "ms" => 1e-3,
        "s" | "sec" => 1.0,
        "m" | "min" => 60.0,
        _ => {
            return Err(DurationError::UnknownUnit {
                input: input(),
                unit: Quoted::new(unit),
            })
        }
    };
    if !value.is_finite() {
        return Err(DurationError::TooLong { input: input() });
    }
    let seconds = value * scale;
    if seconds > MAX_SECONDS as f64 {
        return Err(DurationError::TooLong { input: input() });
    }
    from_secs_f64(seconds).map_err(|_| DurationError::TooLong { input: input() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn accepted_forms() {
        for (text, want) in [
            ("750ms", ms(750)),
            ("2s", ms(2000)),
            ("1.5s", ms(1500)),
            ("0.1s", ms(100)),
            (".5s", ms(500)),
            ("5.s", ms(5000)),
            ("500us", Duration::from_micros(500)),
            ("500µs", Duration::from_micros(500)),
            ("1m", ms(60_000)),
            ("1.5min", ms(90_000)),
            ("3sec", ms(3000)),
            ("2e3ms", ms(2000)),
            ("1E-3s", ms(1)),
            ("  750 ms ", ms(750)),
            ("750MS", ms(750)),
            ("0s", Duration::ZERO),
            ("0.0000001us", Duration::ZERO),
            ("31536000s", MAX_DURATION),
            ("525600m", MAX_DURATION),
        ] {
            assert_eq!(parse_duration(text), Ok(want), "{text}");
            assert_eq!(parse_seconds(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn a_bare_number_is_seconds_only_where_documented() {
        assert_eq!(parse_seconds("30"), Ok(ms(30_000)));
        assert_eq!(parse_seconds("2.5"), Ok(ms(2500)));
        assert_eq!(parse_seconds("31536000"), Ok(MAX_DURATION));
        let e = parse_duration("2").unwrap_err();
        assert_eq!(
            e,
            DurationError::MissingUnit {
                input: Quoted::new("2"),
                number: Quoted::new("2")
            }
        );
        let message = e.to_string();
        assert!(message.contains("'2' has no unit"), "{message}");
        assert!(message.contains("'2s'"), "{message}");
    }

    #[test]
    fn rejected_forms_name_the_input_and_the_rule() {
        for (text, kind, says) in [
            ("", "empty", "no duration given"),
            ("   ", "empty", "no duration given"),
            ("fast", "malformed", "'fast' is not a duration"),
            ("s", "malformed", "'s' is not a duration"),
            (".s", "malformed", "'.s' is not a duration"),
            ("1.2.3s", "malformed", "'1.2.3s' is not a duration"),
            ("+2s", "malformed", "'+2s' is not a duration"),
            ("-0s", "negative", "'-0s' is negative"),
            ("2 s s", "unit", "'2 s s': 's s' is not a unit of time"),
            ("2h", "unit", "'h' is not a unit of time"),
            ("2ns", "unit", "'ns' is not a unit of time"),
            ("2es", "unit", "'es' is not a unit of time"),
            ("-1s", "negative", "'-1s' is negative"),
            ("-0.5ms", "negative", "'-0.5ms' is negative"),
            ("inf", "finite", "'inf' is not a finite number"),
            ("-infs", "finite", "'-infs' is not a finite number"),
            ("NaNs", "finite", "'NaNs' is not a finite number"),
            (
                "1e20s",
                "long",
                "'1e20s' is longer than the maximum of 1 year",
            ),
            ("1e19s", "long", "'1e19s' is longer"),
            ("1.7e19s", "long", "'1.7e19s' is longer"),
            ("31536000.5s", "long", "longer"),
            ("525601m", "long", "longer"),
            ("1e400s", "long", "'1e400s' is longer"),
            ("99999999999999999999999999999999s", "long", "longer"),
        ] {
            for result in [parse_duration(text), parse_seconds(text)] {
                let e = result.expect_err(text);
                let matches_kind = match kind {
                    "empty" => matches!(e, DurationError::Empty),
                    "malformed" => matches!(e, DurationError::Malformed { .. }),
                    "unit" => matches!(e, DurationError::UnknownUnit { .. }),
                    "negative" => matches!(e, DurationError::Negative { .. }),
                    "finite" => matches!(e, DurationError::NotFinite { .. }),
                    _ => matches!(e, DurationError::TooLong { .. }),
                };
                assert!(matches_kind, "{text}: {e:?}");
                let message = e.to_string();
                assert!(message.contains(says), "{text}: {message}");
                assert!(
                    message.contains("1 year") || message.contains("unit"),
                    "{text}: the rule is stated: {message}"
                );
            }
        }
        assert!(parse_seconds("-3")
            .unwrap_err()
            .to_string()
            .contains("negative"));
        assert!(parse_seconds("5e18")
            .unwrap_err()
            .to_string()
            .contains("longer"));
    }

    #[test]
    fn errors_quote_at_most_80_characters_and_escape_control_characters() {
        let long = "x".repeat(10_000);
        let message = parse_duration(&long).unwrap_err().to_string();
        assert!(
            message.contains(&format!("'{}…'", "x".repeat(80))),
            "{message}"
        );
        assert!(message.len() < 400, "{message}");
        let message = parse_duration("2\u{7}s").unwrap_err().to_string();
        assert!(message.contains("\\u{7}"), "{message}");
        // Multi-byte characters are cut on a character boundary.
        let wide = "é".repeat(200);
        assert!(parse_duration(&wide).is_err());
    }

    #[test]
    fn floats_are_checked_the_same_way() {
        assert_eq!(from_secs_f64(1.5), Ok(ms(1500)));
        assert_eq!(from_secs_f64(0.0), Ok(Duration::ZERO));
        assert_eq!(from_secs_f64(31_536_000.0), Ok(MAX_DURATION));
        for bad in [
            -1.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            5e18,
            1e300,
        ] {
            let e = from_secs_f64(bad).expect_err("refused");
            assert!(e.to_string().contains("1 year"), "{bad}: {e}");
        }
    }
}
