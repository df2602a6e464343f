//! `ply`: play, analyse and compare adversarial searches on board games (see the library).

fn main() -> std::process::ExitCode {
    ply_cli::main()
}
