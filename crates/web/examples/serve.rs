//! `cargo run -p ply-web --example serve -- [PORT]`: the server without the `ply` binary
//! (for working on the page). `ply serve` is the real command.

use std::net::SocketAddr;

fn main() {
    let port: u16 = std::env::args()
        .filter_map(|a| a.parse().ok())
        .next()
        .unwrap_or(8080);
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let result = ply_web::run(addr, ply_web::ServerConfig::default(), |bound| {
        println!("ply serve: listening on http://{bound}/");
    });
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
