//! What can be wrong with an agent spec, said so that a person can fix it.

use thiserror::Error;

/// A spec that cannot be built. `Display` is the whole message, naming the bad part and
/// listing what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("empty agent spec: write NAME or NAME:key=value,... (agents: {known})")]
    Empty { known: String },

    #[error("unknown agent '{name}' (agents: {known})")]
    UnknownAgent { name: String, known: String },

    #[error("cannot read agent spec '{spec}': {reason}")]
    Malformed { spec: String, reason: String },

    #[error("agent '{agent}' has no key '{key}' (keys: {accepted})")]
    UnknownKey {
        agent: String,
        key: String,
        accepted: String,
    },

    #[error("key '{key}' is given twice in the spec of agent '{agent}'")]
    DuplicateKey { agent: String, key: String },

    #[error("bad value '{value}' for key '{key}' of agent '{agent}': expected {expected}")]
    BadValue {
        agent: String,
        key: String,
        value: String,
        expected: String,
    },

    #[error("unknown {kind} '{value}' for key '{key}' of agent '{agent}' ({kind}s: {known})")]
    UnknownName {
        agent: String,
        key: String,
        kind: String,
        value: String,
        known: String,
    },

    #[error("agent '{agent}': {message}")]
    Agent { agent: String, message: String },
}
