//! The server's allow-list of agent specs: what a request may make an agent do beyond
//! searching. Every spec a request leads to (an `agent`, a level, an analyst, the solver
//! view's) is judged here, in its final form (presets expanded, the request's time folded
//! in), before it waits for a search slot and before anything is built.
//!
//! Which keys reach beyond the search is declared with each key (`KeyInfo::kind`, by the
//! catalogs that declare them); this module only applies the server's rules to them:
//!
//! - a [`KeyKind::File`] key (halma's `seed003-s3:table=`) may only keep its default, which
//!   names no file: no request makes the server open, create or append to a path;
//! - a [`KeyKind::Threads`] key (Connect Four's and Quoridor's `threads=`) must be a whole
//!   number no larger than [`ServerConfig::max_search_threads`] (`auto` is refused: it
//!   would be the machine's cores, not the server's share);
//! - a [`KeyKind::Model`] key (`az:model=`) may name a model bundled with the game, or keep
//!   its default, but not a model file;
//! - the tables an agent would allocate ([`KeyKind::Memory`] keys such as `tt=` and
//!   `table=`, and fixed tables such as halma's champion's, as each catalog declares them
//!   with `Catalog::set_table_memory`) must fit [`ServerConfig::max_search_mb`].
//!
//! A refusal is a 422 `bad_agent` naming the spec, the key, its value and the rule.

use ply_core::Encode;
use ply_search::spec::{parse_spec, Catalog, KeyInfo, KeyKind, Params, SpecError};

use crate::error::ApiError;
use crate::ServerConfig;

/// The default memory cap of one search's tables, in MiB: room for every level's default
/// tables (Connect Four's `perfect`: a 32 MiB solver table and a 16 MiB alpha-beta table;
/// `alphabeta`: 16 MiB) and for a `tt` of up to 256.
pub const DEFAULT_MAX_SEARCH_MB: u64 = 256;

/// The default number of threads one search may start: one, since the server already runs
/// as many searches at once as the machine has cores (`ServerConfig::max_searches`).
pub const DEFAULT_MAX_SEARCH_THREADS: u64 = 1;

/// The rules a spec from a request must follow, from the server's settings.
#[derive(Debug, Clone, Copy)]
pub struct SpecPolicy {
    max_search_mb: u64,
    max_search_threads: u64,
}

impl SpecPolicy {
    pub fn new(config: &ServerConfig) -> Self {
        SpecPolicy {
            max_search_mb: config.max_search_mb,
            max_search_threads: config.max_search_threads,
        }
    }

    /// Refuses `spec` (in its final form) if it names a file, asks for more threads than
    /// the server allows one search, or its tables would take more than the memory cap.
    pub fn check<G: Encode>(&self, catalog: &Catalog<G>, spec: &str) -> Result<(), ApiError> {
        let params = catalog.params(spec)?;
        let models: Vec<&str> = G::MODELS.iter().map(|m| m.name).collect();
        for key in params.keys() {
            self.check_key(spec, &params, key, &models)?;
        }
        check_table_memory(spec, catalog.table_bytes(spec)?, self.max_search_mb)
    }

    fn check_key(
        &self,
        spec: &str,
        params: &Params,
        key: &KeyInfo,
        models: &[&str],
    ) -> Result<(), ApiError> {
        let value = params.str(key.key)?.trim();
        let rule = match key.kind {
            KeyKind::Plain | KeyKind::Memory => return Ok(()),
            KeyKind::Model
                if value.eq_ignore_ascii_case(key.default)
                    || models.iter().any(|m| m.eq_ignore_ascii_case(value)) =>
            {
                return Ok(())
            }
            KeyKind::Model => format!(
                "ply serve plays only the models bundled with the game ({}), and opens no \
                 file a request names",
                if models.is_empty() {
                    "this game bundles none".to_string()
                } else {
                    models.join(", ")
                }
            ),
            KeyKind::File if value.eq_ignore_ascii_case(key.default) => return Ok(()),
            KeyKind::File => format!(
                "it names a file, and ply serve opens no file a request names (leave it at \
                 '{}')",
                key.default
            ),
            KeyKind::Threads => match value.parse::<u64>() {
                Ok(threads) if threads <= self.max_search_threads => return Ok(()),
                _ => format!(
                    "a search on this server may start at most {} thread(s): give a whole \
                     number up to that (ply serve --max-search-threads)",
                    self.max_search_threads
                ),
            },
        };
        Err(refusal(
            spec,
            params.agent(),
            format!(
                "key '{}' = {} is not allowed here: {rule}",
                key.key,
                ply_core::quote(value)
            ),
        ))
    }
}

/// Refuses `spec`, whose tables take `bytes`, if that is more than `max_search_mb` MiB:
/// a `bad_agent` error naming the spec, the memory it would use and the cap.
fn check_table_memory(spec: &str, bytes: u64, max_search_mb: u64) -> Result<(), ApiError> {
    let cap = max_search_mb.saturating_mul(1 << 20);
    if bytes <= cap {
        return Ok(());
    }
    let agent = parse_spec(spec, "").map_or_else(|_| spec.to_string(), |parsed| parsed.name);
    Err(refusal(
        spec,
        &agent,
        format!(
            "it would use {} MiB for its tables, over this server's cap of {max_search_mb} MiB \
             per search (ply serve --max-search-mb)",
            bytes.div_ceil(1 << 20)
        ),
    ))
}

fn refusal(spec: &str, agent: &str, why: String) -> ApiError {
    ApiError::Spec(SpecError::Agent {
        agent: agent.to_string(),
        message: format!(
            "the spec {} is refused: {why}",
            ply_core::quote(spec.trim())
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_names;
    use crate::games::{Catalogs, VariantRequest};
    use crate::levels::levels;
    use ply_registry::{with_game, GameId, Registered};
    use ply_search::spec::EntryKind;

    fn policy(max_search_mb: u64, max_search_threads: u64) -> SpecPolicy {
        SpecPolicy {
            max_search_mb,
            max_search_threads,
        }
    }

    #[test]
    fn a_spec_over_the_cap_is_refused_naming_spec_memory_and_cap() {
        assert!(check_table_memory("alphabeta:tt=256", 256 << 20, 256).is_ok());
        let error = check_table_memory("alphabeta:tt=257", 257 << 20, 256).unwrap_err();
        assert_eq!(error.kind(), "bad_agent");
        let message = error.to_string();
        for part in [
            "'alphabeta:tt=257'",
            "257 MiB",
            "cap of 256 MiB",
            "alphabeta",
        ] {
            assert!(message.contains(part), "{message}");
        }
        assert!(check_table_memory("random", 0, 0).is_ok());
        assert!(check_table_memory("x", u64::MAX, u64::MAX).is_ok());
    }

    #[test]
    fn file_keys_keep_their_default_and_thread_keys_their_cap() {
        let halma = ply_halma::catalog();
        let strict = policy(DEFAULT_MAX_SEARCH_MB, 1);
        for spec in [
            "seed003-s3",
            "seed003-s3:table=none",
            "seed003-s3:table=NONE",
        ] {
            assert!(strict.check(&halma, spec).is_ok(), "{spec}");
        }
        for path in ["/dev/zero", "/tmp/x", "none.txt", "auto"] {
            let spec = format!("seed003-s3:depth=2,table={path}");
            let message = strict.check(&halma, &spec).unwrap_err().to_string();
            for part in ["'table'", path, "names a file", "seed003-s3"] {
                assert!(message.contains(part), "{spec}: {message}");
            }
        }
        let connect4 = ply_connect4::catalog();
        let quoridor = ply_quoridor::agents::catalog();
        assert!(strict.check(&connect4, "perfect:threads=1").is_ok());
        assert!(strict.check(&quoridor, "strongest:threads=1").is_ok());
        assert!(policy(256, 2).check(&connect4, "perfect:threads=2").is_ok());
        for (spec, value) in [
            ("perfect:threads=64", "64"),
            ("perfect:threads=2", "2"),
            ("strongest:threads=auto", "auto"),
            (
                "strongest:threads=99999999999999999999999",
                "99999999999999999999999",
            ),
        ] {
            let catalog_error = if spec.starts_with("perfect") {
                strict.check(&connect4, spec)
            } else {
                strict.check(&quoridor, spec)
            };
            let message = catalog_error.unwrap_err().to_string();
            for part in [
                "'threads'",
                value,
                "at most 1 thread",
                "--max-search-threads",
            ] {
                assert!(message.contains(part), "{spec}: {message}");
            }
        }
    }

    /// A preset is judged by what it expands to: one that sets a file key, or more threads
    /// or memory than allowed, smuggles nothing in, and a request's keys over a preset's
    /// are judged as well.
    #[test]
    fn presets_are_judged_expanded() {
        let strict = policy(64, 1);
        let mut halma = ply_halma::catalog();
        halma.add_preset(
            "sneaky",
            "a file behind a name",
            "seed003-s3:table=/dev/zero",
        );
        halma.add_preset("sneakier", "a preset of a preset", "sneaky:depth=2");
        halma.add_preset("harmless", "no file", "seed003-s3:depth=2");
        for spec in [
            "sneaky",
            "sneakier",
            "harmless:table=/tmp/x",
            "SNEAKY:depth=1",
        ] {
            let message = strict.check(&halma, spec).unwrap_err().to_string();
            assert!(message.contains("names a file"), "{spec}: {message}");
        }
        assert!(strict.check(&halma, "harmless").is_ok());
        assert!(strict.check(&halma, "sneaky:table=none").is_ok());
        let mut connect4 = ply_connect4::catalog();
        connect4.add_preset("fast", "four threads", "perfect:threads=4");
        connect4.add_preset("huge", "a 2 GiB table", "perfect:table=28");
        for (spec, says) in [("fast", "at most 1 thread"), ("huge", "cap of 64 MiB")] {
            let message = strict.check(&connect4, spec).unwrap_err().to_string();
            assert!(message.contains(says), "{spec}: {message}");
        }
        assert!(strict.check(&connect4, "fast:threads=1").is_ok());
        assert!(strict.check(&connect4, "strongest").is_ok());
        // A model: the game's bundled ones by name, never a file.
        let mut connect4 = <ply_connect4::Connect4 as Registered>::catalog();
        connect4.add_preset("smuggled", "a model file", "az:model=/tmp/x.plym");
        for spec in [
            "az:model=/tmp/x.plym",
            "az-policy:model=../m.plym",
            "smuggled",
        ] {
            let message = strict.check(&connect4, spec).unwrap_err().to_string();
            assert!(
                message.contains("plays only the models bundled"),
                "{spec}: {message}"
            );
        }
        assert!(strict.check(&connect4, "az").is_ok());
        assert!(strict.check(&connect4, "az:sims=100").is_ok());
        for bundled in <ply_connect4::Connect4 as ply_core::Encode>::MODELS {
            assert!(strict
                .check(&connect4, &format!("az:model={}", bundled.name))
                .is_ok());
        }
    }

    /// The catalogs declare what the server needs to judge their keys: a file key's default
    /// opens nothing, a thread key's starts one thread, and an agent with a table-size key
    /// says what its tables take (else its `tt=` would go unweighed).
    #[test]
    fn every_catalog_declares_what_its_dangerous_keys_take() {
        for &game in GameId::ALL {
            with_game!(game, |G| {
                let catalog = <G as Registered>::catalog();
                let agents = catalog.entries().into_iter();
                for agent in agents.filter(|e| e.kind == EntryKind::Agent) {
                    let table_bytes = catalog.table_bytes(&agent.name).unwrap();
                    for key in &agent.keys {
                        let at = format!("{} {} key '{}'", game.name(), agent.name, key.key);
                        match key.kind {
                            KeyKind::File => assert_eq!(key.default, "none", "{at}"),
                            KeyKind::Model => assert_eq!(key.default, "auto", "{at}"),
                            KeyKind::Threads => assert_eq!(key.default, "1", "{at}"),
                            KeyKind::Memory => assert!(table_bytes > 0, "{at}: undeclared"),
                            KeyKind::Plain => {}
                        }
                    }
                }
            });
        }
    }

    /// Every level of every game passes the default policy, without searching.
    #[test]
    fn every_level_passes_the_default_policy() {
        let catalogs = Catalogs::new();
        let policy = SpecPolicy::new(&ServerConfig::default());
        for game in game_names() {
            let session = catalogs
                .new_session(game, &VariantRequest::default())
                .unwrap();
            for level in levels(game) {
                assert!(
                    session.search_job(level.spec, None, 1, &policy).is_ok(),
                    "{game} {}",
                    level.name
                );
            }
        }
    }
}
