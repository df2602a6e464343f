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
    /// The longest the solver view may think on one position (e.g. 3s; default 1s): past
    /// it the page says the position was not solved. It is also the time an exact analysis
    /// gives a position.
    #[arg(long, value_parser = parse_time_cap)]
    pub max_solver_time: Option<Duration>,
    /// Engine searches running at once (default: the number of cores).
    #[arg(long)]
    pub max_searches: Option<usize>,
    /// The most memory one search's tables may take, in MiB (tt=, perfect's table=);
    /// agent specs that would take more are refused.
    #[arg(long, default_value_t = ply_web::DEFAULT_MAX_SEARCH_MB)]
    pub max_search_mb: u64,
    /// The most threads one search may start (threads= of perfect and strongest); agent
    /// specs that ask for more are refused.
    #[arg(long, default_value_t = ply_web::DEFAULT_MAX_SEARCH_THREADS)]
    pub max_search_threads: u64,
    /// Games held at once (1 or more).
    #[arg(long, default_value_t = 10_000)]
    pub max_games: usize,
    /// Games one client (one peer address; every loopback address is one) may hold at once
    /// (1 or more).
    #[arg(long, default_value_t = ply_web::ServerConfig::default().max_games_per_client)]
    pub max_games_per_client: usize,
    /// A host name requests may be addressed to besides localhost and loopback addresses
    /// (such as a name in /etc/hosts for 127.0.0.1); repeat for more. Requests addressed to
    /// any other name are refused, which defeats DNS rebinding.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = ply_web::parse_allowed_host)]
    pub allowed_hosts: Vec<String>,
    /// How long a game no request touches is kept before it is forgotten (e.g. 30m).
    #[arg(long, default_value = "60m", value_parser = parse_time_cap)]
    pub game_ttl: Duration,
    /// The longest a client may take to send a request's headers (e.g. 10s).
    #[arg(long, default_value = "10s", value_parser = parse_time_cap)]
    pub header_read_timeout: Duration,
    /// The longest a client may take to send a request's body (e.g. 10s).
    #[arg(long, default_value = "10s", value_parser = parse_time_cap)]
    pub body_read_timeout: Duration,
    /// The longest a connection may stay silent while no request on it is answered.
    #[arg(long, default_value = "60s", value_parser = parse_time_cap)]
    pub idle_timeout: Duration,
}

/// `--max-move-time`: a duration in the shared grammar of [`ply_core::duration`] (a unit is
/// required, at most one year), more than zero. Clap names the flag in front of the message.
fn parse_time_cap(text: &str) -> Result<Duration, String> {
    match parse_duration(text) {
        Some(d) if !d.is_zero() => Ok(d),
        Some(_) => Err(format!(
            "{}: the cap must be more than 0, such as 750ms or 5s (at most 1 year)",
            ply_core::duration::Quoted::new(text)
        )),
        // The same parser again, for its message saying what is wrong.
        None => Err(ply_core::duration::parse_duration(text).err().map_or_else(
            || ply_core::duration::GRAMMAR.to_string(),
            |e| e.to_string(),
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
        max_games: args.max_games,
        max_games_per_client: args.max_games_per_client,
        max_search_mb: args.max_search_mb,
        max_search_threads: args.max_search_threads,
        allowed_hosts: args.allowed_hosts.clone(),
        game_ttl: args.game_ttl,
        header_read_timeout: args.header_read_timeout,
        body_read_timeout: args.body_read_timeout,
        idle_timeout: args.idle_timeout,
        ..ply_web::ServerConfig::default()
    };
    if let Some(time) = args.max_solver_time {
        config.max_solver_time = time;
    }
    if let Some(n) = args.max_searches {
        if n == 0 {
            bail!("--max-searches 0: at least one search must be allowed");
        }
        config.max_searches = n;
    }
    for (flag, value) in [
        ("--max-games", args.max_games),
        ("--max-games-per-client", args.max_games_per_client),
    ] {
        if value == 0 {
            bail!("{flag} 0: the server must hold at least one game (give 1 or more)");
        }
    }
    if args.max_search_threads == 0 {
        bail!("--max-search-threads 0: a search needs at least one thread");
    }
    ply_web::run(addr, config, |bound| {
        // The address goes to standard output so scripts (the e2e tests) can read the port.
        println!("ply serve: listening on http://{bound}/");
        eprintln!("press Ctrl-C to stop");
    })?;
    Ok(())
}
