//! `ply engine halma --protocol ccp`: CCP, the protocol of the CCERL rating list, on
//! standard input and output (the protocol itself is `ply_halma::ccp`).

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, bail};
use ply_core::Described;
use ply_halma::ccp::{CcpEngine, EngineOptions, Flow, Output, DEFAULT_AGENT};
use ply_halma::{Halma, RuleSet};

use super::HalmaEngineArgs;
use crate::lines::LineReader;

/// Runs the engine until `quit` or the end of standard input.
pub fn run(args: &HalmaEngineArgs) -> anyhow::Result<()> {
    let options = options(args)?;
    let out: Output = Arc::new(Mutex::new(Box::new(io::stdout())));
    let mut engine = CcpEngine::new(&options, out).map_err(|e| anyhow!(e))?;
    serve(io::stdin().lock(), &mut engine)?;
    Ok(())
}

/// The engine's options: the variant flags (the ccerl rules unless `--rules` says, which
/// may only say ccerl), the agent and the seed.
pub fn options(args: &HalmaEngineArgs) -> anyhow::Result<EngineOptions> {
    if args.time.is_some() {
        bail!("--time is not used with --protocol ccp: each go command gives the time");
    }
    let mut settings = args.variant.settings.clone();
    if settings.get("rules").is_none() {
        settings.set("rules", RuleSet::Ccerl.name());
    }
    let start = Halma::from_settings(&settings)?;
    if start.settings().rules != RuleSet::Ccerl {
        bail!(
            "--protocol ccp plays the ccerl rules, not the {} rules",
            start.settings().rules
        );
    }
    Ok(EngineOptions {
        settings: *start.settings(),
        agent: args
            .agent
            .clone()
            .unwrap_or_else(|| DEFAULT_AGENT.to_string()),
        rng_seed: args.rng_seed,
        verbose: args.verbose,
    })
}

/// Feeds every line of `input` to `engine` until `quit`; a line that is not UTF-8 or is too
/// long is answered as an error. At the end of the input the running search still answers.
pub fn serve<R: io::BufRead>(input: R, engine: &mut CcpEngine) -> io::Result<()> {
    let mut lines = LineReader::new(input);
    while let Some(line) = lines.next_line()? {
        let flow = match line {
            Ok(line) => engine.handle_line(&line),
            Err(bad) => {
                engine.handle_unreadable(&bad.to_string());
                Flow::Continue
            }
        };
        if flow == Flow::Quit {
            return Ok(());
        }
    }
    engine.finish();
    io::stdout().flush()
}
