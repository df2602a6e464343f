//! The published test sets bundled with ply (the files in this crate's `data/` folder, whose
//! `SOURCES.md` gives their origin, licence and format), so that tests and
//! `ply bench connect4-solver --set NAME` need nothing beside the binary.

use crate::notation::ColumnBase;

/// One bundled set: its name, the board it is for, how its moves number the columns, and
/// its `moves score` lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundledSet {
    /// `Test_L1_R2` for Pascal Pons' sets, `steininger/9x5/midgame_L1` for Christophe
    /// Steininger's.
    pub name: &'static str,
    pub width: usize,
    pub height: usize,
    pub base: ColumnBase,
    pub text: &'static str,
}

/// Every bundled set: Pons' six 7x6 sets from the end of the game to its beginning, then
/// Steininger's 7x6, 9x5 and 10x6 sets.
pub const BUNDLED: &[BundledSet] = &[
    BundledSet {
        name: "Test_L3_R1",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L3_R1"),
    },
    BundledSet {
        name: "Test_L2_R1",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L2_R1"),
    },
    BundledSet {
        name: "Test_L2_R2",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L2_R2"),
    },
    BundledSet {
        name: "Test_L1_R1",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L1_R1"),
    },
    BundledSet {
        name: "Test_L1_R2",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L1_R2"),
    },
    BundledSet {
        name: "Test_L1_R3",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/Test_L1_R3"),
    },
    BundledSet {
        name: "steininger/7x6/opening_L1",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/opening_L1.txt"),
    },
    BundledSet {
        name: "steininger/7x6/opening_L2",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/opening_L2.txt"),
    },
    BundledSet {
        name: "steininger/7x6/opening_L3",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/opening_L3.txt"),
    },
    BundledSet {
        name: "steininger/7x6/midgame_L1",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/midgame_L1.txt"),
    },
    BundledSet {
        name: "steininger/7x6/midgame_L2",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/midgame_L2.txt"),
    },
    BundledSet {
        name: "steininger/7x6/endgame_L1",
        width: 7,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/7x6/endgame_L1.txt"),
    },
    BundledSet {
        name: "steininger/9x5/opening_L1",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/opening_L1.txt"),
    },
    BundledSet {
        name: "steininger/9x5/opening_L2",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/opening_L2.txt"),
    },
    BundledSet {
        name: "steininger/9x5/opening_L3",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/opening_L3.txt"),
    },
    BundledSet {
        name: "steininger/9x5/midgame_L1",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/midgame_L1.txt"),
    },
    BundledSet {
        name: "steininger/9x5/midgame_L2",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/midgame_L2.txt"),
    },
    BundledSet {
        name: "steininger/9x5/endgame_L1",
        width: 9,
        height: 5,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/9x5/endgame_L1.txt"),
    },
    BundledSet {
        name: "steininger/10x6/opening_L1",
        width: 10,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/10x6/opening_L1.txt"),
    },
    BundledSet {
        name: "steininger/10x6/opening_L2",
        width: 10,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/10x6/opening_L2.txt"),
    },
    BundledSet {
        name: "steininger/10x6/midgame_L1",
        width: 10,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/10x6/midgame_L1.txt"),
    },
    BundledSet {
        name: "steininger/10x6/midgame_L2",
        width: 10,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/10x6/midgame_L2.txt"),
    },
    BundledSet {
        name: "steininger/10x6/endgame_L1",
        width: 10,
        height: 6,
        base: ColumnBase::Zero,
        text: include_str!("../../data/steininger/10x6/endgame_L1.txt"),
    },
];

/// The analysis suites (`moves s1 … sW` lines: [`super::suite`]), by board: 7x6 with every
/// score, 8x7 and 9x7 with none (`?`).
pub const BUNDLED_SUITES: &[BundledSet] = &[
    BundledSet {
        name: "suite/7x6",
        width: 7,
        height: 6,
        base: ColumnBase::One,
        text: include_str!("../../data/suite/7x6.txt"),
    },
    BundledSet {
        name: "suite/8x7",
        width: 8,
        height: 7,
        base: ColumnBase::One,
        text: include_str!("../../data/suite/8x7.txt"),
    },
    BundledSet {
        name: "suite/9x7",
        width: 9,
        height: 7,
        base: ColumnBase::One,
        text: include_str!("../../data/suite/9x7.txt"),
    },
];

/// The bundled set called `name` (Steininger's also with the file's `.txt`).
pub fn bundled(name: &str) -> Option<&'static BundledSet> {
    bundled_in(BUNDLED, name)
}

/// The set called `name` among `sets` (also with the file's `.txt`).
pub fn bundled_in(sets: &'static [BundledSet], name: &str) -> Option<&'static BundledSet> {
    let name = name.strip_suffix(".txt").unwrap_or(name);
    sets.iter().find(|set| set.name == name)
}

/// The names of `sets`, comma-separated (for error messages).
pub fn names_of(sets: &[BundledSet]) -> String {
    sets.iter()
        .map(|set| set.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The names of every bundled set, comma-separated (for error messages).
pub fn bundled_names() -> String {
    names_of(BUNDLED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testset::parse_test_set;

    #[test]
    fn every_bundled_set_has_a_thousand_readable_lines() {
        assert_eq!(BUNDLED.len(), 6 + 6 + 6 + 5);
        for set in BUNDLED {
            let cases = parse_test_set(set.text).unwrap_or_else(|e| panic!("{}: {e}", set.name));
            assert_eq!(cases.len(), 1000, "{}", set.name);
        }
    }

    #[test]
    fn sets_are_found_by_name_with_or_without_txt() {
        assert_eq!(bundled("Test_L2_R1").unwrap().width, 7);
        let set = bundled("steininger/9x5/midgame_L1.txt").unwrap();
        assert_eq!((set.width, set.height, set.base), (9, 5, ColumnBase::Zero));
        assert!(bundled("Test_L9_R9").is_none());
        assert!(bundled_names().starts_with("Test_L3_R1, Test_L2_R1"));
    }
}
