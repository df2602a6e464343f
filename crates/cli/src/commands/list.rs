//! `ply list`: every game as its descriptor describes it (variant options with their
//! defaults and ranges, seats, notation, what values mean, default agent), and every agent
//! of its catalog with its keys and their real values.

use clap::Args;
use ply_core::{Game, ZobristHash};
use ply_search::spec::{Catalog, LIMIT_KEYS};

use crate::games::{with_game, GameName};
use crate::variant::VariantArgs;

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Only this game.
    #[arg(value_enum)]
    pub game: Option<GameName>,
}

pub fn run(args: &ListArgs) -> anyhow::Result<()> {
    let games: Vec<GameName> = match args.game {
        Some(g) => vec![g],
        None => GameName::ALL.to_vec(),
    };
    println!("Agent specs: NAME[:key=value,...], e.g. alphabeta:depth=9 or mcts:time=750ms,c=2");
    println!(
        "A search whose spec and command set no limit ({}) plays its default budget.\n",
        LIMIT_KEYS.join(", ")
    );
    for game in games {
        let variant = VariantArgs::default();
        let shown: anyhow::Result<()> = with_game!(game, &variant, |state, catalog| {
            print_game(game, &state, &catalog);
            Ok(())
        });
        if let Err(e) = shown {
            println!("{}: {e}\n", game.name());
        }
    }
    Ok(())
}

fn print_game<G: Game + ZobristHash>(game: GameName, state: &G, catalog: &Catalog<G>) {
    let about = game.descriptor();
    match state.variant() {
        v if v.is_empty() => println!("{} ({})", about.name, about.title),
        v => println!("{} ({}) — {v}", about.name, about.title),
    }
    println!("  {}", about.summary);
    println!("  goal:            {}", about.goal);
    if about.params.is_empty() {
        println!("  variant options: none");
    } else {
        println!("  variant options:");
        for param in about.params {
            println!(
                "    --{:<10} {}, {} (default {})",
                param.name,
                param.help,
                param.allowed(),
                param.default
            );
        }
    }
    let seats: Vec<String> = about.seats.iter().map(|s| s.label()).collect();
    println!("  seats:           {}", seats.join(", "));
    println!(
        "  moves:           {} (e.g. {})",
        about.notation.summary, about.notation.example
    );
    println!("  values:          {}", about.values);
    println!("  protocol:        {}", super::engine::protocols(about));
    println!("  default agent:   {}", game.default_agent());
    println!(
        "  agents, then evaluators (eval=), orderings (order=) and playout policies (rollout=):"
    );
    for entry in catalog.entries() {
        println!("    {:<20} {}", entry.name, entry.description);
        for key in &entry.keys {
            println!(
                "    {:<20}   {}={} — {}",
                "",
                key.key,
                entry.value_of(key),
                key.help
            );
        }
        if let Some(budget) = &entry.budget {
            println!("    {:<20}   default budget: {budget}", "");
        }
    }
    println!();
}
