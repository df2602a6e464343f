//! Small refusals that named neither the input nor the rule (issue 39, row 20): each now
//! quotes what was given and says what is expected.

use super::{ply, stderr, stdout, temp_dir};

#[test]
fn play_names_a_level_that_is_neither_a_number_nor_an_id() {
    let out = ply(&["play", "connect4", "--level", "perfect-1000ms"], "quit\n");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("--level 'perfect-1000ms'"), "{err}");
    assert!(
        err.contains("a number from 1 to 8 or a level id") && err.contains("perfect-100ms"),
        "{err}"
    );
    assert!(!err.contains("invalid digit"), "{err}");
    // The id the message offers is accepted.
    let out = ply(&["play", "connect4", "--level", "perfect-100ms"], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("perfect:time=100ms"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn serve_on_a_busy_port_says_so_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = ply(&["serve", "--port", &port], "");
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    let line = err.lines().next().unwrap_or_default();
    let cause = line.rsplit(": ").next().unwrap();
    assert_eq!(line.matches(cause).count(), 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn bench_solver_refuses_to_measure_nothing() {
    let out = ply(
        &[
            "bench",
            "connect4-solver",
            "--set",
            "Test_L3_R1",
            "--limit",
            "0",
        ],
        "",
    );
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("'0'") && err.contains("at least 1"), "{err}");
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    let dir = temp_dir("bench-empty-set");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let out = ply(
        &["bench", "connect4-solver", "--set", empty.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("holds no position") && err.contains("nothing to measure"),
        "{err}"
    );
    assert!(!stdout(&out).contains("mean time"), "{}", stdout(&out));
}
