//! `ply list`: every game with its variant options, and every agent with its keys.

use clap::Args;
use ply_core::{Game, ZobristHash};
use ply_search::spec::Catalog;

use crate::games::{default_agent, with_game, GameName};
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
    println!("Agent specs: NAME[:key=value,...], e.g. alphabeta:depth=9 or mcts:time=750ms,c=2\n");
    for game in games {
        let variant = VariantArgs::default();
        let shown: anyhow::Result<()> = with_game!(game, &variant, |state, catalog| {
            print_game(game, &state, &catalog);
            Ok(())
        });
        if let Err(e) = shown {
            println!("{}: {e}\n", game.as_str());
        }
    }
    Ok(())
}

fn print_game<G: Game + ZobristHash>(game: GameName, state: &G, catalog: &Catalog<G>) {
    match state.variant() {
        v if v.is_empty() => println!("{}", game.as_str()),
        v => println!("{} — {v}", game.as_str()),
    }
    println!("  variant options: {}", game.variant_help());
    println!("  default agent:   {}", default_agent(game));
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
    }
    println!();
}
