//! Access tokens: an HS256 JWT that names a session. The session row, not the token, decides
//! whether the caller is still signed in; the token only proves which session they hold.
//! Exactly one algorithm, the issuer, the audience, the expiry and the token type are
//! checked, so no other kind of token (challenge, reset, hand-off) ever passes as access.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use kernel::SessionId;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

const ISSUER: &str = "playtrack";
const AUDIENCE: &str = "playtrack-portal";
const ACCESS: &str = "access";
/// A game app's access token: names a game app's session, never a portal one.
const GAME_ACCESS: &str = "game_access";
const DEVICE: &str = "device";
/// The cookie that marks a browser which has signed in to an account before.
pub const DEVICE_COOKIE: &str = "playtrack_device";
/// How long a browser stays known without signing in again.
pub const DEVICE_LIFETIME: time::Duration = time::Duration::days(180);

/// A device cookie's content: which account (by the hash of its e-mail, so the cookie names
/// nobody) and which browser.
#[derive(Debug, Serialize, Deserialize)]
struct DeviceClaims {
    iss: String,
    aud: String,
    sub: String,
    dev: String,
    typ: String,
    exp: i64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    iss: String,
    aud: String,
    sub: String,
    sid: Uuid,
    typ: String,
    iat: i64,
    exp: i64,
}

#[derive(Clone)]
pub struct AccessTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    /// As `validation`, but the expiry is judged by the services' clock (see
    /// [`AccessTokens::game_session_of`]).
    game_validation: Validation,
}

impl std::fmt::Debug for AccessTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AccessTokens(..)")
    }
}

impl AccessTokens {
    /// `secret`: at least 32 random bytes, shared by every server process.
    #[must_use]
    pub fn new(secret: &[u8]) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 0;
        let mut game_validation = validation.clone();
        game_validation.validate_exp = false;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            game_validation,
        }
    }

    /// # Errors
    /// Only when signing fails, which HS256 does not.
    pub fn issue(&self, session: &identity::OpenedSession, now: time::OffsetDateTime) -> anyhow::Result<String> {
        let claims = Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: session.user.id.to_string(),
            sid: session.id.as_uuid(),
            typ: ACCESS.into(),
            iat: now.unix_timestamp(),
            exp: session.expires_at.unix_timestamp(),
        };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// A game app's access token for its session `session` of `user`, and its lifetime in
    /// seconds: short, since only the session row can end it sooner.
    ///
    /// # Errors
    /// Only when signing fails, which HS256 does not.
    pub fn issue_game(
        &self,
        session: SessionId,
        user: kernel::UserId,
        now: time::OffsetDateTime,
    ) -> anyhow::Result<(String, i64)> {
        let lifetime = identity::grants::ACCESS_LIFETIME;
        let claims = Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: user.to_string(),
            sid: session.as_uuid(),
            typ: GAME_ACCESS.into(),
            iat: now.unix_timestamp(),
            exp: (now + lifetime).unix_timestamp(),
        };
        Ok((jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?, lifetime.whole_seconds()))
    }

    /// The game app's session a game access token names, while it is unexpired at `now` (the
    /// services' clock, which minted it); `None` for anything else.
    #[must_use]
    pub fn game_session_of(&self, token: &str, now: time::OffsetDateTime) -> Option<SessionId> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.game_validation).ok()?;
        (data.claims.typ == GAME_ACCESS && now.unix_timestamp() < data.claims.exp)
            .then(|| SessionId::from_uuid(data.claims.sid))
    }

    /// Whether `token` is a game access token this server signed, expired or not.
    #[must_use]
    pub fn is_game_token(&self, token: &str) -> bool {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.game_validation)
            .is_ok_and(|d| d.claims.typ == GAME_ACCESS)
    }

    /// A signed device cookie value for a browser that just signed in to `email`.
    ///
    /// # Errors
    /// Only when signing fails, which HS256 does not.
    pub fn device(&self, email: &kernel::Email, now: time::OffsetDateTime) -> anyhow::Result<String> {
        let claims = DeviceClaims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: identity::secret::hash_token(email.as_str()),
            dev: Uuid::new_v4().to_string(),
            typ: DEVICE.into(),
            exp: (now + DEVICE_LIFETIME).unix_timestamp(),
        };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The browser id of a device cookie that this server signed for `email`; `None` for a
    /// forged, expired or other account's cookie, or any other token.
    #[must_use]
    pub fn known_device(&self, cookie: &str, email: &kernel::Email) -> Option<String> {
        let data = jsonwebtoken::decode::<DeviceClaims>(cookie, &self.decoding, &self.validation).ok()?;
        let claims = data.claims;
        (claims.typ == DEVICE && claims.sub == identity::secret::hash_token(email.as_str())).then_some(claims.dev)
    }

    /// The session an access token names; `None` for anything else.
    #[must_use]
    pub fn session_of(&self, token: &str) -> Option<SessionId> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok()?;
        (data.claims.typ == ACCESS).then(|| SessionId::from_uuid(data.claims.sid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use identity::{OpenedSession, User, UserStatus};
    use kernel::{Email, Role, UserId};
    use time::{Duration, OffsetDateTime};

    fn session(expires_in: Duration) -> OpenedSession {
        let now = OffsetDateTime::now_utc();
        OpenedSession {
            id: SessionId::new(),
            user: User {
                id: UserId::new(),
                email: Email::parse("ops@provider.example").unwrap(),
                name: "Ops".into(),
                role: Role::SuperAdmin,
                company: None,
                status: UserStatus::Active,
                mfa_required: false,
                locale: "en".into(),
                created_at: now,
            },
            expires_at: now + expires_in,
        }
    }

    #[test]
    fn game_and_portal_tokens_never_pass_for_each_other() {
        let tokens = AccessTokens::new(&[7; 32]);
        let opened = session(Duration::hours(1));
        let portal = tokens.issue(&opened, OffsetDateTime::now_utc()).unwrap();
        let now = OffsetDateTime::now_utc();
        let (game, lifetime) = tokens.issue_game(opened.id, opened.user.id, now).unwrap();
        assert_eq!(lifetime, 600);
        assert_eq!(tokens.game_session_of(&game, now), Some(opened.id));
        assert_eq!(tokens.session_of(&game), None, "a game token is no portal session");
        assert_eq!(tokens.game_session_of(&portal, now), None, "a portal token is no game token");
        assert_eq!(tokens.game_session_of(&game, now + Duration::minutes(10)), None, "expired after ten minutes");
    }

    #[test]
    fn a_token_names_its_session() {
        let tokens = AccessTokens::new(&[7; 32]);
        let opened = session(Duration::hours(1));
        let token = tokens.issue(&opened, OffsetDateTime::now_utc()).unwrap();
        assert_eq!(tokens.session_of(&token), Some(opened.id));
    }

    #[test]
    fn expired_foreign_and_tampered_tokens_name_nothing() {
        let tokens = AccessTokens::new(&[7; 32]);
        let now = OffsetDateTime::now_utc();
        let expired = tokens.issue(&session(Duration::seconds(-1)), now).unwrap();
        let foreign = AccessTokens::new(&[8; 32]).issue(&session(Duration::hours(1)), now).unwrap();
        let valid = tokens.issue(&session(Duration::hours(1)), now).unwrap();
        // A signature character changed, never to itself and away from the padding bits.
        let at = valid.len() - 5;
        let swapped = if valid.as_bytes()[at] == b'A' { "B" } else { "A" };
        let tampered = format!("{}{swapped}{}", &valid[..at], &valid[at + 1..]);
        for token in [expired, foreign, tampered, "not-a-jwt".into()] {
            assert_eq!(tokens.session_of(&token), None, "{token}");
        }
    }

    #[test]
    fn another_algorithm_or_type_is_refused() {
        let secret = [7; 32];
        let tokens = AccessTokens::new(&secret);
        let now = OffsetDateTime::now_utc().unix_timestamp();
        let claims = |typ: &str| Claims {
            iss: ISSUER.into(),
            aud: AUDIENCE.into(),
            sub: "x".into(),
            sid: Uuid::now_v7(),
            typ: typ.into(),
            iat: now,
            exp: now + 600,
        };
        let hs512 =
            jsonwebtoken::encode(&Header::new(Algorithm::HS512), &claims(ACCESS), &EncodingKey::from_secret(&secret))
                .unwrap();
        let reset =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims("reset"), &EncodingKey::from_secret(&secret))
                .unwrap();
        assert_eq!(tokens.session_of(&hs512), None);
        assert_eq!(tokens.session_of(&reset), None);
    }
}
