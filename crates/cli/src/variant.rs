//! The variant flags, the same for every subcommand (docs/rules.md, "Conventions shared by
//! every game").

use clap::Args;

/// Options that pick a game's variant. Each game reads the flags that concern it and rejects
/// the ones that do not (so `--walls` with Connect Four is an error, not silently ignored).
#[derive(Args, Debug, Clone, Default)]
pub struct VariantArgs {
    /// Connect Four: number of columns (default 7).
    #[arg(long, help_heading = "Variant")]
    pub width: Option<usize>,
    /// Connect Four: number of rows (default 6).
    #[arg(long, help_heading = "Variant")]
    pub height: Option<usize>,
    /// Connect Four: pieces in a row needed to win (default 4).
    #[arg(long, help_heading = "Variant")]
    pub k: Option<usize>,
    /// Quoridor: board size, odd from 3 to 25 (default 9).
    #[arg(long, help_heading = "Variant")]
    pub size: Option<usize>,
    /// Quoridor: walls per player (default: 10 on 9x9, floor(7/4·n − 23/4) in general).
    #[arg(long, help_heading = "Variant")]
    pub walls: Option<u32>,
    /// Halma: board shape, star | rhombus | star121 (default star).
    #[arg(long, help_heading = "Variant")]
    pub board: Option<String>,
    /// Halma: number of players (default 2).
    #[arg(long, help_heading = "Variant")]
    pub players: Option<usize>,
}
