//! Who plays whom, from which opening and in which seat.
//!
//! Agents meet in groups of as many as the game seats (pairs for two-player games). A group
//! plays every opening once in each seating (both colours for two players, all six orders for
//! three), so no agent profits from a seat or an opening the other did not get. Games are
//! listed opening by opening, so standings in progress are balanced across pairings.

use crate::config::{Format, MAX_GAMES_PER_PAIRING, MAX_SCHEDULED_GAMES};
use crate::error::ArenaError;
use crate::rng_seeds::derive_rng_seed;

/// One game of the schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledGame {
    pub index: usize,
    /// Agent index per seat.
    pub seats: Vec<usize>,
    pub opening_index: usize,
    pub rng_seed: u64,
}

/// The groups that meet: every `players`-subset of the agents (round robin), or the first
/// agent with every `players − 1`-subset of the others (gauntlet).
pub fn groups(
    agents: usize,
    players: usize,
    format: Format,
) -> Result<Vec<Vec<usize>>, ArenaError> {
    check_group_size(agents, players)?;
    // Counted before they are listed, so a list too long to hold is refused, not built.
    let count = group_count(agents, players, format);
    if count > MAX_SCHEDULED_GAMES as u128 {
        return Err(ArenaError::setting(
            "--agents",
            agents,
            &format!(
                "{agents} agents make {count} groups of {players}; a schedule holds at most {MAX_SCHEDULED_GAMES} games"
            ),
        ));
    }
    Ok(match format {
        Format::RoundRobin => combinations(&(0..agents).collect::<Vec<_>>(), players),
        Format::Gauntlet => combinations(&(1..agents).collect::<Vec<_>>(), players - 1)
            .into_iter()
            .map(|rest| std::iter::once(0).chain(rest).collect())
            .collect(),
    })
}

fn check_group_size(agents: usize, players: usize) -> Result<(), ArenaError> {
    if players < 2 {
        return Err(ArenaError::setting(
            "players",
            players,
            "the arena needs a game of at least two players",
        ));
    }
    if agents < players {
        return Err(ArenaError::setting(
            "agents",
            agents,
            &format!("a {players}-player game needs at least {players} agents"),
        ));
    }
    Ok(())
}

/// How many groups meet (saturating: a count past `u128` is too many anyway).
fn group_count(agents: usize, players: usize, format: Format) -> u128 {
    match format {
        Format::RoundRobin => binomial(agents, players),
        Format::Gauntlet => binomial(agents.saturating_sub(1), players.saturating_sub(1)),
    }
}

/// `n` choose `k`, saturating at `u128::MAX`.
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k) as u128;
    let n = n as u128;
    let mut c: u128 = 1;
    for i in 0..k {
        // c · (n − i) / (i + 1) is exact at every step (it is C(n, i + 1)).
        match c.checked_mul(n - i) {
            Some(p) => c = p / (i + 1),
            None => return u128::MAX,
        }
    }
    c
}

/// Seatings of `players` (`players!`, saturating).
fn seating_count(players: usize) -> u128 {
    (1..=players as u128)
        .try_fold(1u128, |f, k| f.checked_mul(k))
        .unwrap_or(u128::MAX)
}

/// Openings each group plays: enough to reach `games_per_group` games over all seatings.
pub fn openings_per_group(games_per_group: usize, players: usize) -> usize {
    let seatings = usize::try_from(seating_count(players)).unwrap_or(usize::MAX);
    games_per_group.div_ceil(seatings.max(1))
}

/// How many games [`schedule`] lists, counted without listing them; an error names the
/// setting at fault when there would be more than [`MAX_SCHEDULED_GAMES`] (or more than
/// [`MAX_GAMES_PER_PAIRING`] per group).
pub fn scheduled_games(
    agents: usize,
    players: usize,
    format: Format,
    games_per_group: usize,
) -> Result<usize, ArenaError> {
    check_group_size(agents, players)?;
    if games_per_group > MAX_GAMES_PER_PAIRING {
        return Err(ArenaError::setting(
            "--games",
            games_per_group,
            &format!("must be between 1 and {MAX_GAMES_PER_PAIRING}"),
        ));
    }
    let groups = group_count(agents, players, format);
    let seatings = seating_count(players);
    let openings = openings_per_group(games_per_group, players) as u128;
    let total = groups.saturating_mul(seatings).saturating_mul(openings);
    if total > MAX_SCHEDULED_GAMES as u128 {
        return Err(ArenaError::setting(
            "--games",
            games_per_group,
            &format!(
                "{groups} groups × {seatings} seatings × {openings} openings make {total} games; \
                 a tournament schedules at most {MAX_SCHEDULED_GAMES} (fewer games or agents)"
            ),
        ));
    }
    Ok(total as usize)
}

/// The whole schedule.
pub fn schedule(
    agents: usize,
    players: usize,
    format: Format,
    games_per_group: usize,
    rng_seed: u64,
) -> Result<Vec<ScheduledGame>, ArenaError> {
    let total = scheduled_games(agents, players, format, games_per_group)?;
    let groups = groups(agents, players, format)?;
    let seatings = permutations(&(0..players).collect::<Vec<_>>());
    let mut games = Vec::with_capacity(total);
    for opening_index in 0..openings_per_group(games_per_group, players) {
        for group in &groups {
            for seating in &seatings {
                let index = games.len();
                games.push(ScheduledGame {
                    index,
                    seats: seating.iter().map(|&k| group[k]).collect(),
                    opening_index,
                    rng_seed: derive_rng_seed(rng_seed, &[0x6A3E, index as u64]),
                });
            }
        }
    }
    Ok(games)
}

/// Every `k`-subset of `items`, in lexicographic order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every ordering of `items`, in lexicographic order (identity first).
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_swap_colours_on_each_opening() {
        let s = schedule(3, 2, Format::RoundRobin, 3, 9).unwrap();
        // 3 pairs, 2 openings (3 games rounded up to 4), 2 seatings.
        assert_eq!(s.len(), 3 * 2 * 2);
        assert_eq!(s[0].seats, [0, 1]);
        assert_eq!(s[1].seats, [1, 0]);
        assert_eq!(s[0].opening_index, s[1].opening_index);
        for pair in [[0, 1], [0, 2], [1, 2]] {
            let as_first = s.iter().filter(|g| g.seats == pair).count();
            let as_second = s.iter().filter(|g| g.seats == [pair[1], pair[0]]).count();
            assert_eq!((as_first, as_second), (2, 2));
        }
        let mut seeds: Vec<u64> = s.iter().map(|g| g.rng_seed).collect();
        seeds.dedup();
        assert_eq!(seeds.len(), s.len());
    }

    #[test]
    fn three_players_rotate_through_every_seating() {
        let s = schedule(4, 3, Format::RoundRobin, 6, 1).unwrap();
        // 4 groups of 3, one opening, 6 seatings.
        assert_eq!(s.len(), 4 * 6);
        let first_group: Vec<_> = s
            .iter()
            .filter(|g| {
                let mut seats = g.seats.clone();
                seats.sort();
                seats == [0, 1, 2]
            })
            .collect();
        assert_eq!(first_group.len(), 6);
        for agent in 0..3 {
            for seat in 0..3 {
                assert_eq!(
                    first_group
                        .iter()
                        .filter(|g| g.seats[seat] == agent)
                        .count(),
                    2
                );
            }
        }
    }

    #[test]
    fn gauntlet_only_meets_the_challenger() {
        let s = schedule(4, 2, Format::Gauntlet, 2, 1).unwrap();
        assert_eq!(s.len(), 3 * 2);
        assert!(s.iter().all(|g| g.seats.contains(&0)));
        let g3 = groups(4, 3, Format::Gauntlet).unwrap();
        assert_eq!(g3, [vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3]]);
    }

    #[test]
    fn too_few_agents_is_an_error() {
        let err = schedule(2, 3, Format::RoundRobin, 6, 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("3-player") && err.contains("at least 3"),
            "{err}"
        );
    }

    #[test]
    fn the_count_matches_the_schedule() {
        for (agents, players, format, games) in [
            (3, 2, Format::RoundRobin, 3),
            (4, 3, Format::RoundRobin, 7),
            (5, 3, Format::Gauntlet, 6),
            (2, 2, Format::RoundRobin, 1),
        ] {
            let listed = schedule(agents, players, format, games, 1).unwrap().len();
            assert_eq!(
                scheduled_games(agents, players, format, games).unwrap(),
                listed
            );
        }
    }

    #[test]
    fn schedules_too_big_to_hold_are_refused_before_being_built() {
        let err = schedule(2, 2, Format::RoundRobin, usize::MAX, 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("--games")
                && err.contains(&usize::MAX.to_string())
                && err.contains(&MAX_GAMES_PER_PAIRING.to_string()),
            "{err}"
        );
        // Within the per-pairing bound, but too many pairings.
        let err = schedule(2000, 2, Format::RoundRobin, 2, 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains(&MAX_SCHEDULED_GAMES.to_string()), "{err}");
        // Groups too many to list, and seatings too many to list.
        assert!(groups(1 << 20, 6, Format::RoundRobin).is_err());
        assert!(schedule(40, 40, Format::RoundRobin, 1, 1).is_err());
        assert_eq!(binomial(usize::MAX, usize::MAX / 2), u128::MAX);
        assert_eq!(binomial(5, 2), 10);
    }
}
