//! Who plays whom, from which opening and in which seat.
//!
//! Agents meet in groups of as many as the game seats (pairs for two-player games). A group
//! plays every opening once in each seating (both colours for two players, all six orders for
//! three), so no agent profits from a seat or an opening the other did not get. Games are
//! listed opening by opening, so standings in progress are balanced across pairings.

use crate::config::Format;
use crate::error::ArenaError;
use crate::seeds::derive_seed;

/// One game of the schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledGame {
    pub index: usize,
    /// Agent index per seat.
    pub seats: Vec<usize>,
    pub opening_index: usize,
    pub seed: u64,
}

/// The groups that meet: every `players`-subset of the agents (round robin), or the first
/// agent with every `players − 1`-subset of the others (gauntlet).
pub fn groups(
    agents: usize,
    players: usize,
    format: Format,
) -> Result<Vec<Vec<usize>>, ArenaError> {
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
    Ok(match format {
        Format::RoundRobin => combinations(&(0..agents).collect::<Vec<_>>(), players),
        Format::Gauntlet => combinations(&(1..agents).collect::<Vec<_>>(), players - 1)
            .into_iter()
            .map(|rest| std::iter::once(0).chain(rest).collect())
            .collect(),
    })
}

/// Openings each group plays: enough to reach `games_per_group` games over all seatings.
pub fn openings_per_group(games_per_group: usize, players: usize) -> usize {
    games_per_group.div_ceil(permutations(&(0..players).collect::<Vec<_>>()).len())
}

/// The whole schedule.
pub fn schedule(
    agents: usize,
    players: usize,
    format: Format,
    games_per_group: usize,
    seed: u64,
) -> Result<Vec<ScheduledGame>, ArenaError> {
    let groups = groups(agents, players, format)?;
    let seatings = permutations(&(0..players).collect::<Vec<_>>());
    let mut games = Vec::new();
    for opening_index in 0..openings_per_group(games_per_group, players) {
        for group in &groups {
            for seating in &seatings {
                let index = games.len();
                games.push(ScheduledGame {
                    index,
                    seats: seating.iter().map(|&k| group[k]).collect(),
                    opening_index,
                    seed: derive_seed(seed, &[0x6A3E, index as u64]),
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
        let mut seeds: Vec<u64> = s.iter().map(|g| g.seed).collect();
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
}
