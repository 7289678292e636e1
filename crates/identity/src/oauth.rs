//! The rules of the game's sign-in through the portal, the way native apps sign in with
//! OAuth 2.0 (RFC 6749, RFC 7636 PKCE, RFC 8252 OAuth for native apps): which redirect URIs a
//! game app may register, how a presented one matches a registered one, and the proof that
//! the app exchanging a code is the one that asked for it.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use sha2::{Digest, Sha256};
use url::{Host, Url};

/// Why a redirect URI cannot be registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RedirectProblem {
    #[error("not an absolute URI")]
    NotAnUri,
    /// RFC 6749 §3.1.2: the endpoint URI must not include a fragment.
    #[error("a redirect URI has no fragment")]
    Fragment,
    /// Credentials never ride in a redirect URI (RFC 3986 §3.2.1 deprecates them).
    #[error("a redirect URI carries no user name or password")]
    Userinfo,
    /// Registered exactly as the app sends it: a wildcard host, or one the parser had to repair
    /// (`https:///cb` read as `https://cb/`), would match what the app never meant.
    #[error("write the URI exactly as the app sends it, without wildcards")]
    NotExact,
    /// RFC 8252 §8.3: `localhost` may resolve elsewhere; the loopback IP literal is certain.
    #[error("use 127.0.0.1 or [::1] instead of localhost")]
    Localhost,
    /// Plain HTTP only to the device itself (RFC 8252 §7.3, §8.1).
    #[error("plain http only to a loopback address")]
    InsecureHttp,
    /// RFC 8252 §7.1: a private-use scheme is a reverse domain name the app owns
    /// (`com.example.game:/callback`), so two apps do not claim the same one.
    #[error("a private-use scheme is a reverse domain name")]
    SchemeNotReverseDomain,
}

/// A redirect URI a game app registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedirectUri(Url);

impl RedirectUri {
    /// A redirect URI a game app may register: a loopback `http://127.0.0.1/…` or
    /// `http://[::1]/…` (any port), a private-use scheme `com.example.game:/callback`, or a
    /// claimed `https://` URL.
    ///
    /// # Errors
    /// The [`RedirectProblem`] that rules it out.
    pub fn parse(raw: &str) -> Result<Self, RedirectProblem> {
        let raw = raw.trim();
        let url = Url::parse(raw).map_err(|_| RedirectProblem::NotAnUri)?;
        if url.fragment().is_some() {
            return Err(RedirectProblem::Fragment);
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(RedirectProblem::Userinfo);
        }
        // Only the empty path of `https://host` may be written out (as `/`).
        let repaired = url.as_str() != raw && url.as_str().strip_suffix('/') != Some(raw);
        if repaired || url.host_str().is_some_and(|host| host.contains('*')) {
            return Err(RedirectProblem::NotExact);
        }
        match url.scheme() {
            "https" if url.host().is_some() => Ok(Self(url)),
            "http" | "https" => match url.host() {
                Some(Host::Domain(domain)) if domain.eq_ignore_ascii_case("localhost") => {
                    Err(RedirectProblem::Localhost)
                }
                Some(host) if is_loopback(&host) => Ok(Self(url)),
                _ => Err(RedirectProblem::InsecureHttp),
            },
            scheme if scheme.contains('.') => Ok(Self(url)),
            _ => Err(RedirectProblem::SchemeNotReverseDomain),
        }
    }

    /// A URI as stored when it was registered: the rules are checked then, so one registered
    /// under older rules keeps matching what it matched until an admin edits the app.
    ///
    /// # Errors
    /// [`RedirectProblem::NotAnUri`] for a stored value that is none.
    pub fn stored(raw: &str) -> Result<Self, RedirectProblem> {
        Url::parse(raw).map(Self).map_err(|_| RedirectProblem::NotAnUri)
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Whether `presented` (a request's `redirect_uri`) is this one: the same string, except
    /// that a loopback URI may name any port (RFC 8252 §7.3: the app opens one when it asks).
    #[must_use]
    pub fn matches(&self, presented: &str) -> bool {
        let Ok(presented) = Url::parse(presented) else { return false };
        if self.is_loopback() {
            let mut registered = self.0.clone();
            let mut asked = presented.clone();
            // Both are http URLs with an IP host, which always take a port.
            return registered.set_port(None).is_ok() && asked.set_port(None).is_ok() && registered == asked;
        }
        self.0 == presented
    }

    fn is_loopback(&self) -> bool {
        self.0.scheme() == "http" && self.0.host().is_some_and(|h| is_loopback(&h))
    }
}

/// The loopback literals RFC 8252 §7.3 names: `127.0.0.1` and `[::1]`, not the rest of
/// 127.0.0.0/8, which a device may route elsewhere.
fn is_loopback(host: &Host<&str>) -> bool {
    match host {
        Host::Ipv4(ip) => *ip == std::net::Ipv4Addr::LOCALHOST,
        Host::Ipv6(ip) => ip.is_loopback(),
        Host::Domain(_) => false,
    }
}

/// Whether `challenge` is an S256 code challenge: BASE64URL of a SHA-256, 43 characters
/// (RFC 7636 §4.2). `plain` is not accepted: it proves nothing to an eavesdropper.
#[must_use]
pub fn is_s256_challenge(challenge: &str) -> bool {
    challenge.len() == 43 && URL_SAFE_NO_PAD.decode(challenge).is_ok_and(|bytes| bytes.len() == 32)
}

/// Whether `verifier` is the secret behind `challenge` (RFC 7636 §4.6): 43 to 128 unreserved
/// characters whose SHA-256, in BASE64URL, is the challenge. Compared in constant time.
#[must_use]
pub fn verifies(verifier: &str, challenge: &str) -> bool {
    let unreserved = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~');
    (43..=128).contains(&verifier.len())
        && verifier.chars().all(unreserved)
        && kernel::secret::same_hash(&URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())), challenge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_7636_example_verifies() {
        let (verifier, challenge) =
            ("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
        assert!(is_s256_challenge(challenge));
        assert!(verifies(verifier, challenge));
        assert!(!verifies("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXK", challenge), "one letter off");
        assert!(!verifies(challenge, challenge), "plain: the challenge itself is no verifier");
        assert!(!verifies("short", challenge));
        assert!(!is_s256_challenge("plain-text-challenge"));
    }

    #[test]
    fn native_apps_register_loopback_private_use_or_https_uris() {
        for good in [
            "http://127.0.0.1/callback",
            "http://127.0.0.1:8400/callback",
            "http://[::1]/cb",
            "com.example.game:/callback",
            "https://game.example.com/oauth",
            "https://game.example.com",
        ] {
            assert!(RedirectUri::parse(good).is_ok(), "{good}");
        }
        for (bad, problem) in [
            ("not a uri", RedirectProblem::NotAnUri),
            ("http://127.0.0.1/cb#frag", RedirectProblem::Fragment),
            ("http://localhost:8400/cb", RedirectProblem::Localhost),
            ("http://game.example.com/cb", RedirectProblem::InsecureHttp),
            ("http://127.0.0.2/cb", RedirectProblem::InsecureHttp),
            ("https://user:pw@game.example.com/cb", RedirectProblem::Userinfo),
            ("https://*/cb", RedirectProblem::NotExact),
            ("https://*.example.com/cb", RedirectProblem::NotExact),
            ("https:///cb", RedirectProblem::NotExact),
            ("https://Game.Example.com/cb", RedirectProblem::NotExact),
            ("mygame:/callback", RedirectProblem::SchemeNotReverseDomain),
            ("javascript:alert(1)", RedirectProblem::SchemeNotReverseDomain),
        ] {
            assert_eq!(RedirectUri::parse(bad), Err(problem), "{bad}");
        }
    }

    #[test]
    fn a_loopback_uri_matches_on_any_port_and_nothing_else_moves() {
        let loopback = RedirectUri::parse("http://127.0.0.1/callback").unwrap();
        assert!(loopback.matches("http://127.0.0.1:51004/callback"));
        assert!(loopback.matches("http://127.0.0.1/callback"));
        assert!(!loopback.matches("http://127.0.0.1:51004/other"));
        assert!(!loopback.matches("http://127.0.0.2:51004/callback"));
        assert!(!loopback.matches("https://127.0.0.1:51004/callback"));
        let scheme = RedirectUri::parse("com.example.game:/callback").unwrap();
        assert!(scheme.matches("com.example.game:/callback"));
        assert!(!scheme.matches("com.example.game:/callback?next=evil"));
        let https = RedirectUri::parse("https://game.example.com/oauth").unwrap();
        assert!(!https.matches("https://game.example.com:8443/oauth"), "only loopback ports move");
    }
}
