//! `ply completions SHELL` and `ply man`: the shell completion script and the manual page,
//! both generated from the command line's own grammar, so they list what `ply --help` does.

use std::io::{self, Write};

use clap::{Args, CommandFactory};
use clap_complete::{Generator, Shell};

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script for `args.shell` to standard output.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<()> {
    let mut command = crate::Cli::command();
    command.set_bin_name("ply");
    command.build();
    let mut out = io::stdout().lock();
    args.shell.try_generate(&command, &mut out)?;
    Ok(out.flush()?)
}

/// Writes the manual page of `ply` (roff, for `man -l -`) to standard output.
pub fn man() -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(crate::Cli::command()).render(&mut out)?;
    Ok(out.flush()?)
}
