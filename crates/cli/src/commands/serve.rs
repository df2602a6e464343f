//! `ply serve`: the web page and JSON API of `ply-web`, on a loopback address.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;
use ply_search::spec::parse_duration;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on: loopback only (127.0.0.1, ::1 or localhost).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0 picks a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The longest an engine move may take, queueing included (e.g. 750ms, 5s).
    #[arg(long, default_value = "5s", value_parser = parse_time_cap)]
    pub max_move_time: Duration,
    /// Engine searches running at once (default: the number of cores).
    #[arg(long)]
    pub max_searches: Option<usize>,
    /// Games held at once.
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
}

fn parse_time_cap(text: &str) -> Result<Duration, String> {
    match parse_duration(text) {
        Some(d) if !d.is_zero() => Ok(d),
        _ => Err(format!(
            "'{text}' is not a positive duration such as 750ms or 5s"
        )),
    }
}

fn loopback_ip(host: &str) -> anyhow::Result<IpAddr> {
    let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
        IpAddr::from([127, 0, 0, 1])
    } else {
        host.parse()
            .with_context(|| format!("--host '{host}' is not an IP address or localhost"))?
    };
    if !ip.is_loopback() {
        bail!("--host {host}: only loopback addresses (127.0.0.1, ::1, localhost) may be served");
    }
    Ok(ip)
}

pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let addr = SocketAddr::new(loopback_ip(&args.host)?, args.port);
    let mut config = ply_web::ServerConfig {
        max_move_time: args.max_move_time,
        max_games: args.max_games.max(1),
        ..ply_web::ServerConfig::default()
    };
    if let Some(n) = args.max_searches {
        if n == 0 {
            bail!("--max-searches 0: at least one search must be allowed");
        }
        config.max_searches = n;
    }
    ply_web::run(addr, config, |bound| {
        // The address goes to standard output so scripts (the e2e tests) can read the port.
        println!("ply serve: listening on http://{bound}/");
        eprintln!("press Ctrl-C to stop");
    })?;
    Ok(())
}
