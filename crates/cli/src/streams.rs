//! Standard output and error that cannot be written: a full disk, `/dev/full`, a device that
//! refuses writes. Every command prints with `println!` and `eprintln!`, which panic when the
//! write fails ("failed printing to stdout"); handling the error at each print would miss
//! some, so it is handled here once, for every subcommand: such a panic ends the command
//! with `ply: cannot write to standard output: No space left on device (os error 28)` and a
//! failure status, never a panic's report and status 101. (A closed pipe is not one of these:
//! `closed_pipe_ends_quietly` lets SIGPIPE end the program, as it ends other Unix tools.)

use std::any::Any;
use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::OnceLock;

/// What std's print macros say when their write fails, before the stream's name.
const PRINT_FAILED: &str = "failed printing to ";

/// The first print that failed: the stream and why.
static FAILED: OnceLock<String> = OnceLock::new();

/// The stream and cause of a failed print, from its panic's message
/// (`failed printing to stdout: No space left on device (os error 28)`).
fn failed_print(message: &str) -> Option<String> {
    let (stream, cause) = message.strip_prefix(PRINT_FAILED)?.split_once(": ")?;
    let stream = match stream {
        "stdout" => "standard output",
        "stderr" => "standard error",
        _ => return None,
    };
    Some(format!("cannot write to {stream}: {cause}"))
}

fn message_of(payload: &(dyn Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
}

/// Keeps the report of a failed print off standard error (it would fail too, or bury the
/// one line that says what happened) and notes its cause; every other panic goes to the hook
/// that was there before.
fn install_hook() {
    let previous = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        match message_of(info.payload()).and_then(failed_print) {
            Some(cause) => {
                let _ = FAILED.set(cause);
            }
            None => previous(info),
        }
    }));
}

/// Writes `ply: MESSAGE` to standard error, ignoring a failure: there is nowhere left to say it.
pub fn report(message: &str) {
    let _ = writeln!(std::io::stderr(), "ply: {message}");
}

/// Runs a command, turning a print that failed, on this thread or one it waited for, into
/// an error, and flushing standard output at the end so that a last line without a newline
/// is not lost unseen.
pub fn run(command: impl FnOnce() -> anyhow::Result<()>) -> ExitCode {
    install_hook();
    let result = panic::catch_unwind(AssertUnwindSafe(command));
    if let Some(cause) = FAILED.get() {
        report(cause);
        return ExitCode::FAILURE;
    }
    match result {
        Ok(Ok(())) => match std::io::stdout().flush() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                report(&format!("cannot write to standard output: {e}"));
                ExitCode::FAILURE
            }
        },
        Ok(Err(e)) => {
            report(&format!("{e:#}"));
            ExitCode::FAILURE
        }
        Err(payload) => panic::resume_unwind(payload),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_print_is_told_from_other_panics() {
        assert_eq!(
            failed_print("failed printing to stdout: No space left on device (os error 28)")
                .as_deref(),
            Some("cannot write to standard output: No space left on device (os error 28)")
        );
        assert!(failed_print("failed printing to stderr: Broken pipe")
            .unwrap()
            .starts_with("cannot write to standard error"));
        assert_eq!(failed_print("index out of bounds"), None);
        assert_eq!(failed_print("failed printing to a file: x"), None);
    }
}
