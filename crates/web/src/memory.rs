//! The memory cap of one search: an agent spec whose tables would take more than the
//! server's [`ServerConfig::max_search_mb`](crate::ServerConfig::max_search_mb) is refused
//! before the agent is built, so no request can make the server allocate gigabytes.

use ply_search::spec::{parse_spec, SpecError};

use crate::error::ApiError;

/// The default memory cap of one search's tables, in MiB: room for every level's default
/// tables (Connect Four's `perfect`: a 32 MiB solver table and a 16 MiB alpha-beta table;
/// `alphabeta`: 16 MiB) and for a `tt` of up to 256.
pub const DEFAULT_MAX_SEARCH_MB: u64 = 256;

/// Refuses `spec`, whose tables take `bytes`, if that is more than `max_search_mb` MiB:
/// a `bad_agent` error naming the spec, the memory it would use and the cap.
pub(crate) fn check_table_memory(
    spec: &str,
    bytes: u64,
    max_search_mb: u64,
) -> Result<(), ApiError> {
    let cap = max_search_mb.saturating_mul(1 << 20);
    if bytes <= cap {
        return Ok(());
    }
    let agent = parse_spec(spec, "").map_or_else(|_| spec.to_string(), |parsed| parsed.name);
    Err(ApiError::Spec(SpecError::Agent {
        agent,
        message: format!(
            "the spec '{}' would use {} MiB for its tables, over this server's cap of \
             {max_search_mb} MiB per search (ply serve --max-search-mb)",
            spec.trim(),
            bytes.div_ceil(1 << 20)
        ),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_names;
    use crate::games::{Catalogs, VariantRequest};
    use crate::levels::levels;

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

    /// Every level of every game fits the default cap, without searching.
    #[test]
    fn every_level_fits_the_default_cap() {
        let catalogs = Catalogs::new();
        for game in game_names() {
            let session = catalogs
                .new_session(game, &VariantRequest::default())
                .unwrap();
            for level in levels(game) {
                assert!(
                    session
                        .search_job(level.spec, None, 1, DEFAULT_MAX_SEARCH_MB)
                        .is_ok(),
                    "{game} {}",
                    level.name
                );
            }
        }
    }
}
