//! Which address a request came from: the socket's peer, or, only when that peer is a proxy
//! the configuration trusts, the right-most address of `X-Forwarded-For` that is not itself a
//! trusted proxy (the left part of the header is whatever the client chose to send). The
//! throttles, the audit trail and the request log all ask here.

use std::net::IpAddr;

use actix_web::{HttpRequest, web};
use ipnet::IpNet;

use crate::AppState;

/// The proxies whose `X-Forwarded-For` is believed; none by default.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Addresses and networks: `10.0.0.1`, `10.1.0.0/16`, `::1`.
    ///
    /// # Errors
    /// The first entry that is neither.
    pub fn parse<'a>(entries: impl IntoIterator<Item = &'a str>) -> Result<Self, String> {
        entries
            .into_iter()
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{entry} is not an IP address or network"))
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client behind `peer`, given the request's `X-Forwarded-For`.
    #[must_use]
    pub fn client(&self, peer: Option<IpAddr>, forwarded_for: Option<&str>) -> Option<IpAddr> {
        let peer = peer?;
        if !self.trusts(peer) {
            return Some(peer);
        }
        let mut hops = forwarded_for.unwrap_or_default().rsplit(',').map(str::trim);
        // The first hop from the right that no trusted proxy added; an unreadable one ends the
        // chain there, since nothing left of it can be believed either.
        let mut client = peer;
        for hop in hops.by_ref() {
            match hop.parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => client = ip,
                Ok(ip) => return Some(ip),
                Err(_) => break,
            }
        }
        Some(client)
    }
}

/// Whether the request came straight from a trusted proxy, whose headers may be believed.
#[must_use]
pub fn from_trusted_proxy(request: &HttpRequest) -> bool {
    let peer = request.peer_addr().map(|a| a.ip());
    match (peer, request.app_data::<web::Data<AppState>>()) {
        (Some(peer), Some(state)) => state.trusted_proxies.trusts(peer),
        _ => false,
    }
}

/// The client address of a request, as the application's configuration sees it.
#[must_use]
pub fn client_ip(request: &HttpRequest) -> Option<IpAddr> {
    let peer = request.peer_addr().map(|a| a.ip());
    let forwarded_for = request.headers().get("x-forwarded-for").and_then(|v| v.to_str().ok());
    match request.app_data::<web::Data<AppState>>() {
        Some(state) => state.trusted_proxies.client(peer, forwarded_for),
        None => peer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn forwarded_addresses_count_only_behind_a_trusted_proxy() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(Some(ip("203.0.113.9")), Some("198.51.100.1")), Some(ip("203.0.113.9")));

        let proxies = TrustedProxies::parse(["10.0.0.0/8", "192.0.2.7"]).unwrap();
        let behind = |header| proxies.client(Some(ip("10.0.0.2")), header);
        assert_eq!(behind(Some("198.51.100.1")), Some(ip("198.51.100.1")));
        assert_eq!(behind(Some("6.6.6.6, 198.51.100.1, 192.0.2.7")), Some(ip("198.51.100.1")), "spoofed left part");
        assert_eq!(behind(None), Some(ip("10.0.0.2")), "no header: the proxy itself");
        assert_eq!(behind(Some("garbage")), Some(ip("10.0.0.2")));
        assert_eq!(proxies.client(Some(ip("203.0.113.9")), Some("198.51.100.1")), Some(ip("203.0.113.9")));
        assert!(TrustedProxies::parse(["10.0.0.0/33"]).is_err());
    }
}
