//! `ply solve connect4`: exact scores of Connect Four positions.
//!
//! Positions are move strings (`4453`: 1-based columns, as in Pons' test sets), given as
//! arguments or read one per line from standard input. Each prints `position score` on
//! standard output (the test-set convention: positive = the player to move wins, the number
//! of their stones left after the winning one plus one; negative = loses; 0 = draw), or with
//! `--analyze` the score of every column (`full` for a full column). A position that cannot
//! be played gets an error on standard error naming it (`argument N` or `line N`), and the
//! others go on; so does a line of standard input that is not UTF-8 or is longer than
//! [`MAX_LINE_BYTES`] (skipped whole). Errors quote at most 80 characters of the input.

use std::io::{BufRead, Write};
use std::time::Instant;

use anyhow::{anyhow, bail, Context};
use clap::Args;
use ply_connect4::report::{solve_line, SolveOptions};
use ply_connect4::{ColumnBase, Connect4, Solver};

use crate::variant::VariantArgs;

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Print only who wins: 1 (the player to move), 0 (draw) or -1.
    #[arg(long)]
    pub weak: bool,
    /// Print the score of every column instead of the position's.
    #[arg(long)]
    pub analyze: bool,
    /// Read columns numbered from 0 (Steininger's test data) instead of 1.
    #[arg(long)]
    pub zero_based: bool,
    /// Transposition table size as log2 of its entries (8 bytes each), 22 to 28 (32 MiB to
    /// 2 GiB). Default: 24 (128 MiB), or less if a quarter of the available memory is
    /// smaller (bigger tables are slower here: more nodes saved than time lost only past
    /// hours of search).
    #[arg(long)]
    pub table_bits: Option<u32>,
    /// Threads per solve, sharing the table: 1 to 64.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Print the nodes searched and the time of each position on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Opening book to take scores from (a file `ply solve connect4-book` wrote for this
    /// board); given more than once, the files' layers make one book. Default: on the 7x6
    /// board, the book bundled with ply (the exact score of every position with 6, 8 or 10 stones).
    #[arg(long, value_name = "FILE")]
    pub book: Vec<std::path::PathBuf>,
    /// Search every position, even those the bundled book answers.
    #[arg(long, conflicts_with = "book")]
    pub no_book: bool,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Positions as move strings; when none is given, one per line from standard input
    /// (an empty line is the empty board).
    pub positions: Vec<String>,
}

/// The Connect Four board the variant flags describe (default 7x6, four in a row).
pub fn connect4_from(variant: &VariantArgs) -> anyhow::Result<Connect4> {
    crate::games::start(variant)
}

/// The longest line read from standard input; a longer one is reported and skipped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// A solver with `bits` table bits and `threads` threads, or an error naming the flag
/// (`--table-bits`, `--threads`), the value and the allowed range.
pub fn solver_from(bits: u32, threads: usize) -> anyhow::Result<Solver> {
    let solver = Solver::with_table_bits(bits).map_err(|e| anyhow!("--table-bits {bits}: {e}"))?;
    solver
        .with_threads(threads)
        .map_err(|e| anyhow!("--threads {threads}: {e}"))
}

/// One line of standard input: its text, or why it cannot be read.
#[derive(Debug, PartialEq, Eq)]
enum InputLine {
    Text(String),
    /// Longer than [`MAX_LINE_BYTES`] (its length, in bytes, end of line excluded).
    TooLong(usize),
    /// Not UTF-8: the first bad byte and its 1-based position.
    NotUtf8 {
        byte: u8,
        at: usize,
    },
}

/// Reads the next line (`None` at the end of the input), holding at most
/// [`MAX_LINE_BYTES`] of it in memory: the rest of a longer line is read and dropped.
fn next_line(input: &mut (impl BufRead + ?Sized)) -> std::io::Result<Option<InputLine>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (&chunk[..end], Some(end + 1)),
            None => (chunk, None),
        };
        length += part.len();
        if line.len() <= MAX_LINE_BYTES {
            let room = MAX_LINE_BYTES + 1 - line.len();
            line.extend_from_slice(&part[..part.len().min(room)]);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') && length <= MAX_LINE_BYTES + 1 {
        line.pop();
        length -= 1;
    }
    if length > MAX_LINE_BYTES {
        return Ok(Some(InputLine::TooLong(length)));
    }
    Ok(Some(match String::from_utf8(line) {
        Ok(text) => InputLine::Text(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            InputLine::NotUtf8 {
                byte: e.as_bytes()[at],
                at: at + 1,
            }
        }
    }))
}

pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let failures = if args.positions.is_empty() {
        let stdin = std::io::stdin();
        solve_all(
            args,
            Some(&mut stdin.lock()),
            &mut stdout.lock(),
            &mut stderr.lock(),
        )?
    } else {
        solve_all(args, None, &mut stdout.lock(), &mut stderr.lock())?
    };
    if failures > 0 {
        bail!("{failures} position(s) could not be solved (see above)");
    }
    Ok(())
}

/// Solves the positions of `args`, or with none, those of `input` (one per line): scores on
/// `out`, errors and statistics on `err`, each naming its `argument N` or `line N`. Returns
/// how many positions could not be solved; an error only for a bad setting or when the
/// output cannot be written.
fn solve_all(
    args: &SolveArgs,
    input: Option<&mut dyn BufRead>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<usize> {
    let start = connect4_from(&args.variant)?;
    let bits = args
        .table_bits
        .unwrap_or_else(ply_connect4::solver::machine_table_bits);
    let book = if args.no_book {
        None
    } else {
        super::solve_book::book_from(&args.book, &start)?
    };
    let mut solver = solver_from(bits, args.threads)?.with_book(book);
    let options = SolveOptions {
        weak: args.weak,
        analyze: args.analyze,
        base: if args.zero_based {
            ColumnBase::Zero
        } else {
            ColumnBase::One
        },
    };
    // Solves one position; `false` when it cannot be played (the error is on `err`).
    let mut solve_one = |label: &str,
                         line: &str,
                         out: &mut dyn Write,
                         err: &mut dyn Write|
     -> std::io::Result<bool> {
        let nodes = solver.nodes();
        let clock = Instant::now();
        match solve_line(&mut solver, &start, line, options) {
            Ok(text) => {
                writeln!(out, "{text}")?;
                out.flush()?;
                if args.stats {
                    writeln!(
                        err,
                        "{label}: {} nodes in {:.3?}",
                        solver.nodes() - nodes,
                        clock.elapsed()
                    )?;
                }
                Ok(true)
            }
            Err(e) => {
                writeln!(err, "{label}: {e}")?;
                Ok(false)
            }
        }
    };
    let mut failures = 0usize;
    match input {
        Some(input) if args.positions.is_empty() => {
            let mut number = 0;
            while let Some(line) = next_line(input).context("reading standard input")? {
                number += 1;
                let label = format!("line {number}");
                let problem = match line {
                    InputLine::Text(text) => {
                        if !solve_one(&label, &text, out, err)? {
                            failures += 1;
                        }
                        continue;
                    }
                    InputLine::TooLong(bytes) => format!(
                        "too long ({bytes} bytes; a line holds at most {MAX_LINE_BYTES}), \
                         skipped"
                    ),
                    InputLine::NotUtf8 { byte, at } => {
                        format!("not UTF-8 text (byte 0x{byte:02x} at byte {at}), skipped")
                    }
                };
                failures += 1;
                writeln!(err, "{label}: {problem}")?;
            }
        }
        _ => {
            for (i, position) in args.positions.iter().enumerate() {
                if !solve_one(&format!("argument {}", i + 1), position, out, err)? {
                    failures += 1;
                }
            }
        }
    }
    Ok(failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(positions: &[&str]) -> SolveArgs {
        SolveArgs {
            weak: true,
            analyze: false,
            zero_based: false,
            table_bits: Some(ply_connect4::solver::MIN_TABLE_BITS),
            threads: 1,
            stats: false,
            book: Vec::new(),
            no_book: false,
            variant: VariantArgs::default(),
            positions: positions.iter().map(|p| p.to_string()).collect(),
        }
    }

    #[test]
    fn table_bits_out_of_range_are_refused_not_clamped() {
        // 33, 40 and 64 used to be clamped to 32 (32 GiB) and abort when allocated.
        for bits in [0, 16, 21, 29, 32, 33, 40, 64, u32::MAX] {
            let err = run(&SolveArgs {
                table_bits: Some(bits),
                ..args(&["4453"])
            })
            .unwrap_err()
            .to_string();
            assert!(err.contains(&format!("--table-bits {bits}")), "{err}");
            assert!(err.contains("22 to 28"), "{err}");
        }
    }

    #[test]
    fn zero_threads_are_refused() {
        for threads in [0, 65, usize::MAX] {
            let err = run(&SolveArgs {
                threads,
                ..args(&["4453"])
            })
            .unwrap_err()
            .to_string();
            assert!(err.contains(&format!("--threads {threads}")), "{err}");
            assert!(err.contains("1 to 64"), "{err}");
        }
    }

    /// A position of Pons' end-game set, quick to solve (weak score −1).
    const ENDGAME: &str = "2252576253462244111563365343671351441";

    /// Runs `solve_all` on `args` and `input`: (result, standard output, standard error).
    fn solve_text(args: &SolveArgs, input: Option<&[u8]>) -> (usize, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let failures = match input {
            Some(mut bytes) => solve_all(args, Some(&mut bytes), &mut out, &mut err),
            None => solve_all(args, None, &mut out, &mut err),
        }
        .unwrap();
        let text = |v: Vec<u8>| String::from_utf8(v).unwrap();
        (failures, text(out), text(err))
    }

    /// Positions given as arguments were called "line N", and `abc` said 'a' "names a
    /// column beyond the board's 7".
    #[test]
    fn arguments_are_called_arguments() {
        let (failures, out, err) = solve_text(&args(&[ENDGAME, "abc"]), None);
        assert_eq!(failures, 1);
        assert_eq!(out, format!("{ENDGAME} -1\n"));
        assert!(err.starts_with("argument 2: "), "{err}");
        assert!(!err.contains("line"), "{err}");
        assert!(
            err.contains("'a' is not a column of this 7-column board (its columns are 1 to 7)"),
            "{err}"
        );
    }

    /// A line of invalid UTF-8 stopped the command; a huge line was read whole and echoed.
    #[test]
    fn bad_input_lines_are_reported_and_skipped() {
        let mut input = b"\xff\n".to_vec();
        input.extend(format!("{ENDGAME}\r\n").bytes());
        input.extend(std::iter::repeat_n(b'4', MAX_LINE_BYTES + 1));
        input.extend(b"\n44\xc3\n");
        input.extend(std::iter::repeat_n(b'4', MAX_LINE_BYTES - 1));
        input.extend(b"x\n");
        input.extend(ENDGAME.bytes());
        let (failures, out, err) = solve_text(&args(&[]), Some(&input));
        assert_eq!(
            out,
            format!("{ENDGAME} -1\n{ENDGAME} -1\n"),
            "the good lines are solved: {out}"
        );
        assert_eq!(failures, 4, "{err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 4, "{err}");
        assert_eq!(
            lines[0],
            "line 1: not UTF-8 text (byte 0xff at byte 1), skipped"
        );
        assert_eq!(
            lines[1],
            format!(
                "line 3: too long ({} bytes; a line holds at most {MAX_LINE_BYTES}), skipped",
                MAX_LINE_BYTES + 1
            )
        );
        assert!(lines[2].starts_with("line 4: not UTF-8 text (byte 0xc3 at byte 3)"));
        // A line of the longest length is read, and its error quotes 80 characters of it.
        assert!(lines[3].starts_with("line 5: "), "{}", lines[3]);
        assert!(lines[3].len() < 400, "{}", lines[3]);
    }

    #[test]
    fn lines_end_at_newlines_whatever_the_buffer() {
        let input = b"12\r\n\n3";
        let mut reader = std::io::BufReader::with_capacity(1, &input[..]);
        let mut lines = Vec::new();
        while let Some(line) = next_line(&mut reader).unwrap() {
            lines.push(line);
        }
        let text = |s: &str| InputLine::Text(s.to_string());
        assert_eq!(lines, vec![text("12"), text(""), text("3")]);
        let mut empty: &[u8] = b"";
        assert_eq!(next_line(&mut empty).unwrap(), None);
    }
}
