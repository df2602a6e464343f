//! What can be wrong with an agent spec, said so that a person can fix it.

use ply_core::quote::{quote, tame};
use thiserror::Error;

/// A spec that cannot be built. `Display` is the whole message, naming the bad part and
/// listing what is accepted; inputs are shown by `ply_core::quote` (short, escaped).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("empty agent spec: write NAME or NAME:key=value,... (agents: {known})")]
    Empty { known: String },

    #[error("unknown agent {} (agents: {known})", quote(.name))]
    UnknownAgent { name: String, known: String },

    #[error("cannot read agent spec {}: {}", quote(.spec), tame(.reason))]
    Malformed { spec: String, reason: String },

    #[error("agent {} has no key {} (keys: {accepted})", quote(.agent), quote(.key))]
    UnknownKey {
        agent: String,
        key: String,
        accepted: String,
    },

    #[error("key {} is given twice in the spec of agent {}", quote(.key), quote(.agent))]
    DuplicateKey { agent: String, key: String },

    #[error(
        "bad value {} for key {} of agent {}: expected {}",
        quote(.value), quote(.key), quote(.agent), tame(.expected)
    )]
    BadValue {
        agent: String,
        key: String,
        value: String,
        expected: String,
    },

    #[error(
        "unknown {kind} {} for key {} of agent {} ({kind}s: {known})",
        quote(.value), quote(.key), quote(.agent)
    )]
    UnknownName {
        agent: String,
        key: String,
        kind: String,
        value: String,
        known: String,
    },

    #[error("agent {}: {}", quote(.agent), tame(.message))]
    Agent { agent: String, message: String },
}
