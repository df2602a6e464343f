//! `ply analyze` where the agent finds no value or disagrees with itself (issue 39, row 19):
//! no `NaN` and no "best" fallback move in the table, and the engine's own move is best.

use super::{ply, stderr, stdout, temp_dir};

/// The column of the table a line's word falls in: `ply seat move best before after loss
/// verdict`.
fn columns(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// On 36x6 the exact solver cannot prove the opening positions in a few milliseconds: it
/// falls back on the centre column with no value. The table said `NaN` and "best i".
#[test]
fn positions_without_a_value_show_no_value_and_no_best_move() {
    let dir = temp_dir("analyze-36x6");
    let file = dir.join("game.txt");
    std::fs::write(
        &file,
        "[Game \"connect4\"]\n[Settings \"width=36\"]\n\n1. x\n2. i\n3. 8\n4. j\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = ply(&["analyze", "connect4", path, "--time", "5ms"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(!text.contains("NaN"), "{text}");
    let rows: Vec<Vec<&str>> = text.lines().skip(2).take(4).map(columns).collect();
    for row in &rows {
        // Without a value there is no best move and no verdict; with one, both.
        let valued = row[4] != "-";
        assert_eq!(row[3] != "-", valued, "{text}");
        assert_eq!(row[7] != "-", valued, "{text}");
    }
    let out = ply(
        &["analyze", "connect4", path, "--time", "5ms", "--json"],
        "",
    );
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    for m in json["moves"].as_array().unwrap() {
        assert_eq!(m["before"].is_null(), m["best"].is_null(), "{m}");
    }
}

/// Quoridor 25x25: the engine's own move showed a loss (the next position's search valued
/// it lower) next to the verdict "best". Its loss is 0 and its value after is its value
/// before.
#[test]
fn the_engines_own_move_is_best_with_no_loss() {
    let dir = temp_dir("analyze-own-move");
    let file = dir.join("game.txt");
    std::fs::write(
        &file,
        "[Game \"quoridor\"]\n[Settings \"size=25\"]\n\n1. m24\n2. m2\n3. c23v\n4. m3\n",
    )
    .unwrap();
    let out = ply(
        &[
            "analyze",
            "quoridor",
            file.to_str().unwrap(),
            "--agent",
            "strongest:nodes=300",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut own = 0;
    for row in text.lines().skip(2).take(4).map(columns) {
        if row[2] == row[3] {
            own += 1;
            assert_eq!(row[6], "0", "{text}");
            assert_eq!(row[4], row[5], "{text}");
            assert_eq!(row[7], "best", "{text}");
        }
    }
    assert!(
        own > 0,
        "the engine agrees with none of these moves: {text}"
    );
}
