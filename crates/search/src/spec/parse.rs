//! The spec grammar: `NAME[:key=value,...]`.

use super::error::SpecError;

/// A spec split into its agent name (lower-cased) and its settings (keys lower-cased,
/// values trimmed), in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedSpec {
    pub name: String,
    pub settings: Vec<(String, String)>,
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
}

/// Splits `spec`; `known` lists the agents for the message when it is empty.
pub fn parse_spec(spec: &str, known: &str) -> Result<ParsedSpec, SpecError> {
    let trimmed = spec.trim();
    if trimmed.is_empty() {
        return Err(SpecError::Empty {
            known: known.to_string(),
        });
    }
    let malformed = |reason: String| SpecError::Malformed {
        spec: spec.to_string(),
        reason,
    };
    let (name, rest) = match trimmed.split_once(':') {
        Some((name, rest)) => (name.trim(), Some(rest)),
        None => (trimmed, None),
    };
    if !is_name(name) {
        return Err(malformed(format!(
            "'{name}' is not an agent name (letters, digits, '-', '_' and '.'), \
             expected NAME[:key=value,...]"
        )));
    }
    let mut settings = Vec::new();
    for part in rest.unwrap_or("").split(',') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let Some((key, value)) = part.split_once('=') else {
            return Err(malformed(format!("'{part}' is not key=value")));
        };
        let (key, value) = (key.trim(), value.trim());
        if !is_name(key) {
            return Err(malformed(format!("'{key}' in '{part}' is not a key name")));
        }
        if value.is_empty() {
            return Err(malformed(format!("key '{key}' has no value")));
        }
        settings.push((key.to_ascii_lowercase(), value.to_string()));
    }
    Ok(ParsedSpec {
        name: name.to_ascii_lowercase(),
        settings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_and_settings() {
        let p = parse_spec(" AlphaBeta : depth=9, tt = 16 ,", "").unwrap();
        assert_eq!(p.name, "alphabeta");
        assert_eq!(
            p.settings,
            vec![
                ("depth".to_string(), "9".to_string()),
                ("tt".to_string(), "16".to_string())
            ]
        );
        assert_eq!(parse_spec("random", "").unwrap().settings, vec![]);
    }

    #[test]
    fn rejects_what_is_not_the_grammar() {
        for bad in [
            "", ":depth=3", "a b", "mcts:c", "mcts:=2", "mcts:c=", "x:a=1,b",
        ] {
            assert!(parse_spec(bad, "x").is_err(), "{bad:?} must be rejected");
        }
    }
}
