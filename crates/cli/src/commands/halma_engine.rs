//! `ply engine halma`: the course server's JSON line protocol on standard input and output,
//! or with `--protocol ccp` the CCERL rating list's CCP (`ply_halma::ccp`).
//!
//! JSON lines: one position per line in (`{"A": [[x,y],…], "B": […], "turn": "A"}`), one
//! move per line out (`[[3,-6],[3,-4]]`); a bad line gets one `{"error": "…"}` line and the
//! engine reads on. See `ply_halma::engine`.

use std::io::{self, BufRead, Write};

use anyhow::anyhow;
use clap::Args;
use ply_core::{Described, Game, Protocol};
use ply_halma::engine::{Engine, EngineOptions};
use ply_halma::Halma;
use ply_search::spec::parse_duration;
use serde_json::json;

use crate::lines::LineReader;
use crate::variant::VariantArgs;

/// Options of the halma engine.
#[derive(Args, Debug, Clone)]
pub struct HalmaEngineArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The protocol (see `ply list halma`): json (the default) or ccp.
    #[arg(long, value_name = "NAME")]
    pub protocol: Option<String>,
    /// The agent that answers (see `ply list halma`) [default: champion; with --protocol
    /// ccp, ccerl]. A spec that sets no limit plays its agent's default budget (shown there).
    #[arg(long)]
    pub agent: Option<String>,
    /// Seed for the agent's randomness.
    #[arg(long = "seed", default_value_t = 1)]
    pub rng_seed: u64,
    /// With --protocol ccp: report on standard error, for every go, who answered (the
    /// search, the watchdog, stop) and how long after the go.
    #[arg(long)]
    pub verbose: bool,
    /// Time per move, e.g. 150ms or 2s: the agent's search budget per move (it replaces a
    /// preset's own time; a time= written in --agent wins, and ply says so). Not with
    /// --protocol ccp, whose `go` gives the time.
    #[arg(long)]
    pub time: Option<String>,
}

/// The agent the JSON line protocol answers with unless `--agent` names another.
const JSON_AGENT: &str = "champion";

/// Runs the engine until the end of standard input (or CCP's `quit`).
pub fn run(args: &HalmaEngineArgs) -> anyhow::Result<()> {
    let protocol = match &args.protocol {
        Some(key) => Halma::DESCRIPTOR
            .protocol_named(key)
            .map_err(|e| anyhow!("--protocol: {e}"))?,
        None => Halma::DESCRIPTOR.protocol(),
    };
    match protocol {
        Protocol::Ccp => super::ccp::run(args),
        _ => run_json_lines(args),
    }
}

fn run_json_lines(args: &HalmaEngineArgs) -> anyhow::Result<()> {
    if args.verbose {
        anyhow::bail!("--verbose is only for --protocol ccp");
    }
    let start: Halma = crate::games::start(&args.variant)?;
    let time = match &args.time {
        Some(text) => Some(parse_duration(text).ok_or_else(|| {
            anyhow!("--time {text}: expected a duration such as 150ms, 2s or 0.5s")
        })?),
        None => None,
    };
    let options = EngineOptions {
        board: start.kind(),
        players: start.num_players(),
        settings: *start.settings(),
        agent: args.agent.clone().unwrap_or_else(|| JSON_AGENT.to_string()),
        rng_seed: args.rng_seed,
        time,
    };
    let mut engine = Engine::new(&options)?;
    if let Some(note) = engine.note() {
        eprintln!("engine: {note}");
    }
    let stdin = io::stdin();
    serve(stdin.lock(), io::stdout().lock(), &mut engine)?;
    Ok(())
}

/// Answers every line of `input` on `output`, flushing after each answer: a move, or one
/// `{"error": …}` line for a bad position and for a line that is not UTF-8 or is too long.
pub fn serve<R: BufRead, W: Write>(input: R, mut output: W, engine: &mut Engine) -> io::Result<()> {
    let mut lines = LineReader::new(input);
    while let Some(line) = lines.next_line()? {
        let answer = match line {
            Ok(line) => engine.handle_line(&line),
            Err(bad) => Some(json!({ "error": bad.to_string() }).to_string()),
        };
        if let Some(answer) = answer {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
    }
    Ok(())
}
