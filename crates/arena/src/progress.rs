//! Progress of a running tournament on standard error: a bar with live standings on a
//! terminal, plain lines otherwise (a log file, CI).

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};

use crate::record::GameRecord;
use crate::stats::Wdl;

/// Standings so far and how to show them.
pub struct Progress {
    agents: Vec<String>,
    total: usize,
    bar: Option<ProgressBar>,
    state: Mutex<Standings>,
}

struct Standings {
    done: usize,
    results: Vec<Wdl>,
    forfeits: usize,
}

impl Standings {
    /// Adds a game (one read back from a file may be malformed: what does not fit is skipped).
    fn count(&mut self, record: &GameRecord) {
        self.done += 1;
        if record.offender.is_some() {
            self.forfeits += 1;
        }
        for (i, &agent) in record.seats.iter().enumerate() {
            for (j, _) in record.seats.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (Some(&ours), Some(&theirs)) = (record.scores.get(i), record.scores.get(j))
                else {
                    continue;
                };
                if let Some(r) = self.results.get_mut(agent) {
                    r.add(ours, theirs);
                }
            }
        }
    }
}

impl Progress {
    /// A bar when standard error is a terminal, plain lines otherwise.
    pub fn new(agents: &[String], total: usize) -> Self {
        Self::with_mode(agents, total, std::io::stderr().is_terminal())
    }

    pub fn with_mode(agents: &[String], total: usize, bar: bool) -> Self {
        let bar = bar.then(|| {
            let b = ProgressBar::new(total as u64);
            b.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:30}] {pos}/{len} games, eta {eta}  {msg}",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            b
        });
        Progress {
            agents: agents.to_vec(),
            total,
            bar,
            state: Mutex::new(Standings {
                done: 0,
                results: vec![Wdl::default(); agents.len()],
                forfeits: 0,
            }),
        }
    }

    /// Counts a finished game (called from the game workers, in any order).
    pub fn on_game(&self, record: &GameRecord) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.count(record);
        let standings = self.standings_line(&s);
        match &self.bar {
            Some(bar) => {
                bar.set_position(s.done as u64);
                bar.set_message(standings);
            }
            None => {
                eprintln!(
                    "[{}/{}] game {} ({}): {}",
                    s.done,
                    self.total,
                    record.index + 1,
                    record.agents.join(" vs "),
                    record.reason
                );
                // About ten standings lines per tournament, none more often than every 10 games.
                let every = (self.total / 10).max(10);
                if s.done.is_multiple_of(every) || s.done == self.total {
                    eprintln!("standings after {} games: {standings}", s.done);
                }
            }
        }
    }

    /// Counts games an earlier run played (resuming) without listing them.
    pub fn count_earlier(&self, records: &[GameRecord]) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        for record in records {
            s.count(record);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(s.done as u64);
            bar.set_message(self.standings_line(&s));
        }
    }

    /// The standings line as it stands.
    pub fn standings(&self) -> String {
        let s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        self.standings_line(&s)
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish();
        }
    }

    /// Agents by score so far, best first: `name 12.5/20`.
    fn standings_line(&self, s: &Standings) -> String {
        let mut order: Vec<usize> = (0..self.agents.len()).collect();
        order.sort_by(|&a, &b| s.results[b].score().total_cmp(&s.results[a].score()));
        let mut parts: Vec<String> = order
            .iter()
            .map(|&a| {
                let r = &s.results[a];
                format!("{} {}/{}", self.agents[a], r.points(), r.games())
            })
            .collect();
        if s.forfeits > 0 {
            parts.push(format!("({} forfeits)", s.forfeits));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Termination;

    fn record(seats: [usize; 2], scores: [f64; 2], offender: Option<usize>) -> GameRecord {
        GameRecord {
            index: 0,
            rng_seed: 0,
            seats: seats.to_vec(),
            agents: vec!["a".into(), "b".into()],
            opening_index: 0,
            opening: vec![],
            start_position: String::new(),
            moves: vec![],
            scores: scores.to_vec(),
            termination: Termination::Normal,
            offender,
            reason: "a wins".into(),
            duration_ms: 0.0,
        }
    }

    #[test]
    fn standings_rank_by_score_and_count_forfeits() {
        let p = Progress::with_mode(&["a".into(), "b".into(), "c".into()], 3, false);
        p.on_game(&record([0, 1], [0.0, 1.0], None));
        p.on_game(&record([2, 1], [0.5, 0.5], None));
        p.on_game(&record([0, 2], [1.0, 0.0], Some(1)));
        assert_eq!(p.standings(), "b 1.5/2, a 1/2, c 0.5/2, (1 forfeits)");
    }
}
