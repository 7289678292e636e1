//! Extractors: what a handler may ask of a request. Access control is a type: a handler that
//! takes [`Admin`] cannot run for a trainee.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, http::header, web};
use identity::{Principal, RequestContext};
use kernel::{Actor, Role};

use super::cookies;
use crate::{ApiError, AppState, ProblemCode};

pub use kernel::LOCALES;
use kernel::preferred_locale;

/// The challenge of a sign-in in progress, carried in the seed's `session-token` header.
pub const CHALLENGE_HEADER: &str = "session-token";

/// Any signed-in person.
#[derive(Debug)]
pub struct Authenticated(pub Principal);

/// A super admin or a company admin; trainees get 403.
#[derive(Debug)]
pub struct Admin(pub Principal);

/// An admin acting on an admin screen: their principal, and the [`Actor`] the domain
/// services scope and audit by.
#[derive(Debug)]
pub struct Acting {
    pub principal: Principal,
    pub actor: Actor,
}

/// Where the request came from and the language it asked for.
#[derive(Debug)]
pub struct RequestMeta {
    pub context: RequestContext,
    pub locale: &'static str,
}

/// An API client (the game's server, a partner) authenticated by its secret, with this use
/// counted against its rate limit.
#[derive(Debug)]
pub struct ApiCaller(pub scoring::CallingClient);

/// An API client authenticated for xAPI: as [`ApiCaller`], or by HTTP Basic with its secret
/// as the user name (password empty) or as the password, as LRS clients commonly send it.
#[derive(Debug)]
pub struct XapiCaller(pub scoring::CallingClient);

/// The xAPI version a request follows, from its `X-Experience-API-Version` header; a request
/// without one naming 1.0.x or 2.0.x is refused with `XAPI_VERSION`, as xAPI requires.
#[derive(Debug)]
pub struct XapiRequest(pub crate::xapi::Version);

/// A trainee signed in to a game app, by the game's access token (`Authorization: Bearer`),
/// while the session lives, the app is enabled and the trainee holds a valid seat.
#[derive(Debug)]
pub struct GamePlayer(pub app::Player);

/// The `session-token` header of an OTP or EULA step.
#[derive(Debug)]
pub struct ChallengeToken(pub String);

type Ready<T> = std::future::Ready<Result<T, ApiError>>;

impl FromRequest for Authenticated {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = access_token(req);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("application state missing")))?;
            let session = state.tokens.session_of(&token?).ok_or(ApiError::new(ProblemCode::Unauthenticated))?;
            Ok(Self(state.identity.authenticate(session).await?))
        })
    }
}

impl FromRequest for GamePlayer {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = bearer(req).map(str::to_owned);
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("application state missing")))?;
            let session = token
                .and_then(|token| state.tokens.game_session_of(&token, state.identity.now()))
                .ok_or(ApiError::new(ProblemCode::Unauthenticated))?;
            Ok(Self(state.game_sign_in.player(session).await?))
        })
    }
}

/// What may speak for the game: a trainee's game access token, or the game's API client.
#[derive(Debug)]
pub enum GameCaller {
    Player(Box<app::Player>),
    Client(scoring::CallingClient),
}

impl FromRequest for GameCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if has_game_token(req) {
            let player = GamePlayer::from_request(req, payload);
            Box::pin(async move { Ok(Self::Player(Box::new(player.await?.0))) })
        } else {
            let client = ApiCaller::from_request(req, payload);
            Box::pin(async move { Ok(Self::Client(client.await?.0)) })
        }
    }
}

/// A signed-in person, or a trainee's game with the `play` scope: who may read what the game
/// plays (the catalogue).
#[derive(Debug)]
pub struct PersonOrPlayer;

impl FromRequest for PersonOrPlayer {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        if has_game_token(req) {
            let player = GamePlayer::from_request(req, payload);
            Box::pin(async move {
                let GamePlayer(player) = player.await?;
                if player.allows(identity::game_apps::GameScope::Play) {
                    Ok(Self)
                } else {
                    Err(ApiError::new(ProblemCode::Forbidden).with_detail("the sign-in was not granted the play scope"))
                }
            })
        } else {
            let person = Authenticated::from_request(req, payload);
            Box::pin(async move { person.await.map(|_| Self) })
        }
    }
}

/// Who reads score reports, narrowed to what they may see: a signed-in person by their role,
/// a partner API client by its companies, or a trainee's game granted the `reports` scope.
#[derive(Debug)]
pub struct ReportReader {
    pub reader: scoring::reports::Reader,
    /// The person reading (the trainee, for a game).
    pub user: Option<kernel::UserId>,
    /// The partner client reading.
    pub client: Option<kernel::ApiClientId>,
    /// The person's name (a partner client is named from its id, when it exports).
    pub name: Option<String>,
}

impl FromRequest for ReportReader {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use scoring::{ClientKind, ClientScope, reports::Reader};
        if has_game_token(req) {
            let player = GamePlayer::from_request(req, payload);
            return Box::pin(async move {
                let GamePlayer(player) = player.await?;
                if player.allows(identity::game_apps::GameScope::Reports) {
                    Ok(Self {
                        reader: Reader::Trainee(player.user.id),
                        user: Some(player.user.id),
                        client: None,
                        name: Some(player.user.name),
                    })
                } else {
                    Err(ApiError::new(ProblemCode::Forbidden)
                        .with_detail("the sign-in was not granted the reports scope"))
                }
            });
        }
        if bearer(req).is_some_and(|token| token.starts_with(scoring::clients::SECRET_PREFIX)) {
            let client = ApiCaller::from_request(req, payload);
            return Box::pin(async move {
                let ApiCaller(client) = client.await?;
                let id = Some(client.id);
                match (client.kind, client.scope) {
                    (ClientKind::Partner, ClientScope::All) => {
                        Ok(Self { reader: Reader::All, user: None, client: id, name: None })
                    }
                    (ClientKind::Partner, ClientScope::Companies(companies)) => {
                        Ok(Self { reader: Reader::Companies(companies), user: None, client: id, name: None })
                    }
                    (ClientKind::Game, _) => Err(ApiError::new(ProblemCode::Forbidden)
                        .with_detail("game clients report scores; partners read them")),
                }
            });
        }
        let person = Authenticated::from_request(req, payload);
        Box::pin(async move {
            let Authenticated(person) = person.await?;
            Ok(Self {
                reader: Reader::of(person.scope),
                user: Some(person.user),
                client: None,
                name: Some(person.name),
            })
        })
    }
}

/// Whether the request carries a game's access token rather than a portal session or an
/// API client's secret.
fn has_game_token(req: &HttpRequest) -> bool {
    let state = req.app_data::<web::Data<AppState>>();
    // Whether it is one, expired or not: an expired game token is answered as a game's.
    bearer(req).zip(state).is_some_and(|(token, state)| state.tokens.is_game_token(token))
}

/// The token of an `Authorization: Bearer …` header.
fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "))
}

/// The access token of a request: an API client's bearer header or, failing that, a
/// browser's session cookie, which must come with its CSRF token unless the request only reads.
fn access_token(req: &HttpRequest) -> Result<String, ApiError> {
    if let Some(token) = bearer(req) {
        return Ok(token.to_owned());
    }
    let token = cookies::session_token(req).ok_or(ApiError::new(ProblemCode::Unauthenticated))?;
    if cookies::csrf_passes(req) { Ok(token) } else { Err(ApiError::new(ProblemCode::CsrfTokenInvalid)) }
}

impl FromRequest for ApiCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate_client(req, bearer(req).map(str::to_owned));
        Box::pin(async move { caller.await.map(Self) })
    }
}

impl FromRequest for XapiCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let caller = authenticate_client(req, bearer(req).map(str::to_owned).or_else(|| basic_secret(req)));
        Box::pin(async move { caller.await.map(Self) })
    }
}

/// The live client whose secret was presented, with this use counted.
fn authenticate_client(
    req: &HttpRequest,
    secret: Option<String>,
) -> impl Future<Output = Result<scoring::CallingClient, ApiError>> + use<> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    async move {
        let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("application state missing")))?;
        let secret = secret.ok_or(ApiError::new(ProblemCode::Unauthenticated))?;
        Ok(state.api_clients.authenticate(&secret).await?)
    }
}

/// The client secret of an `Authorization: Basic …` header: whichever of user name and
/// password is one (`ptk_…`).
fn basic_secret(req: &HttpRequest) -> Option<String> {
    use base64::Engine as _;
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD.decode(encoded.trim()).ok()?;
    let credentials = String::from_utf8(decoded).ok()?;
    let (user, password) = credentials.split_once(':')?;
    [user, password].into_iter().find(|part| part.starts_with(scoring::clients::SECRET_PREFIX)).map(str::to_owned)
}

impl FromRequest for XapiRequest {
    type Error = ApiError;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let header = req.headers().get(crate::xapi::VERSION_HEADER).map(|v| v.to_str().unwrap_or("?"));
        std::future::ready(match header.and_then(crate::xapi::Version::parse) {
            Some(version) => Ok(Self(version)),
            None => Err(ApiError::new(ProblemCode::XapiVersion).with_detail(match header {
                None => "the X-Experience-API-Version header is required: 1.0.3 or 2.0.0".to_owned(),
                Some(given) => {
                    let shown: String = given.chars().take(40).collect();
                    format!("X-Experience-API-Version {shown:?} is not spoken here: 1.0.x or 2.0.x")
                }
            })),
        })
    }
}

impl FromRequest for Admin {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let authenticated = Authenticated::from_request(req, payload);
        Box::pin(async move {
            let Authenticated(principal) = authenticated.await?;
            match principal.role {
                Role::SuperAdmin | Role::CompanyAdmin => Ok(Self(principal)),
                Role::User => Err(ApiError::new(ProblemCode::Forbidden)),
            }
        })
    }
}

impl FromRequest for Acting {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let admin = Admin::from_request(req, payload);
        let ip = crate::client_address::client_ip(req).map(|ip| ip.to_string());
        Box::pin(async move {
            let Admin(principal) = admin.await?;
            let actor = Actor { user: principal.user, scope: principal.scope, ip };
            Ok(Self { principal, actor })
        })
    }
}

impl FromRequest for RequestMeta {
    type Error = ApiError;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let header = |name| req.headers().get(name).and_then(|v: &header::HeaderValue| v.to_str().ok());
        // The peer address, not X-Forwarded-For: that header is the client's to forge unless a
        // trusted proxy sets it.
        let ip = crate::client_address::client_ip(req).map(|ip| ip.to_string());
        let user_agent = header(header::USER_AGENT).map(|ua| ua.chars().take(512).collect());
        let locale = header(header::ACCEPT_LANGUAGE).map_or(LOCALES[0], preferred_locale);
        std::future::ready(Ok(Self { context: RequestContext { ip, user_agent, known_device: None }, locale }))
    }
}

impl FromRequest for ChallengeToken {
    type Error = ApiError;
    type Future = Ready<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = req.headers().get(CHALLENGE_HEADER).and_then(|v| v.to_str().ok()).filter(|t| !t.is_empty());
        std::future::ready(token.map(|t| Self(t.to_owned())).ok_or(ApiError::new(ProblemCode::ChallengeExpired)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_secret_may_come_as_either_half_of_basic_credentials() {
        use actix_web::test::TestRequest;
        use base64::Engine as _;
        let basic = |credentials: &str| {
            let encoded = base64::engine::general_purpose::STANDARD.encode(credentials);
            TestRequest::default().insert_header((header::AUTHORIZATION, format!("Basic {encoded}"))).to_http_request()
        };
        assert_eq!(basic_secret(&basic("ptk_abc:")).as_deref(), Some("ptk_abc"));
        assert_eq!(basic_secret(&basic("studio:ptk_abc")).as_deref(), Some("ptk_abc"));
        assert_eq!(basic_secret(&basic("studio:password")), None);
        assert_eq!(basic_secret(&basic("ptk_abc")), None, "no colon: not Basic credentials");
        let bearer = TestRequest::default().insert_header((header::AUTHORIZATION, "Bearer ptk_abc")).to_http_request();
        assert_eq!(basic_secret(&bearer), None);
    }
}
