//! The bound of the table-size keys and what a spec's tables would take.

use std::sync::Arc;

use ply_core::eval::Zero;

use super::*;
use crate::synthetic::SyntheticGame;

fn catalog() -> Catalog<SyntheticGame> {
    let mut catalog = Catalog::generic(Arc::new(Zero));
    catalog.add_preset("big", "a preset with a large table", "alphabeta:tt=512");
    catalog
}

/// `alphabeta:tt=4096` (and `paranoid:tt=65536`) used to be accepted: gigabytes per agent.
#[test]
fn table_sizes_over_the_bound_are_refused_naming_agent_key_value_and_range() {
    let catalog = catalog();
    for (agent, value) in [
        ("alphabeta", "4096"),
        ("alphabeta", "1025"),
        ("paranoid", "4096"),
        ("paranoid", "65536"),
        ("alphabeta", "-1"),
        ("alphabeta", "99999999999999999999999"),
    ] {
        let spec = format!("{agent}:tt={value}");
        for error in [
            catalog.build(&spec, 1).err().unwrap(),
            catalog.table_bytes(&spec).unwrap_err(),
        ] {
            assert!(matches!(error, SpecError::BadValue { .. }), "{error}");
            let message = error.to_string();
            for part in [
                format!("'{agent}'"),
                "'tt'".to_string(),
                format!("'{value}'"),
                "from 0 to 1024".to_string(),
            ] {
                assert!(message.contains(&part), "{spec}: {message}");
            }
        }
    }
    for spec in ["alphabeta:tt=0", "paranoid:tt=0", "alphabeta:tt=1"] {
        assert!(catalog.build(spec, 1).is_ok(), "{spec}");
    }
}

#[test]
fn the_bound_is_stated_in_the_key_help() {
    assert_eq!(MAX_TABLE_MB, 1024);
    for name in ["alphabeta", "paranoid", "big"] {
        let entry = catalog()
            .entries()
            .into_iter()
            .find(|e| e.name == name)
            .unwrap();
        let tt = entry.keys.iter().find(|k| k.key == "tt").unwrap();
        assert!(tt.help.contains("0 to 1024"), "{name}: {}", tt.help);
    }
}

#[test]
fn table_bytes_reports_the_tables_a_spec_would_allocate() {
    let catalog = catalog();
    let mb = 1u64 << 20;
    for (spec, bytes) in [
        ("alphabeta", 16 * mb),
        ("alphabeta:tt=1024", 1024 * mb),
        ("alphabeta:tt=0", 0),
        ("paranoid:tt=64", 64 * mb),
        ("big", 512 * mb),
        ("big:tt=2", 2 * mb),
        ("mcts", 0),
        ("maxn", 0),
        ("random", 0),
    ] {
        assert_eq!(catalog.table_bytes(spec), Ok(bytes), "{spec}");
    }
    // The spec is checked as `build` checks it.
    assert!(matches!(
        catalog.table_bytes("alphabeta:dept=3"),
        Err(SpecError::UnknownKey { .. })
    ));
    assert!(matches!(
        catalog.table_bytes("nobody"),
        Err(SpecError::UnknownAgent { .. })
    ));
}

#[test]
fn a_game_declares_the_memory_of_its_own_agents() {
    let mut catalog = catalog();
    const KEYS: &[KeyInfo] = &[KeyInfo::new("bits", "10", "log2 of 8-byte entries")];
    catalog.add_agent(
        "solver",
        "a table of 2^bits entries",
        KEYS,
        |_, rng_seed| Ok(Box::new(crate::random::RandomAgent::new(rng_seed))),
    );
    assert_eq!(catalog.table_bytes("solver:bits=20"), Ok(0));
    assert!(catalog.set_table_memory("solver", |p| Ok(8 << p.u32("bits")?)));
    assert_eq!(catalog.table_bytes("solver:bits=20"), Ok(8 << 20));
    assert_eq!(catalog.table_bytes("solver"), Ok(8 << 10));
    assert!(!catalog.set_table_memory("nobody", |_| Ok(1)));
    // Replacing the agent forgets what the old one declared.
    catalog.add_agent("solver", "again", KEYS, |_, rng_seed| {
        Ok(Box::new(crate::random::RandomAgent::new(rng_seed)))
    });
    assert_eq!(catalog.table_bytes("solver"), Ok(0));
}

/// `ply list` showed a preset's agent defaults (`tt=16` for a preset that sets `tt=512`).
#[test]
fn a_preset_lists_the_values_it_gives_its_agent_through_a_chain_of_presets() {
    let mut catalog = catalog();
    catalog.add_preset("bigger", "the big preset, deeper", "big:depth=7");
    let entries = catalog.entries();
    let value = |name: &str, key: &str| {
        let entry = entries.iter().find(|e| e.name == name).unwrap();
        let info = entry.keys.iter().find(|k| k.key == key).unwrap();
        entry.value_of(info).to_string()
    };
    assert_eq!(value("big", "tt"), "512");
    assert_eq!(value("bigger", "tt"), "512");
    assert_eq!(value("bigger", "depth"), "7");
    assert_eq!(
        value("bigger", "pvs"),
        "true",
        "a key the presets leave keeps its default"
    );
    assert_eq!(value("alphabeta", "tt"), "16");
}

/// A time flag is the agent's budget: it replaces a preset's time, loses (with a note) to a
/// `time=` the user wrote, and caps an agent with no time of its own.
#[test]
fn a_time_flag_is_the_agents_budget_unless_the_spec_sets_its_own() {
    let mut catalog = catalog();
    catalog.add_preset(
        "quick",
        "a preset with its own time",
        "alphabeta:time=100ms",
    );
    let second = Some(std::time::Duration::from_secs(1));

    let preset = catalog.with_time("quick", second, "--time").unwrap();
    assert_eq!(preset.spec, "quick:time=1000ms");
    assert_eq!((preset.limit, preset.note), (second, None));
    assert!(catalog.build(&preset.spec, 1).is_ok());

    let with_keys = catalog
        .with_time("alphabeta:depth=3", second, "--time")
        .unwrap();
    assert_eq!(with_keys.spec, "alphabeta:depth=3,time=1000ms");

    let own = catalog
        .with_time("alphabeta:time=250ms", second, "--time")
        .unwrap();
    assert_eq!(own.spec, "alphabeta:time=250ms");
    assert_eq!(own.limit, None, "the flag must not cap the spec's own time");
    let note = own.note.unwrap();
    assert!(
        note.contains("--time 1000ms is not used") && note.contains("time=250ms"),
        "{note}"
    );

    let fixed = catalog.with_time("random", second, "--time").unwrap();
    assert_eq!((fixed.spec.as_str(), fixed.limit), ("random", second));

    let untouched = catalog.with_time("quick", None, "--time").unwrap();
    assert_eq!((untouched.spec.as_str(), untouched.limit), ("quick", None));

    assert!(catalog.with_time("nosuch", second, "--time").is_err());
    assert_eq!(
        format_duration(std::time::Duration::from_micros(1500)),
        "1500us"
    );
}
