//! Every example of the user documentation runs as written: the ```` ```console ```` blocks of
//! `docs/cli.md` and `README.md`.
//!
//! Each block runs in a fresh temporary folder, so examples that write files (`--save`,
//! `--out`, books) write there and a later command of the same block reads them. Each `$ `
//! line is one command, run with `sh -c` with this build's `ply` first on `PATH` and its
//! standard error sent to standard output, as a terminal shows both; the lines after it, up
//! to the next `$ ` line, are its output. The output is compared by snapbox: `[..]` stands for
//! any text within a line (times, dates, speeds) and a line `...` for any number of lines.
//!
//! What cannot run here is in ```` ```text ```` or ```` ```sh ```` blocks, its output recorded
//! once: `ply serve` with curl (a server and a client), the Cup referee and the wrapper
//! script that starts ply under it (outside programs), an arena interrupted by Ctrl-C,
//! `ply solve connect4 --no-book` of the empty board (20 s), `ply bench connect4-perfect`
//! (minutes, and what it measures depends on the clock), `ply report seeds` (minutes) and
//! `ply levels --measure` (hours), and the measurements of `docs/results/`.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One `$ ` command of a console block and the output the document shows for it.
#[derive(Debug, PartialEq)]
struct Example {
    /// The line of the command in its document, 1-based.
    line: usize,
    command: String,
    expected: String,
}

/// The console blocks of a Markdown text, each as its examples in order.
fn console_blocks(text: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Example>> = None;
    for (index, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim() == "```console" => current = Some(Vec::new()),
            None => {}
            Some(_) if line.trim() == "```" => blocks.extend(current.take()),
            Some(examples) => match line.strip_prefix("$ ") {
                Some(command) => examples.push(Example {
                    line: index + 1,
                    command: command.to_string(),
                    expected: String::new(),
                }),
                None => {
                    let example = examples
                        .last_mut()
                        .unwrap_or_else(|| panic!("line {}: output before a command", index + 1));
                    example.expected.push_str(line);
                    example.expected.push('\n');
                }
            },
        }
    }
    assert!(current.is_none(), "a console block is not closed");
    blocks
}

/// A folder holding only `ply` (a link to the binary under test), for the front of `PATH`.
fn ply_on_path(root: &Path) -> String {
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_ply"), bin.join("ply")).unwrap();
    let rest = std::env::var("PATH").unwrap_or_default();
    format!("{}:{rest}", bin.display())
}

/// Runs every example of `doc` (a path from the workspace root) and returns the failures.
fn run_examples(doc: &str, root: &Path, path: &str) -> (usize, Vec<String>) {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(workspace.join(doc)).unwrap();
    let assert = snapbox::Assert::new().normalize_paths(false);
    let mut count = 0;
    let mut failures = Vec::new();
    for (number, block) in console_blocks(&text).into_iter().enumerate() {
        let dir: PathBuf = root.join(format!("{}-{number}", doc.replace('/', "-")));
        std::fs::create_dir_all(&dir).unwrap();
        for example in block {
            count += 1;
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1; {}", example.command))
                .current_dir(&dir)
                .env("PATH", path)
                .stdin(Stdio::null())
                .output()
                .expect("sh runs");
            let actual = String::from_utf8_lossy(&output.stdout);
            let name = format!("{doc}:{}: $ {}", example.line, example.command);
            if let Err(error) = assert.try_eq(
                Some(&name),
                actual.trim_end_matches('\n').into(),
                example.expected.trim_end_matches('\n').into(),
            ) {
                failures.push(format!("{name}\n{error}"));
            }
        }
    }
    (count, failures)
}

#[test]
fn every_console_example_of_the_docs_runs_as_written() {
    let root = std::env::temp_dir().join(format!("ply-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let path = ply_on_path(&root);
    let mut failures = Vec::new();
    let mut total = 0;
    for doc in ["docs/cli.md", "README.md"] {
        let (count, failed) = run_examples(doc, &root, &path);
        total += count;
        failures.extend(failed);
    }
    let _ = std::fs::remove_dir_all(&root);
    // A parser that found nothing would pass every time.
    assert!(total >= 40, "only {total} examples found");
    assert!(
        failures.is_empty(),
        "{} of {total} documented examples differ from what they print now:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn console_blocks_split_commands_from_their_output() {
    let text = "intro\n```console\n$ ply a\none\ntwo\n$ ply b\n```\n```text\n$ not run\n```\n\
                ```console\n$ ply c\n...\n```\n";
    let blocks = console_blocks(text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(
        blocks[0],
        vec![
            Example {
                line: 3,
                command: "ply a".into(),
                expected: "one\ntwo\n".into()
            },
            Example {
                line: 6,
                command: "ply b".into(),
                expected: String::new()
            },
        ]
    );
    assert_eq!(blocks[1][0].expected, "...\n");
}

/// The matcher's wildcards do what the module says, and a real difference is found.
#[test]
fn wildcards_match_what_varies_and_nothing_else() {
    let assert = snapbox::Assert::new().normalize_paths(false);
    let check =
        |actual: &str, expected: &str| assert.try_eq(None, actual.into(), expected.into()).is_ok();
    assert!(check("in 0.052 s\nnext", "in [..]\nnext"));
    assert!(check("a\nb\nc\nend", "a\n...\nend"));
    assert!(check("ply \\- x", "ply \\- x"));
    assert!(!check("1 7\n2 48", "1 7\n2 49"));
    assert!(!check("a\nb", "a"));
}
