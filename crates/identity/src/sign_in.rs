//! The sign-in state machine: password → [e-mailed code] → [EULA, for trainees] → session,
//! and the checks every later request makes on its session.

use kernel::{AuditAction, Clock, Email, Role, Scope, SessionId, TokenId};
use serde_json::json;
use time::{Duration, OffsetDateTime};

use crate::{
    AuditEvent, AuthenticateError, ChallengeError, EulaAcceptance, EulaDocument, IdentityStore, LoginError, NewSession,
    Notifier, OneTimeToken, PasswordHash, PasswordHasher, Principal, RequestContext, SessionKind, TokenPurpose, User,
    UserStatus,
    grants::{self, GameGrant},
    rules::{self, SessionPolicy},
    secret,
};

/// A session that was just opened; the HTTP layer turns it into a signed token.
#[derive(Clone, Debug)]
pub struct OpenedSession {
    pub id: SessionId,
    pub user: User,
    pub expires_at: OffsetDateTime,
}

/// A step that must be passed with the challenge token before a session opens.
#[derive(Clone, Debug)]
pub struct Challenge {
    /// Shown once, sent back in the `session-token` header.
    pub token: String,
    pub expires_at: OffsetDateTime,
}

#[derive(Clone, Debug)]
pub enum Step {
    Session(OpenedSession),
    OtpRequired(Challenge),
    EulaRequired { challenge: Challenge, eula: EulaDocument },
}

#[derive(Clone, Debug)]
pub struct SignIn<S, N, H, C> {
    store: S,
    notifier: N,
    hasher: H,
    clock: C,
    policy: SessionPolicy,
    /// Verified against when the e-mail is unknown, so both answers take the same time.
    decoy: PasswordHash,
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// # Errors
    /// Only when hashing the decoy password fails.
    pub async fn new(store: S, notifier: N, hasher: H, clock: C, policy: SessionPolicy) -> anyhow::Result<Self> {
        let decoy = hasher.hash(&secret::new_token()).await?;
        Ok(Self { store, notifier, hasher, clock, policy, decoy })
    }

    /// The same service over another store and notifier: those of one unit of work, so what
    /// it writes and queues commits or rolls back with the rest of a use case.
    #[must_use]
    pub fn bound_to<S2: IdentityStore, N2: Notifier>(&self, store: S2, notifier: N2) -> SignIn<S2, N2, H, C> {
        SignIn {
            store,
            notifier,
            hasher: self.hasher.clone(),
            clock: self.clock.clone(),
            policy: self.policy,
            decoy: self.decoy.clone(),
        }
    }

    #[must_use]
    pub const fn store(&self) -> &S {
        &self.store
    }

    #[must_use]
    pub const fn clock(&self) -> &C {
        &self.clock
    }

    /// The time by the service's clock.
    #[must_use]
    pub fn now(&self) -> time::OffsetDateTime {
        self.clock.now()
    }

    #[must_use]
    pub const fn hasher(&self) -> &H {
        &self.hasher
    }

    #[must_use]
    pub const fn notifier(&self) -> &N {
        &self.notifier
    }

    /// The password step. `locale` picks the EULA's language.
    ///
    /// # Errors
    /// See [`LoginError`]; unknown e-mail and wrong password are the same error.
    pub async fn login(
        &self,
        email: &Email,
        password: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, LoginError> {
        let now = self.clock.now();
        // Each attempt is reserved (written) before the slow hash, so concurrent guesses count
        // each other; a success takes its reservations back, a failure leaves them counted.
        let reservations = match self.reserve_attempt(email, ctx, now).await? {
            Ok(reservations) => reservations,
            Err(retry_after) => {
                self.audit(self.event(None, AuditAction::SignInThrottled, "email", email.to_string(), ctx)).await?;
                return Err(LoginError::Throttled { retry_after });
            }
        };

        let credentials = self.store.find_credentials(email).await?;
        let stored = credentials.as_ref().and_then(|c| c.password.as_ref());
        let matches = self.hasher.verify(password, stored.unwrap_or(&self.decoy)).await && stored.is_some();
        // A failure on a known account is shown to that company's admins.
        let company = credentials.as_ref().and_then(|c| c.user.company);
        let Some(credentials) = credentials.filter(|_| matches) else {
            self.audit(AuditEvent {
                company,
                ..self.event(None, AuditAction::SignInFailed, "email", email.to_string(), ctx)
            })
            .await?;
            return Err(LoginError::InvalidCredentials);
        };
        for id in reservations {
            self.store.release_hit(id).await?;
        }
        let user = credentials.user.clone();
        if user.status != UserStatus::Active {
            self.audit(self.event(Some(&user), AuditAction::SignInRefusedDisabled, "user", user.id.to_string(), ctx))
                .await?;
            return Err(LoginError::AccountDisabled);
        }
        if let Some(company) = user.company
            && !self.store.password_sign_in(company).await?
        {
            self.audit(self.event(Some(&user), AuditAction::SignInRefusedSsoOnly, "user", user.id.to_string(), ctx))
                .await?;
            return Err(LoginError::SsoOnly);
        }
        // A known browser's success leaves the pair alone: someone guessing from this address
        // meanwhile stays slowed. (Its own budget starts afresh with the new cookie it gets.)
        if ctx.known_device.is_none() {
            self.store.clear_hits(&pair_key(email, ctx)).await?;
        }

        if credentials.requires_otp() {
            return Ok(Step::OtpRequired(self.send_otp(&user, ctx).await?));
        }
        Ok(self.after_second_factor(user, SessionKind::Password, locale, ctx).await?)
    }

    /// The e-mailed code step.
    ///
    /// # Errors
    /// [`ChallengeError::WrongCode`] with the tries left; [`ChallengeError::Expired`] once
    /// none are left or the challenge is unknown, used or old.
    pub async fn verify_otp(
        &self,
        challenge: &str,
        code: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<Step, ChallengeError> {
        let now = self.clock.now();
        let token = self.live_token(TokenPurpose::OtpChallenge, challenge, now).await?;
        let tries = self.store.count_attempt(token.id).await?;
        let expected = token.secret_hash.as_deref().unwrap_or_default();
        if tries > rules::OTP_TRIES || !secret::same_hash(expected, &secret::hash_code(challenge, code)) {
            let user = self.store.find(token.user).await?;
            self.audit(AuditEvent {
                details: json!({ "tries": tries }),
                ..self.event(user.as_ref(), AuditAction::OtpFailed, "user", token.user.to_string(), ctx)
            })
            .await?;
            if tries >= rules::OTP_TRIES {
                self.store.consume(token.id, now).await?;
                return Err(ChallengeError::Expired);
            }
            return Err(ChallengeError::WrongCode { remaining: rules::OTP_TRIES - tries });
        }
        let user = self.take(token.id, token.user, now).await?;
        self.audit(self.event(Some(&user), AuditAction::OtpVerified, "user", user.id.to_string(), ctx)).await?;
        Ok(self.after_second_factor(user, SessionKind::Password, locale, ctx).await?)
    }

    /// A new code for the same challenge, after a cool-down.
    ///
    /// # Errors
    /// [`ChallengeError::Throttled`] during the cool-down or after too many resends.
    pub async fn resend_otp(&self, challenge: &str, ctx: &RequestContext) -> Result<Challenge, ChallengeError> {
        let now = self.clock.now();
        let token = self.live_token(TokenPurpose::OtpChallenge, challenge, now).await?;
        let key = resend_key(token.id);
        // Reserved before the code is replaced, so concurrent resends count each other.
        self.store
            .reserve_hits(&[(&key, now - rules::FAILURE_WINDOW)], now, |windows| {
                let sent = &windows[0];
                let too_many = sent.wait(rules::OTP_RESENDS, rules::FAILURE_WINDOW, now);
                let cool_down = sent
                    .newest
                    .map(|newest| newest + rules::OTP_RESEND_COOL_DOWN - now)
                    .filter(|left| left.is_positive())
                    .map(|left| left.max(Duration::seconds(1)));
                too_many.or(cool_down).map_or(Ok(()), Err)
            })
            .await?
            .map_err(|retry_after| ChallengeError::Throttled { retry_after })?;
        let user = self
            .store
            .find(token.user)
            .await?
            .filter(|u| u.status == UserStatus::Active)
            .ok_or(ChallengeError::Expired)?;
        let code = secret::new_otp_code();
        let expires_at = now + rules::OTP_LIFETIME;
        self.store.replace_secret(token.id, &secret::hash_code(challenge, &code), expires_at).await?;
        self.notifier.send_otp(&user, &code).await?;
        self.audit(self.event(Some(&user), AuditAction::OtpResent, "user", user.id.to_string(), ctx)).await?;
        Ok(Challenge { token: challenge.to_owned(), expires_at })
    }

    /// Accepting the current EULA completes the sign-in.
    ///
    /// # Errors
    /// [`ChallengeError::Expired`] when the challenge is unknown, used or old.
    pub async fn accept_eula(
        &self,
        challenge: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<OpenedSession, ChallengeError> {
        let now = self.clock.now();
        let (token, kind) = self.live_eula_step(challenge, now).await?;
        let eula = self.store.current_eula(locale).await?.ok_or(ChallengeError::Expired)?;
        let user = self.take(token.id, token.user, now).await?;
        self.store
            .accept_eula(EulaAcceptance { user: user.id, version: eula.id, at: now, context: ctx.clone() })
            .await?;
        self.audit(self.event(Some(&user), AuditAction::EulaAccepted, "eula", eula.version.to_string(), ctx)).await?;
        Ok(self.open_session(user, kind, ctx).await?)
    }

    /// Declining ends the attempt: no session.
    ///
    /// # Errors
    /// [`ChallengeError::Expired`] when the challenge is unknown, used or old.
    pub async fn decline_eula(&self, challenge: &str, ctx: &RequestContext) -> Result<(), ChallengeError> {
        let now = self.clock.now();
        let (token, _) = self.live_eula_step(challenge, now).await?;
        let user = self.take(token.id, token.user, now).await?;
        self.audit(self.event(Some(&user), AuditAction::EulaDeclined, "user", user.id.to_string(), ctx)).await?;
        Ok(())
    }

    /// The check every authenticated request makes: one read of the session row (with its
    /// user and company), so a revocation on any process holds at once everywhere.
    ///
    /// # Errors
    /// [`AuthenticateError::Invalid`] or [`AuthenticateError::Expired`].
    pub async fn authenticate(&self, id: SessionId) -> Result<Principal, AuthenticateError> {
        let now = self.clock.now();
        let view = self.store.find_session(id).await?.ok_or(AuthenticateError::Invalid)?;
        let user = &view.user;
        // A game app's session serves the game's own endpoints, never the portal.
        if !is_live(&view) || view.game.is_some() {
            return Err(AuthenticateError::Invalid);
        }
        let idle = view.company_session_minutes.map_or(self.policy.admin_idle, |m| Duration::minutes(i64::from(m)));
        if now >= view.expires_at || now - view.last_seen_at > idle {
            self.store.revoke(id, now).await?;
            return Err(AuthenticateError::Expired);
        }
        if now - view.last_seen_at >= rules::TOUCH_INTERVAL {
            self.store.touch(id, now).await?;
        }
        let scope = Scope::for_principal(user.role, user.id, user.company).ok_or(AuthenticateError::Invalid)?;
        Ok(Principal {
            session: id,
            user: user.id,
            email: user.email.clone(),
            name: user.name.clone(),
            role: user.role,
            company: user.company,
            scope,
        })
    }

    /// The check of a game app's request: its session (with the user and what the app was
    /// granted) while it lives. There is no idle time: the game refreshes its tokens.
    ///
    /// # Errors
    /// [`AuthenticateError::Invalid`] or [`AuthenticateError::Expired`].
    pub async fn authenticate_game(&self, id: SessionId) -> Result<(User, GameGrant), AuthenticateError> {
        let view = self.store.find_session(id).await?.ok_or(AuthenticateError::Invalid)?;
        let grant = view.game.clone().filter(|_| is_live(&view)).ok_or(AuthenticateError::Invalid)?;
        if self.clock.now() >= view.expires_at {
            return Err(AuthenticateError::Expired);
        }
        Ok((view.user, grant))
    }

    /// Opens the session a game app holds for `user` after the code exchange.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn open_game_session(
        &self,
        user: User,
        grant: GameGrant,
        ctx: &RequestContext,
    ) -> anyhow::Result<OpenedSession> {
        self.open(user, SessionKind::GameApp, Some(grant), grants::GRANT_LIFETIME, ctx).await
    }

    /// An active trainee, for a game that names them.
    ///
    /// # Errors
    /// `NotFound` for anyone else.
    pub async fn active_trainee(&self, id: kernel::UserId) -> Result<User, crate::AdminActionError> {
        self.store
            .find(id)
            .await?
            .filter(|u| u.role == Role::User && u.status == UserStatus::Active)
            .ok_or(crate::AdminActionError::NotFound)
    }

    /// Ends one session now; `false` when it had already ended.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn end_session(&self, id: SessionId) -> anyhow::Result<bool> {
        self.store.revoke(id, self.clock.now()).await
    }

    /// A one-time hand-off token that signs `user` in to the portal (the seed's game login).
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn issue_handoff(&self, user: &User) -> anyhow::Result<Challenge> {
        Ok(self.issue(TokenPurpose::GameHandoff, user, grants::HANDOFF_LIFETIME, None).await?.1)
    }

    /// Uses up a hand-off token and answers its user, who must still be active.
    ///
    /// # Errors
    /// [`ChallengeError::Expired`] when the token is unknown, used or old.
    pub async fn take_handoff(&self, token: &str) -> Result<User, ChallengeError> {
        let now = self.clock.now();
        let found = self.live_token(TokenPurpose::GameHandoff, token, now).await?;
        self.take(found.id, found.user, now).await
    }

    /// # Errors
    /// Only storage failures.
    pub async fn logout(&self, principal: &Principal, ctx: &RequestContext) -> anyhow::Result<()> {
        let now = self.clock.now();
        self.store.revoke(principal.session, now).await?;
        self.audit(AuditEvent {
            actor: Some(principal.user),
            company: principal.company,
            ..self.event(None, AuditAction::SignOut, "session", principal.session.to_string(), ctx)
        })
        .await
    }

    /// Opens a session for someone whose identity is established (password, setup, SSO).
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn open_session(
        &self,
        user: User,
        kind: SessionKind,
        ctx: &RequestContext,
    ) -> anyhow::Result<OpenedSession> {
        self.open(user, kind, None, self.policy.lifetime, ctx).await
    }

    async fn open(
        &self,
        user: User,
        kind: SessionKind,
        game: Option<GameGrant>,
        lifetime: Duration,
        ctx: &RequestContext,
    ) -> anyhow::Result<OpenedSession> {
        let now = self.clock.now();
        let session = NewSession {
            id: SessionId::new(),
            user: user.id,
            role: user.role,
            kind,
            created_at: now,
            expires_at: now + lifetime,
            context: ctx.clone(),
            game,
        };
        let (id, expires_at) = (session.id, session.expires_at);
        self.store.open(session).await?;
        self.audit(AuditEvent {
            details: json!({ "kind": kind.as_str() }),
            ..self.event(Some(&user), AuditAction::SignInSucceeded, "session", id.to_string(), ctx)
        })
        .await?;
        Ok(OpenedSession { id, user, expires_at })
    }

    /// What follows an established identity: the EULA step for a trainee who has not
    /// accepted the current one, else a session of `kind`.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn after_second_factor(
        &self,
        user: User,
        kind: SessionKind,
        locale: &str,
        ctx: &RequestContext,
    ) -> anyhow::Result<Step> {
        if user.role == Role::User
            && let Some(eula) = self.store.current_eula(locale).await?
            && !self.store.has_accepted(user.id, eula.id).await?
        {
            let purpose = EULA_STEPS.iter().find(|(k, _)| *k == kind).map_or(TokenPurpose::EulaChallenge, |(_, p)| *p);
            let (_, challenge) = self.issue(purpose, &user, rules::EULA_CHALLENGE_LIFETIME, None).await?;
            return Ok(Step::EulaRequired { challenge, eula });
        }
        Ok(Step::Session(self.open_session(user, kind, ctx).await?))
    }

    /// The EULA step's token, of whichever sign-in, and the kind of session it leads to.
    async fn live_eula_step(
        &self,
        challenge: &str,
        now: OffsetDateTime,
    ) -> Result<(OneTimeToken, SessionKind), ChallengeError> {
        for (kind, purpose) in EULA_STEPS {
            if let Some(token) = self.find_live(purpose, challenge, now).await? {
                return Ok((token, kind));
            }
        }
        Err(ChallengeError::Expired)
    }

    async fn send_otp(&self, user: &User, ctx: &RequestContext) -> anyhow::Result<Challenge> {
        let code = secret::new_otp_code();
        let (id, challenge) = self.issue(TokenPurpose::OtpChallenge, user, rules::OTP_LIFETIME, Some(&code)).await?;
        // The first code starts the resend cool-down, like every resent one.
        self.store.record_hit(&resend_key(id), self.clock.now()).await?;
        self.notifier.send_otp(user, &code).await?;
        self.audit(self.event(Some(user), AuditAction::OtpSent, "user", user.id.to_string(), ctx)).await?;
        Ok(challenge)
    }

    pub(crate) async fn issue(
        &self,
        purpose: TokenPurpose,
        user: &User,
        lifetime: Duration,
        code: Option<&str>,
    ) -> anyhow::Result<(TokenId, Challenge)> {
        let now = self.clock.now();
        let token = secret::new_token();
        let id = TokenId::new();
        self.store
            .issue(OneTimeToken {
                id,
                purpose,
                user: user.id,
                token_hash: secret::hash_token(&token),
                secret_hash: code.map(|code| secret::hash_code(&token, code)),
                attempts: 0,
                created_at: now,
                expires_at: now + lifetime,
                consumed_at: None,
            })
            .await?;
        Ok((id, Challenge { token, expires_at: now + lifetime }))
    }

    async fn live_token(
        &self,
        purpose: TokenPurpose,
        token: &str,
        now: OffsetDateTime,
    ) -> Result<OneTimeToken, ChallengeError> {
        self.find_live(purpose, token, now).await?.ok_or(ChallengeError::Expired)
    }

    /// The stored token behind `token` when it is unused and unexpired.
    pub(crate) async fn find_live(
        &self,
        purpose: TokenPurpose,
        token: &str,
        now: OffsetDateTime,
    ) -> anyhow::Result<Option<OneTimeToken>> {
        let found = self.store.find_token(purpose, &secret::hash_token(token)).await?;
        Ok(found.filter(|t| t.consumed_at.is_none() && now < t.expires_at))
    }

    /// Consumes a challenge and answers its user, who must still be active.
    async fn take(&self, token: TokenId, user: kernel::UserId, now: OffsetDateTime) -> Result<User, ChallengeError> {
        if !self.store.consume(token, now).await? {
            return Err(ChallengeError::Expired);
        }
        self.store.find(user).await?.filter(|u| u.status == UserStatus::Active).ok_or(ChallengeError::Expired)
    }

    /// Reserves one password attempt: from a known browser against that browser's own budget;
    /// otherwise against the (account, address) pair, whose tries slow down exponentially
    /// after a few failures, and the address's budget across all accounts, both at once or
    /// neither. Answers the reserved hits, or how long to wait.
    async fn reserve_attempt(
        &self,
        email: &Email,
        ctx: &RequestContext,
        now: OffsetDateTime,
    ) -> anyhow::Result<Result<Vec<uuid::Uuid>, Duration>> {
        let recent = now - rules::FAILURE_WINDOW;
        if let Some(device) = &ctx.known_device {
            let key = device_key(device);
            return self
                .store
                .reserve_hits(&[(&key, recent)], now, |windows| {
                    windows[0].wait(rules::DEVICE_FAILURES, rules::FAILURE_WINDOW, now).map_or(Ok(()), Err)
                })
                .await;
        }
        let pair = pair_key(email, ctx);
        let source = ctx.ip.as_ref().map(|ip| format!("login:ip:{ip}"));
        let mut keys = vec![(pair.as_str(), now - rules::PAIR_WINDOW)];
        keys.extend(source.as_deref().map(|key| (key, recent)));
        self.store
            .reserve_hits(&keys, now, |windows| {
                let spraying = windows.get(1).and_then(|w| w.wait(rules::IP_FAILURES, rules::FAILURE_WINDOW, now));
                rules::pair_wait(&windows[0], now).max(spraying).map_or(Ok(()), Err)
            })
            .await
    }

    /// Spends one of `limit` tries `key` has within `window`, or answers how long to wait;
    /// concurrent tries count each other.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn spend(&self, key: &str, limit: u32, window: Duration) -> anyhow::Result<Result<(), Duration>> {
        let now = self.clock.now();
        let spent = self
            .store
            .reserve_hits(&[(key, now - window)], now, |windows| {
                windows[0].wait(limit, window, now).map_or(Ok(()), Err)
            })
            .await?;
        Ok(spent.map(drop))
    }

    /// Lets in an invited person whose identity provider vouched for them; answers them as
    /// they are now.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn activate_vouched(&self, user: User) -> anyhow::Result<User> {
        if user.status != UserStatus::Invited {
            return Ok(user);
        }
        self.store.activate_invited(user.id).await?;
        Ok(User { status: UserStatus::Active, ..user })
    }

    /// The person with this e-mail, whatever their state.
    ///
    /// # Errors
    /// Only storage failures.
    pub async fn user_by_email(&self, email: &Email) -> anyhow::Result<Option<User>> {
        Ok(self.store.find_credentials(email).await?.map(|c| c.user))
    }

    pub(crate) fn event(
        &self,
        actor: Option<&User>,
        action: AuditAction,
        target_type: &'static str,
        target_id: String,
        ctx: &RequestContext,
    ) -> AuditEvent {
        AuditEvent {
            at: self.clock.now(),
            actor: actor.map(|u| u.id),
            action,
            target_type,
            target_id: Some(target_id),
            company: actor.and_then(|u| u.company),
            details: json!({}),
            ip: ctx.ip.clone(),
        }
    }

    /// # Errors
    /// Only storage failures.
    pub async fn audit(&self, event: AuditEvent) -> anyhow::Result<()> {
        self.store.record(event).await
    }
}

/// The EULA step's token purpose of each kind of sign-in that has one.
const EULA_STEPS: [(SessionKind, TokenPurpose); 3] = [
    (SessionKind::Password, TokenPurpose::EulaChallenge),
    (SessionKind::Game, TokenPurpose::GameEulaChallenge),
    (SessionKind::Sso, TokenPurpose::SsoEulaChallenge),
];

/// A session not revoked whose user is still active in the role it was opened with.
fn is_live(view: &crate::SessionView) -> bool {
    view.revoked_at.is_none() && view.user.status == UserStatus::Active && view.user.role == view.role_at_sign_in
}

/// The throttle key of one challenge's code mails.
fn resend_key(challenge: TokenId) -> String {
    format!("otp:resend:{challenge}")
}

/// Failures of one browser that has signed in to the account before.
fn device_key(device: &str) -> String {
    format!("login:device:{device}")
}

/// Failures of one account from one address.
fn pair_key(email: &Email, ctx: &RequestContext) -> String {
    format!("login:pair:{email}:{}", ctx.ip.as_deref().unwrap_or("-"))
}
