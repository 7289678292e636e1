//! What a game app is granted when a trainee signs in to it (RFC 6749 §4.1 with RFC 7636): the
//! checks of an authorization request, the one-time code that answers it, and the rotating
//! refresh tokens of the session the code opens. The session itself is an ordinary session
//! row, so signing out everywhere, disabling the user or changing their role ends it too.

use std::future::Future;

use kernel::{GameAppId, SessionId, UserId};
use time::{Duration, OffsetDateTime};
use url::Url;

use crate::{
    game_apps::{GameApp, GameScope},
    oauth::{self, RedirectUri},
};

/// A code is exchanged at once by the game that asked for it (RFC 6749 §4.1.2: ten minutes
/// at most).
pub const CODE_LIFETIME: Duration = Duration::seconds(60);
/// A game's access token; the session behind it is checked on every request anyway.
pub const ACCESS_LIFETIME: Duration = Duration::minutes(10);
/// One refresh token, unused.
pub const REFRESH_LIFETIME: Duration = Duration::days(30);
/// A game's session, however often it refreshes: then the trainee signs in again.
pub const GRANT_LIFETIME: Duration = Duration::days(90);
/// The hand-off link from the game to the portal.
pub const HANDOFF_LIFETIME: Duration = Duration::seconds(60);

/// What a game app holds for a trainee: which app, allowed what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGrant {
    pub app: GameAppId,
    pub scopes: Vec<GameScope>,
}

impl GameGrant {
    #[must_use]
    pub fn allows(&self, scope: GameScope) -> bool {
        self.scopes.contains(&scope)
    }
}

/// Scopes as OAuth writes them: space-separated.
#[must_use]
pub fn scope_text(scopes: &[GameScope]) -> String {
    scopes.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
}

/// The query of `GET /oauth/authorize`, as the game sent it.
#[derive(Clone, Debug, Default)]
pub struct AuthorizationRequest {
    pub client_id: String,
    pub redirect_uri: String,
    pub response_type: String,
    pub code_challenge: String,
    pub code_challenge_method: String,
    pub scope: Option<String>,
    pub state: Option<String>,
}

/// A request that passed every check: what the trainee is asked to allow.
#[derive(Clone, Debug)]
pub struct CheckedRequest {
    pub app: GameApp,
    /// As presented (a loopback URI with the game's port).
    pub redirect_uri: String,
    pub scopes: Vec<GameScope>,
    pub code_challenge: String,
    pub state: Option<String>,
}

impl CheckedRequest {
    /// The game's redirect URI with `params` (and the request's `state`) added to its query.
    #[must_use]
    pub fn answer(&self, params: &[(&str, &str)]) -> String {
        back_to(&self.redirect_uri, params, self.state.as_deref())
    }
}

/// Why an authorization request is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// No enabled game app has this client id: the portal cannot tell whom to answer.
    #[error("unknown or disabled game")]
    UnknownClient,
    /// The redirect URI is missing or not one the app registered: never redirected to.
    #[error("redirect URI not registered")]
    RedirectUri,
    /// Anything else is told to the game at its (verified) redirect URI (RFC 6749 §4.1.2.1).
    #[error("{error}: {description}")]
    Invalid { error: &'static str, description: &'static str, redirect_to: String },
}

/// Checks a request against the app it names (`None` when no enabled app has its client id).
///
/// # Errors
/// The [`RequestError`] that rules it out, first the client, then the redirect URI.
pub fn check(request: &AuthorizationRequest, app: Option<GameApp>) -> Result<CheckedRequest, RequestError> {
    let app = app.filter(|a| a.disabled_at.is_none()).ok_or(RequestError::UnknownClient)?;
    if !app.redirect_uris.iter().any(|uri: &RedirectUri| uri.matches(&request.redirect_uri)) {
        return Err(RequestError::RedirectUri);
    }
    let refuse = |error, description| RequestError::Invalid {
        error,
        description,
        redirect_to: back_to(
            &request.redirect_uri,
            &[("error", error), ("error_description", description)],
            request.state.as_deref(),
        ),
    };
    if request.response_type.is_empty() {
        return Err(refuse("invalid_request", "response_type is required"));
    }
    if request.response_type != "code" {
        return Err(refuse("unsupported_response_type", "only response_type=code"));
    }
    if request.code_challenge_method != "S256" || !oauth::is_s256_challenge(&request.code_challenge) {
        return Err(refuse("invalid_request", "PKCE with code_challenge_method=S256 is required"));
    }
    if request.state.as_ref().is_some_and(|s| s.len() > 512) {
        return Err(refuse("invalid_request", "state is longer than 512 characters"));
    }
    let scopes = match request.scope.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        // No scope asked: everything the app may ask for (RFC 6749 §3.3 lets the server choose).
        None => app.scopes.clone(),
        Some(asked) => {
            let mut scopes = Vec::new();
            for name in asked.split(' ').filter(|s| !s.is_empty()) {
                match GameScope::parse(name).filter(|s| app.scopes.contains(s)) {
                    Some(scope) => scopes.push(scope),
                    None => return Err(refuse("invalid_scope", "a scope this game may not ask for")),
                }
            }
            scopes.sort_unstable();
            scopes.dedup();
            scopes
        }
    };
    Ok(CheckedRequest {
        redirect_uri: request.redirect_uri.clone(),
        scopes,
        code_challenge: request.code_challenge.clone(),
        state: request.state.clone(),
        app,
    })
}

/// `uri` (already matched against a registered one, so it parses) with `params` and `state`
/// added to its query.
fn back_to(uri: &str, params: &[(&str, &str)], state: Option<&str>) -> String {
    let Ok(mut url) = Url::parse(uri) else { return uri.to_owned() };
    {
        let mut query = url.query_pairs_mut();
        for (name, value) in params {
            query.append_pair(name, value);
        }
        if let Some(state) = state {
            query.append_pair("state", state);
        }
    }
    url.into()
}

/// A code just issued, stored by its hash.
#[derive(Clone, Debug)]
pub struct NewCode {
    pub id: uuid::Uuid,
    pub code_hash: String,
    pub app: GameAppId,
    pub user: UserId,
    pub redirect_uri: String,
    pub code_challenge: String,
    pub scopes: Vec<GameScope>,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
}

/// What presenting a code found.
#[derive(Clone, Debug)]
pub enum CodeUse {
    /// Unused until now (and now used): the caller judges the rest.
    First(NewCode),
    /// Used before: the session its first exchange opened, which must end (RFC 6749 §4.1.2).
    Again {
        session: Option<SessionId>,
    },
    Unknown,
}

/// What presenting a refresh token found.
#[derive(Clone, Debug)]
pub enum RefreshUse {
    /// Unused until now (and now used).
    First {
        session: SessionId,
        expires_at: OffsetDateTime,
    },
    /// Used before: someone holds a copy, so the whole family (the session) ends.
    Again {
        session: SessionId,
    },
    Unknown,
}

/// Codes and refresh tokens, stored by their hashes. Using one is a compare-and-set, so of two
/// requests presenting the same one, exactly one is answered [`CodeUse::First`].
pub trait GrantStore: Clone + Send + Sync + 'static {
    /// The app with this client id, enabled or not.
    fn game_app_by_client(&self, client_id: &str) -> impl Future<Output = anyhow::Result<Option<GameApp>>> + Send;

    fn issue_code(&self, code: NewCode) -> impl Future<Output = anyhow::Result<()>> + Send;

    fn use_code(&self, code_hash: &str, at: OffsetDateTime) -> impl Future<Output = anyhow::Result<CodeUse>> + Send;

    /// Notes the session a code's exchange opened.
    fn bind_code(&self, code: uuid::Uuid, session: SessionId) -> impl Future<Output = anyhow::Result<()>> + Send;

    fn issue_refresh(
        &self,
        session: SessionId,
        token_hash: &str,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    fn use_refresh(
        &self,
        token_hash: &str,
        at: OffsetDateTime,
    ) -> impl Future<Output = anyhow::Result<RefreshUse>> + Send;

    /// The session of a refresh token, used or not (for revoking it).
    fn refreshed_session(&self, token_hash: &str) -> impl Future<Output = anyhow::Result<Option<SessionId>>> + Send;
}

#[cfg(test)]
mod tests {
    use kernel::GameAppId;

    use super::*;

    fn app() -> GameApp {
        GameApp {
            id: GameAppId::new(),
            name: "Game".into(),
            client_id: "game_x".into(),
            redirect_uris: vec![RedirectUri::parse("http://127.0.0.1/callback").unwrap()],
            scopes: vec![GameScope::Play],
            api_client: None,
            created_at: OffsetDateTime::UNIX_EPOCH,
            disabled_at: None,
        }
    }

    fn request() -> AuthorizationRequest {
        AuthorizationRequest {
            client_id: "game_x".into(),
            redirect_uri: "http://127.0.0.1:51004/callback".into(),
            response_type: "code".into(),
            code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM".into(),
            code_challenge_method: "S256".into(),
            scope: None,
            state: Some("xyz".into()),
        }
    }

    #[test]
    fn client_and_redirect_problems_are_never_sent_back_to_the_uri() {
        assert_eq!(check(&request(), None).unwrap_err(), RequestError::UnknownClient);
        let disabled = GameApp { disabled_at: Some(OffsetDateTime::UNIX_EPOCH), ..app() };
        assert_eq!(check(&request(), Some(disabled)).unwrap_err(), RequestError::UnknownClient);
        let elsewhere = AuthorizationRequest { redirect_uri: "http://127.0.0.1:51004/evil".into(), ..request() };
        assert_eq!(check(&elsewhere, Some(app())).unwrap_err(), RequestError::RedirectUri);
    }

    #[test]
    fn other_problems_go_back_to_the_game_with_its_state() {
        let plain = AuthorizationRequest { code_challenge_method: "plain".into(), ..request() };
        let Err(RequestError::Invalid { error, redirect_to, .. }) = check(&plain, Some(app())) else { panic!() };
        assert_eq!(error, "invalid_request");
        assert!(redirect_to.starts_with("http://127.0.0.1:51004/callback?error=invalid_request&"), "{redirect_to}");
        assert!(redirect_to.ends_with("&state=xyz"), "{redirect_to}");
        let reports = AuthorizationRequest { scope: Some("play reports".into()), ..request() };
        assert!(matches!(check(&reports, Some(app())), Err(RequestError::Invalid { error: "invalid_scope", .. })));
        let token = AuthorizationRequest { response_type: "token".into(), ..request() };
        let refused = check(&token, Some(app()));
        assert!(matches!(refused, Err(RequestError::Invalid { error: "unsupported_response_type", .. })));
    }

    #[test]
    fn a_good_request_is_granted_what_it_asks_or_what_the_app_may_ask() {
        let checked = check(&request(), Some(app())).unwrap();
        assert_eq!(checked.scopes, vec![GameScope::Play]);
        assert_eq!(checked.answer(&[("code", "abc")]), "http://127.0.0.1:51004/callback?code=abc&state=xyz");
    }
}
