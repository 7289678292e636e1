//! The game's sign-in through the portal (OAuth 2.0 authorization code with PKCE, RFC 6749,
//! RFC 7636, RFC 8252): the trainee allows the game, the game exchanges the code and refreshes
//! its tokens, and hands the trainee over to the portal with a one-time link. Each step is one
//! unit of work: the seat it checks or activates, the code or token it uses up and the session
//! it opens or ends commit together or not at all.

use identity::{
    AuthenticateError, ChallengeError, Principal, RequestContext, Step, User,
    game_apps::{GameApp, GameScope},
    grants::{self, AuthorizationRequest, CheckedRequest, CodeUse, GameGrant, NewCode, RefreshUse, RequestError},
    oauth,
};
use kernel::{AuditAction, AuditEvent, GameAppId, Role, SessionId, UserId, secret};
use licensing::{Batch, Company, LicensingError, Seat};
use scoring::ClientScope;
use serde_json::json;
use time::OffsetDateTime;

use crate::{GameUnit, GameWork};

#[derive(Debug, thiserror::Error)]
pub enum GameSignInError {
    #[error(transparent)]
    Request(#[from] RequestError),
    /// Admins do not play: only a trainee authorizes a game.
    #[error("only trainees sign in to the game")]
    NotATrainee,
    /// No such active trainee (in the caller's scope).
    #[error("no such trainee")]
    UnknownTrainee,
    /// `NoLicence` or `LicenceExpired`: no seat to play on.
    #[error(transparent)]
    Licensing(#[from] LicensingError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

/// The token endpoint's errors (RFC 6749 §5.2).
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    /// Unknown or disabled client, or a token issued to another one.
    #[error("invalid_client")]
    InvalidClient,
    /// The code or refresh token is unknown, used, expired, or does not go with the request.
    #[error("invalid_grant: {0}")]
    InvalidGrant(&'static str),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<AuthenticateError> for TokenError {
    fn from(e: AuthenticateError) -> Self {
        match e {
            AuthenticateError::Invalid | AuthenticateError::Expired => Self::InvalidGrant("the sign-in has ended"),
            AuthenticateError::Unknown(e) => Self::Unknown(e),
        }
    }
}

/// What the game gets from the token endpoint; the adapter signs the access token for
/// `session`.
#[derive(Clone, Debug)]
pub struct IssuedTokens {
    pub session: SessionId,
    pub user: UserId,
    pub client_id: String,
    pub scopes: Vec<GameScope>,
    /// Shown once; stored only as its hash.
    pub refresh_token: String,
}

/// The trainee behind a game's access token, with what the game may do for them.
#[derive(Clone, Debug)]
pub struct Player {
    pub session: SessionId,
    pub user: User,
    pub app: GameApp,
    pub scopes: Vec<GameScope>,
}

impl Player {
    #[must_use]
    pub fn allows(&self, scope: GameScope) -> bool {
        self.scopes.contains(&scope)
    }
}

/// Why a game's request is not served.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The token's session ended, or its app was disabled.
    #[error(transparent)]
    Session(#[from] AuthenticateError),
    /// The trainee's seat was revoked or has lapsed.
    #[error(transparent)]
    Licensing(#[from] LicensingError),
}

/// What `GET /game/me` tells the game.
#[derive(Clone, Debug)]
pub struct PlayerCard {
    pub user: User,
    pub company: Company,
    pub batches: Vec<Batch>,
    pub seat: Seat,
}

/// Why a hand-off link signs nobody in.
#[derive(Debug, thiserror::Error)]
pub enum HandoffError {
    /// Unknown, used or expired.
    #[error("the link is no longer valid")]
    Invalid,
    #[error(transparent)]
    Licensing(#[from] LicensingError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

#[derive(Clone, Debug)]
pub struct GameSignIn<U> {
    work: U,
}

impl<U: GameUnit> GameSignIn<U> {
    pub const fn new(work: U) -> Self {
        Self { work }
    }

    /// Checks an authorization request: what the trainee is asked to allow.
    ///
    /// # Errors
    /// `Request` with the problem.
    pub async fn check(&self, request: &AuthorizationRequest) -> Result<CheckedRequest, GameSignInError> {
        let work = self.work.begin().await?;
        let app = work.game_app(&request.client_id).await?;
        Ok(grants::check(request, app)?)
    }

    /// The trainee's answer to the game: where to send the browser — back to the game with a
    /// code when `approve`, with `access_denied` otherwise. The first authorization
    /// activates the trainee's seat.
    ///
    /// # Errors
    /// `Request`; `NotATrainee`; `Licensing` (`NoLicence`, `LicenceExpired`).
    pub async fn authorize(
        &self,
        trainee: &Principal,
        request: &AuthorizationRequest,
        approve: bool,
        ctx: &RequestContext,
    ) -> Result<String, GameSignInError> {
        let work = self.work.begin().await?;
        let checked = grants::check(request, work.game_app(&request.client_id).await?)?;
        if !approve {
            let reason = "the trainee declined the game's request";
            work.audit(security_event(
                self.now(),
                AuditAction::GameConsentDenied,
                Some(trainee),
                checked.app.id,
                reason,
                ctx,
            ))
            .await?;
            self.work.commit(work).await?;
            return Ok(checked.answer(&[("error", "access_denied")]));
        }
        if trainee.role != Role::User {
            return Err(GameSignInError::NotATrainee);
        }
        let seat = work.start_game(trainee.user).await?;
        let now = self.now();
        let code = secret::new_token();
        work.issue_code(NewCode {
            id: uuid::Uuid::now_v7(),
            code_hash: secret::hash_token(&code),
            app: checked.app.id,
            user: trainee.user,
            redirect_uri: checked.redirect_uri.clone(),
            code_challenge: checked.code_challenge.clone(),
            scopes: checked.scopes.clone(),
            created_at: now,
            expires_at: now + grants::CODE_LIFETIME,
        })
        .await?;
        work.audit(AuditEvent {
            at: now,
            actor: Some(trainee.user),
            action: AuditAction::GameAuthorized,
            target_type: "game_app",
            target_id: Some(checked.app.id.to_string()),
            company: trainee.company,
            details: json!({ "scopes": grants::scope_text(&checked.scopes), "seat_id": seat }),
            ip: ctx.ip.clone(),
        })
        .await?;
        self.work.commit(work).await?;
        Ok(checked.answer(&[("code", &code)]))
    }

    /// Exchanges a code for tokens (RFC 6749 §4.1.3, RFC 7636 §4.6). A code presented again
    /// ends the session its first exchange opened (RFC 6749 §4.1.2).
    ///
    /// # Errors
    /// `InvalidClient`; `InvalidGrant` for anything wrong with the code.
    pub async fn exchange(
        &self,
        client_id: &str,
        code: &str,
        redirect_uri: &str,
        verifier: &str,
        ctx: &RequestContext,
    ) -> Result<IssuedTokens, TokenError> {
        let work = self.work.begin().await?;
        let now = self.now();
        // The write first: on SQLite it takes the write lock before anything is read, so a
        // racing exchange waits instead of failing to upgrade its read lock.
        let used = work.use_code(&secret::hash_token(code), now).await?;
        let app = self.live_app(&work, client_id).await?;
        let issued = match used {
            CodeUse::Unknown => return Err(TokenError::InvalidGrant("unknown code")),
            CodeUse::Again { session } => {
                if let Some(session) = session {
                    work.end_session(session).await?;
                }
                let reason = "the code was used before; the sign-in it opened has ended";
                work.audit(security_event(now, AuditAction::GameCodeReplayed, None, app.id, reason, ctx)).await?;
                self.work.commit(work).await?;
                return Err(TokenError::InvalidGrant("the code was used before"));
            }
            CodeUse::First(issued) => issued,
        };
        // The code is used up whatever follows, so a wrong guess cannot be retried.
        let refusal = if issued.app != app.id {
            Some("the code was issued to another client")
        } else if now >= issued.expires_at {
            Some("the code has expired")
        } else if issued.redirect_uri != redirect_uri {
            Some("redirect_uri differs from the authorization request's")
        } else if !oauth::verifies(verifier, &issued.code_challenge) {
            Some("code_verifier does not match the code_challenge")
        } else {
            None
        };
        if let Some(reason) = refusal {
            self.work.commit(work).await?;
            return Err(TokenError::InvalidGrant(reason));
        }
        // The seat, not only the session, decides: it may have been revoked within the minute.
        work.valid_seat(issued.user).await.map_err(|_| TokenError::InvalidGrant("the trainee has no valid seat"))?;
        let user =
            work.trainee(issued.user).await.map_err(|_| TokenError::InvalidGrant("the trainee cannot sign in"))?;
        let grant = GameGrant { app: app.id, scopes: issued.scopes };
        let opened = work.open_game_session(user, grant.clone(), ctx).await?;
        work.bind_code(issued.id, opened.id).await?;
        let refresh_token = self.new_refresh(&work, opened.id, now).await?;
        self.work.commit(work).await?;
        Ok(IssuedTokens {
            session: opened.id,
            user: opened.user.id,
            client_id: app.client_id,
            scopes: grant.scopes,
            refresh_token,
        })
    }

    /// A new access token and a new refresh token for a refresh token used for the first
    /// time; a refresh token presented again ends its whole family (RFC 6819 §5.2.2.3).
    ///
    /// # Errors
    /// `InvalidClient`; `InvalidGrant`.
    pub async fn refresh(
        &self,
        client_id: &str,
        refresh_token: &str,
        ctx: &RequestContext,
    ) -> Result<IssuedTokens, TokenError> {
        let work = self.work.begin().await?;
        let now = self.now();
        let used = work.use_refresh(&secret::hash_token(refresh_token), now).await?;
        let app = self.live_app(&work, client_id).await?;
        let session = match used {
            RefreshUse::Unknown => return Err(TokenError::InvalidGrant("unknown refresh token")),
            RefreshUse::Again { session } => {
                work.end_session(session).await?;
                let reason = "the refresh token was used before; the sign-in has ended";
                work.audit(security_event(now, AuditAction::GameRefreshReused, None, app.id, reason, ctx)).await?;
                self.work.commit(work).await?;
                return Err(TokenError::InvalidGrant(reason));
            }
            RefreshUse::First { expires_at, .. } if now >= expires_at => {
                self.work.commit(work).await?;
                return Err(TokenError::InvalidGrant("the refresh token has expired"));
            }
            RefreshUse::First { session, .. } => session,
        };
        let (user, grant) = work.game_session(session).await?;
        if grant.app != app.id {
            return Err(TokenError::InvalidGrant("the refresh token was issued to another app"));
        }
        if work.valid_seat(user.id).await.is_err() {
            work.end_session(session).await?;
            self.work.commit(work).await?;
            return Err(TokenError::InvalidGrant("the trainee has no valid seat; the sign-in has ended"));
        }
        let refresh_token = self.new_refresh(&work, session, now).await?;
        self.work.commit(work).await?;
        Ok(IssuedTokens { session, user: user.id, client_id: app.client_id, scopes: grant.scopes, refresh_token })
    }

    /// Revokes (RFC 7009) the session behind a refresh token or an access token's `session`,
    /// when `client_id`'s app holds it; anything else changes nothing, as §2.2 asks.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn revoke(
        &self,
        client_id: &str,
        refresh_token: Option<&str>,
        session: Option<SessionId>,
        ctx: &RequestContext,
    ) -> anyhow::Result<()> {
        let work = self.work.begin().await?;
        let session = match (refresh_token, session) {
            (Some(token), _) => work.refreshed_session(&secret::hash_token(token)).await?,
            (None, session) => session,
        };
        let Some(session) = session else { return Ok(()) };
        let app = work.game_app(client_id).await?;
        let held = match work.game_session(session).await {
            Ok((user, grant)) if app.as_ref().is_some_and(|a| a.id == grant.app) => Some((user, grant.app)),
            Err(AuthenticateError::Unknown(e)) => return Err(e),
            _ => None,
        };
        if let Some((user, app)) = held {
            work.end_session(session).await?;
            let reason = "the game revoked the sign-in";
            let mut event = security_event(self.now(), AuditAction::GameSignInRevoked, None, app, reason, ctx);
            event.company = user.company;
            work.audit(AuditEvent { actor: Some(user.id), ..event }).await?;
            self.work.commit(work).await?;
        }
        Ok(())
    }

    /// The trainee a game's access token stands for, while the session lives, the app is
    /// enabled and the trainee holds a valid seat. A seat that lapsed or was revoked ends the
    /// sign-in for good: a seat given back later needs a new one.
    ///
    /// # Errors
    /// `Session` (ended, or app disabled); `Licensing` (seat revoked or lapsed).
    pub async fn player(&self, session: SessionId) -> Result<Player, PlayerError> {
        let work = self.work.begin().await.map_err(AuthenticateError::Unknown)?;
        let (user, grant) = work.game_session(session).await?;
        let app = work
            .game_app_by_id(grant.app)
            .await
            .map_err(AuthenticateError::Unknown)?
            .filter(|a| a.disabled_at.is_none())
            .ok_or(AuthenticateError::Invalid)?;
        if let Err(e) = work.valid_seat(user.id).await {
            work.end_session(session).await.map_err(AuthenticateError::Unknown)?;
            self.work.commit(work).await.map_err(AuthenticateError::Unknown)?;
            return Err(e.into());
        }
        Ok(Player { session, user, app, scopes: grant.scopes })
    }

    /// What the game shows of its player: who, company, batches, and the seat they play on.
    ///
    /// # Errors
    /// `Licensing` when the seat went meanwhile; storage failures.
    pub async fn card(&self, player: &Player) -> Result<PlayerCard, GameSignInError> {
        let work = self.work.begin().await?;
        let seat = work.valid_seat(player.user.id).await?;
        let company = work.company(seat.company).await?;
        let mut batches = Vec::with_capacity(seat.user_batches.len());
        for id in &seat.user_batches {
            batches.push(work.batch(*id).await?);
        }
        Ok(PlayerCard { user: player.user.clone(), company, batches, seat })
    }

    /// A one-time link token that signs `trainee` in to the portal, valid for a minute; an
    /// API client names a trainee `within` its scope.
    ///
    /// # Errors
    /// `UnknownTrainee` (none such in the scope); `Licensing` when the trainee has no valid
    /// seat; storage failures.
    pub async fn handoff(
        &self,
        trainee: UserId,
        within: Option<&ClientScope>,
    ) -> Result<identity::Challenge, GameSignInError> {
        let work = self.work.begin().await?;
        let user = work.trainee(trainee).await.map_err(|_| GameSignInError::UnknownTrainee)?;
        if within.is_some_and(|scope| !user.company.is_some_and(|c| scope.sees(c))) {
            return Err(GameSignInError::UnknownTrainee);
        }
        work.valid_seat(trainee).await?;
        let challenge = work.issue_handoff(&user).await?;
        self.work.commit(work).await?;
        Ok(challenge)
    }

    /// The seed's game login: a hand-off token used once becomes the EULA step or a session
    /// of kind `game`, while the trainee holds a valid seat.
    ///
    /// # Errors
    /// `Invalid` for an unknown, used or expired token; `Licensing`.
    pub async fn game_login(&self, token: &str, locale: &str, ctx: &RequestContext) -> Result<Step, HandoffError> {
        let work = self.work.begin().await?;
        let user = match work.take_handoff(token).await {
            Ok(user) => user,
            Err(ChallengeError::Unknown(e)) => return Err(e.into()),
            Err(_) => return Err(HandoffError::Invalid),
        };
        // Used up even when refused below: a link is good for one try.
        if let Err(e) = work.valid_seat(user.id).await {
            self.work.commit(work).await?;
            return Err(e.into());
        }
        let step = work.after_handoff(user, locale, ctx).await?;
        self.work.commit(work).await?;
        Ok(step)
    }

    async fn live_app(&self, work: &U::Work, client_id: &str) -> Result<GameApp, TokenError> {
        work.game_app(client_id).await?.filter(|a| a.disabled_at.is_none()).ok_or(TokenError::InvalidClient)
    }

    async fn new_refresh(&self, work: &U::Work, session: SessionId, now: OffsetDateTime) -> anyhow::Result<String> {
        let token = secret::new_token();
        work.issue_refresh(session, &secret::hash_token(&token), now, now + grants::REFRESH_LIFETIME).await?;
        Ok(token)
    }

    fn now(&self) -> OffsetDateTime {
        self.work.now()
    }
}

/// An audit line of an OAuth security event about `app`, with its reason; also logged, as a
/// monitor watches logs. No token or code is named.
fn security_event(
    at: OffsetDateTime,
    action: AuditAction,
    trainee: Option<&Principal>,
    app: GameAppId,
    reason: &'static str,
    ctx: &RequestContext,
) -> AuditEvent {
    tracing::warn!(action = action.as_str(), game_app = %app, reason, "game sign-in security event");
    AuditEvent {
        at,
        actor: trainee.map(|t| t.user),
        action,
        target_type: "game_app",
        target_id: Some(app.to_string()),
        company: trainee.and_then(|t| t.company),
        details: json!({ "reason": reason }),
        ip: ctx.ip.clone(),
    }
}
