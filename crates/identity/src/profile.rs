//! The signed-in person's own profile: their name and language, their photo, and the sessions
//! they hold, which they can end everywhere at once.

use std::future::Future;

use anyhow::Result;
use kernel::{Actor, AuditAction, AuditEvent, Clock, SessionId, UserId};
use serde_json::json;
use time::OffsetDateTime;

use crate::{
    AdminActionError, IdentityStore, Notifier, PasswordHasher, Principal, RequestContext, SessionKind, SignIn, User,
};

/// The largest photo kept, after it is encoded again.
pub const PHOTO_MAX_BYTES: usize = 256 * 1024;

/// A profile photo as stored: a PNG, JPEG or WebP image the server encoded itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Photo {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A session that has neither ended nor expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveSession {
    pub id: SessionId,
    pub kind: SessionKind,
    pub created_at: OffsetDateTime,
    pub last_seen_at: OffsetDateTime,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

pub trait ProfileRepository: Clone + Send + Sync + 'static {
    /// `user`'s sessions neither ended nor expired at `now`, the most recently used first.
    fn live_sessions(&self, user: UserId, now: OffsetDateTime)
    -> impl Future<Output = Result<Vec<LiveSession>>> + Send;

    fn photo(&self, user: UserId) -> impl Future<Output = Result<Option<Photo>>> + Send;

    /// Whether `user` has a photo, without reading it.
    fn has_photo(&self, user: UserId) -> impl Future<Output = Result<bool>> + Send;

    /// Keeps `photo` as `user`'s, or removes theirs (`None`), with its audit line (whose
    /// moment is the photo's), in one transaction.
    fn set_photo(
        &self,
        user: UserId,
        photo: Option<Photo>,
        audit: AuditEvent,
    ) -> impl Future<Output = Result<()>> + Send;
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// Changes one's own name and language, audited as an admin's change would be.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn update_own_profile(
        &self,
        who: &Principal,
        name: &str,
        locale: &str,
        ctx: &RequestContext,
    ) -> Result<User, AdminActionError> {
        let actor = Actor { user: who.user, scope: who.scope, ip: ctx.ip.clone() };
        self.update_user(&actor, who.user, name, locale).await
    }

    /// # Errors
    /// Storage failures.
    pub async fn own_sessions(&self, who: &Principal) -> Result<Vec<LiveSession>> {
        self.store().live_sessions(who.user, self.clock().now()).await
    }

    /// Ends every session of the signed-in person, this one and the games' included; answers
    /// how many ended.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn sign_out_everywhere(&self, who: &Principal, ctx: &RequestContext) -> Result<u64> {
        let now = self.clock().now();
        let ended = self.store().revoke_all(who.user, None, now).await?;
        self.audit(AuditEvent {
            at: now,
            actor: Some(who.user),
            action: AuditAction::UserSignedOutEverywhere,
            target_type: "user",
            target_id: Some(who.user.to_string()),
            company: who.company,
            details: json!({ "sessions": ended }),
            ip: ctx.ip.clone(),
        })
        .await?;
        Ok(ended)
    }

    /// # Errors
    /// Storage failures.
    pub async fn own_photo(&self, who: &Principal) -> Result<Option<Photo>> {
        self.store().photo(who.user).await
    }

    /// # Errors
    /// Storage failures.
    pub async fn has_own_photo(&self, who: &Principal) -> Result<bool> {
        self.store().has_photo(who.user).await
    }

    /// Replaces the signed-in person's photo, or removes it (`None`), audited.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn set_own_photo(&self, who: &Principal, photo: Option<Photo>, ctx: &RequestContext) -> Result<()> {
        let details = json!({ "photo": photo.as_ref().map(|p| json!({ "content_type": p.content_type, "bytes": p.bytes.len() })) });
        let audit = AuditEvent {
            at: self.clock().now(),
            actor: Some(who.user),
            action: AuditAction::UserPhotoChanged,
            target_type: "user",
            target_id: Some(who.user.to_string()),
            company: who.company,
            details,
            ip: ctx.ip.clone(),
        };
        self.store().set_photo(who.user, photo, audit).await
    }
}
