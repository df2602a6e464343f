//! Who may talk to the server: requests addressed to it by a loopback name, and changes
//! made by its own page.
//!
//! The server listens on loopback only, but a web page the user visits elsewhere can still
//! reach it: through DNS rebinding (a name of the attacker's that first resolves to their
//! server, then to 127.0.0.1, so the browser treats the server's answers as the attacker's
//! own) or by posting to it across sites. So, before any route runs:
//!
//! - a request whose `Host` (or absolute request target) names anything but `localhost`, a
//!   loopback address (`127.0.0.1`, `[::1]`, …, whatever the port) or a name the user
//!   allowed ([`ServerConfig::allowed_hosts`](crate::ServerConfig::allowed_hosts),
//!   `ply serve --allow-host`) is refused: a rebinding attacker's page always sends its own
//!   name. A request without a `Host` (HTTP/1.0) cannot come from a browser and is served;
//! - a request that may change something (any method but GET, HEAD, OPTIONS) is refused when
//!   the browser says it comes from another site: an `Origin` that is not this server's own
//!   (`http://` and the request's `Host`), `Origin: null`, or `Sec-Fetch-Site: cross-site`
//!   or `same-site` (another port of localhost is another program).
//!
//! - a header the checks read that comes more than once (two `Host`, two `Origin`, two
//!   `Sec-Fetch-Site`) is refused: a check of the first would let the second through to
//!   whatever reads the last.
//!
//! Both are 403, with the API's JSON error (`forbidden_host`, `cross_site`). The page's own
//! requests are same-origin and pass.
//!
//! And no other site may show the page in a frame of its own (clickjacking): every answer
//! says `Content-Security-Policy: frame-ancestors 'none'` and `X-Frame-Options: DENY`
//! ([`never_framed`]).

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::uri::Authority;
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The names, besides `localhost` and loopback addresses, a request may address the server by.
#[derive(Debug, Clone, Default)]
pub struct HostGuard {
    /// Lower case, without a port.
    allowed: Vec<String>,
}

impl HostGuard {
    pub fn new(allowed: &[String]) -> Self {
        HostGuard {
            allowed: allowed.iter().map(|name| normal_name(name)).collect(),
        }
    }

    /// Whether a request may be addressed to `name` (a host without its port).
    fn allows(&self, name: &str) -> bool {
        let name = normal_name(name);
        name == "localhost"
            || name
                .parse::<IpAddr>()
                .is_ok_and(|ip| ip.to_canonical().is_loopback())
            || self.allowed.contains(&name)
    }

    /// Refuses `host` (an authority, `name[:port]`) unless it names the server.
    fn check_host(&self, host: &str) -> Result<(), ApiError> {
        match host.parse::<Authority>() {
            Ok(authority) if self.allows(authority.host()) => Ok(()),
            _ => Err(ApiError::ForbiddenHost(host.to_string())),
        }
    }

    /// Refuses a request to change something that the browser says another site sent.
    fn check_same_origin(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        for name in [header::ORIGIN, SEC_FETCH_SITE] {
            if let Some(values) = repeated(headers, &name) {
                return Err(ApiError::CrossSite(format!(
                    "{name} given more than once: {values}"
                )));
            }
        }
        let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("\u{fffd}"));
        if let Some(site) = text(SEC_FETCH_SITE) {
            if ["cross-site", "same-site"].contains(&site.trim().to_ascii_lowercase().as_str()) {
                return Err(ApiError::CrossSite(format!("Sec-Fetch-Site: {site}")));
            }
        }
        let Some(origin) = text(header::ORIGIN) else {
            return Ok(());
        };
        let own = match text(header::HOST) {
            Some(host) => origin
                .strip_prefix("http://")
                .is_some_and(|authority| authority.eq_ignore_ascii_case(host)),
            // No Host to compare with: the origin must at least name the server.
            None => origin
                .strip_prefix("http://")
                .is_some_and(|authority| self.check_host(authority).is_ok()),
        };
        if own {
            Ok(())
        } else {
            Err(ApiError::CrossSite(format!("Origin: {origin}")))
        }
    }

    fn check(&self, request: &Request) -> Result<(), ApiError> {
        let headers = request.headers();
        if let Some(values) = repeated(headers, &header::HOST) {
            return Err(ApiError::ForbiddenHost(values));
        }
        if let Some(host) = headers.get(header::HOST) {
            self.check_host(host.to_str().unwrap_or("\u{fffd}"))?;
        }
        if let Some(authority) = request.uri().authority() {
            self.check_host(authority.as_str())?;
        }
        if !request.method().is_safe() {
            self.check_same_origin(headers)?;
        }
        Ok(())
    }
}

const SEC_FETCH_SITE: header::HeaderName = header::HeaderName::from_static("sec-fetch-site");

/// The values of `name`, joined, when the request gives it more than once.
fn repeated(headers: &HeaderMap, name: &header::HeaderName) -> Option<String> {
    let values: Vec<&str> = headers
        .get_all(name)
        .iter()
        .map(|v| v.to_str().unwrap_or("\u{fffd}"))
        .collect();
    (values.len() > 1).then(|| values.join(", "))
}

/// The middleware that keeps the page out of other sites' frames: every answer, the page's
/// and the API's, errors included, says no site may frame it.
pub async fn never_framed(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static("frame-ancestors 'none'"),
    );
    headers.insert(
        header::X_FRAME_OPTIONS,
        header::HeaderValue::from_static("DENY"),
    );
    response
}

/// Reads a name for [`ServerConfig::allowed_hosts`](crate::ServerConfig::allowed_hosts)
/// (`ply serve --allow-host`): a host name (letters, digits, `-`, `.`) or an IP address,
/// without a scheme or a port; returned as it is compared.
pub fn parse_allowed_host(text: &str) -> Result<String, String> {
    let name = normal_name(text);
    let is_host_name = !name.is_empty()
        && name.split('.').all(|label| {
            !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    if is_host_name || name.parse::<IpAddr>().is_ok() {
        Ok(name)
    } else {
        Err(format!(
            "{}: expected a host name (letters, digits, '-' and '.') or an IP address, \
             without a scheme or a port, such as ply.local",
            ply_core::quote(text)
        ))
    }
}

/// `name` in the form hosts are compared in: lower case, no brackets around an IPv6
/// address, no final dot.
fn normal_name(name: &str) -> String {
    let name = name.trim();
    let name = name
        .strip_prefix('[')
        .and_then(|inner| inner.strip_suffix(']'))
        .unwrap_or(name);
    name.strip_suffix('.').unwrap_or(name).to_ascii_lowercase()
}

/// The middleware: refuses what [`HostGuard`] refuses before any route runs.
pub async fn same_origin_only(
    State(guard): State<Arc<HostGuard>>,
    request: Request,
    next: Next,
) -> Response {
    match guard.check(&request) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_allowed_names_pass_whatever_the_port() {
        let guard = HostGuard::new(&["Ply.Example".to_string()]);
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "localhost.:80",
            "127.0.0.1",
            "127.0.0.1:34119",
            "127.8.9.10:1",
            "[::1]",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:8080",
            "ply.example",
            "ply.example:9000",
        ] {
            assert!(guard.check_host(host).is_ok(), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "0.0.0.0:8080",
            "10.0.0.1",
            "[::]",
            "",
            "local host",
            "ply.example.evil",
        ] {
            let error = guard.check_host(host).unwrap_err();
            assert_eq!(error.kind(), "forbidden_host", "{host}");
        }
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn allowed_names_are_names_or_addresses_without_ports() {
        assert_eq!(parse_allowed_host("Ply.Local").unwrap(), "ply.local");
        assert_eq!(parse_allowed_host("[::1]").unwrap(), "::1");
        assert_eq!(parse_allowed_host("192.168.1.2").unwrap(), "192.168.1.2");
        for bad in [
            "",
            "ply.local:8080",
            "http://ply.local",
            "*",
            "a..b",
            "a b",
            "ply/",
        ] {
            let message = parse_allowed_host(bad).unwrap_err();
            assert!(
                message.contains("without a scheme or a port"),
                "{bad}: {message}"
            );
        }
    }

    #[test]
    fn only_the_servers_own_origin_may_change_things() {
        let guard = HostGuard::default();
        for ok in [
            headers(&[("host", "127.0.0.1:8080")]),
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080"),
            ]),
            headers(&[
                ("host", "localhost:8080"),
                ("sec-fetch-site", "same-origin"),
            ]),
            headers(&[("host", "localhost:8080"), ("sec-fetch-site", "none")]),
            headers(&[("origin", "http://localhost:1")]),
        ] {
            assert!(guard.check_same_origin(&ok).is_ok(), "{ok:?}");
        }
        for refused in [
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://evil.example"),
            ]),
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:3000"),
            ]),
            headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "https://127.0.0.1:8080"),
            ]),
            headers(&[("host", "127.0.0.1:8080"), ("origin", "null")]),
            headers(&[("host", "localhost:8080"), ("sec-fetch-site", "cross-site")]),
            headers(&[("host", "localhost:8080"), ("sec-fetch-site", "same-site")]),
            headers(&[("origin", "http://evil.example")]),
        ] {
            let error = guard.check_same_origin(&refused).unwrap_err();
            assert_eq!(error.kind(), "cross_site", "{refused:?}");
        }
    }

    /// Issue 52, row 13: a second `Origin` or `Sec-Fetch-Site` after the server's own was
    /// never looked at.
    #[test]
    fn row_13_a_header_given_twice_is_refused() {
        let guard = HostGuard::default();
        for (name, own, other) in [
            ("origin", "http://127.0.0.1:8080", "http://evil.example"),
            ("sec-fetch-site", "same-origin", "cross-site"),
        ] {
            let mut map = headers(&[("host", "127.0.0.1:8080"), (name, own)]);
            map.append(name, other.parse().unwrap());
            let error = guard.check_same_origin(&map).unwrap_err();
            assert_eq!(error.kind(), "cross_site", "{map:?}");
            assert!(error.to_string().contains("more than once"), "{error}");
        }
    }
}
