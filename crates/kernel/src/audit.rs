//! The audit log's vocabulary, shared by every domain that records admin changes.

use std::{fmt, future::Future, str::FromStr};

use time::OffsetDateTime;

use crate::{CompanyId, Scope, UserId};

/// What an audit line says was done. The code (`company.updated`) is what the log stores, the
/// API filters by and the screens translate; one list, so none of them can name an action the
/// others do not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuditAction {
    AllocationCreated,
    AllocationUpdated,
    ApiClientCreated,
    ApiClientRotated,
    ApiClientRevoked,
    BatchCreated,
    BatchUpdated,
    BatchMemberAdded,
    BatchMemberMoved,
    BatchMemberRemoved,
    CatalogueChanged,
    CatalogueImported,
    CompanyCreated,
    CompanyUpdated,
    CompanyLogoChanged,
    CountryCreated,
    CountryUpdated,
    /// A batch's sign-up link was made, or stopped working before its time.
    EnrolmentKeyCreated,
    EnrolmentKeyRevoked,
    GameAppCreated,
    GameAppUpdated,
    /// A trainee allowed a game app to sign them in.
    GameAuthorized,
    /// A trainee declined a game app's request to sign them in.
    GameConsentDenied,
    /// A game presented a code again (its sign-in ends): a stolen code, or a game's bug.
    GameCodeReplayed,
    /// A game presented a used refresh token again (its sign-in ends): a stolen token, or a bug.
    GameRefreshReused,
    /// A game revoked a trainee's sign-in (RFC 7009).
    GameSignInRevoked,
    IndustryCreated,
    IndustryUpdated,
    SsoConnectionCreated,
    SsoConnectionUpdated,
    SsoConnectionDeleted,
    EulaAccepted,
    EulaDeclined,
    InvitationSent,
    InvitationAccepted,
    OtpSent,
    OtpResent,
    OtpVerified,
    OtpFailed,
    PasswordChanged,
    PasswordReset,
    PasswordResetRequested,
    /// A score report was downloaded (CSV or XLSX).
    ReportExported,
    SeatAssigned,
    SeatReleased,
    SeatRevoked,
    SignInSucceeded,
    SignInFailed,
    SignInThrottled,
    SignInRefusedDisabled,
    /// A right password of someone whose company signs in through its provider only.
    SignInRefusedSsoOnly,
    SignOut,
    /// Someone who confirmed their address could not join through a sign-up link (no seat,
    /// the link closed meanwhile).
    SignUpRefused,
    /// A sign-in through a company's identity provider did not open a session.
    SsoSignInFailed,
    TraineesImported,
    /// Someone the company's provider vouched for became a trainee at first sign-in.
    TraineeSelfEnrolled,
    /// Someone joined a batch through its sign-up link.
    TraineeSignedUp,
    UserCreated,
    UserUpdated,
    UserDisabled,
    UserEnabled,
    UserSignedOutEverywhere,
    /// Someone put up, replaced or took down their own photo.
    UserPhotoChanged,
}

impl AuditAction {
    pub const ALL: [Self; 63] = [
        Self::AllocationCreated,
        Self::AllocationUpdated,
        Self::ApiClientCreated,
        Self::ApiClientRotated,
        Self::ApiClientRevoked,
        Self::BatchCreated,
        Self::BatchUpdated,
        Self::BatchMemberAdded,
        Self::BatchMemberMoved,
        Self::BatchMemberRemoved,
        Self::CatalogueChanged,
        Self::CatalogueImported,
        Self::CompanyCreated,
        Self::CompanyUpdated,
        Self::CompanyLogoChanged,
        Self::CountryCreated,
        Self::CountryUpdated,
        Self::EnrolmentKeyCreated,
        Self::EnrolmentKeyRevoked,
        Self::GameAppCreated,
        Self::GameAppUpdated,
        Self::GameAuthorized,
        Self::GameConsentDenied,
        Self::GameCodeReplayed,
        Self::GameRefreshReused,
        Self::GameSignInRevoked,
        Self::IndustryCreated,
        Self::IndustryUpdated,
        Self::SsoConnectionCreated,
        Self::SsoConnectionUpdated,
        Self::SsoConnectionDeleted,
        Self::EulaAccepted,
        Self::EulaDeclined,
        Self::InvitationSent,
        Self::InvitationAccepted,
        Self::OtpSent,
        Self::OtpResent,
        Self::OtpVerified,
        Self::OtpFailed,
        Self::PasswordChanged,
        Self::PasswordReset,
        Self::PasswordResetRequested,
        Self::ReportExported,
        Self::SeatAssigned,
        Self::SeatReleased,
        Self::SeatRevoked,
        Self::SignInSucceeded,
        Self::SignInFailed,
        Self::SignInThrottled,
        Self::SignInRefusedDisabled,
        Self::SignInRefusedSsoOnly,
        Self::SignOut,
        Self::SignUpRefused,
        Self::SsoSignInFailed,
        Self::TraineesImported,
        Self::TraineeSelfEnrolled,
        Self::TraineeSignedUp,
        Self::UserCreated,
        Self::UserUpdated,
        Self::UserDisabled,
        Self::UserEnabled,
        Self::UserSignedOutEverywhere,
        Self::UserPhotoChanged,
    ];

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::AllocationCreated => "allocation.created",
            Self::AllocationUpdated => "allocation.updated",
            Self::ApiClientCreated => "api_client.created",
            Self::ApiClientRotated => "api_client.rotated",
            Self::ApiClientRevoked => "api_client.revoked",
            Self::BatchCreated => "batch.created",
            Self::BatchUpdated => "batch.updated",
            Self::BatchMemberAdded => "batch.member_added",
            Self::BatchMemberMoved => "batch.member_moved",
            Self::BatchMemberRemoved => "batch.member_removed",
            Self::CatalogueChanged => "catalogue.changed",
            Self::CatalogueImported => "catalogue.imported",
            Self::CompanyCreated => "company.created",
            Self::CompanyUpdated => "company.updated",
            Self::CompanyLogoChanged => "company.logo_changed",
            Self::CountryCreated => "country.created",
            Self::CountryUpdated => "country.updated",
            Self::EnrolmentKeyCreated => "enrolment_key.created",
            Self::EnrolmentKeyRevoked => "enrolment_key.revoked",
            Self::GameAppCreated => "game_app.created",
            Self::GameAppUpdated => "game_app.updated",
            Self::GameAuthorized => "game.authorized",
            Self::GameConsentDenied => "game.consent_denied",
            Self::GameCodeReplayed => "game.code_replayed",
            Self::GameRefreshReused => "game.refresh_reused",
            Self::GameSignInRevoked => "game.sign_in_revoked",
            Self::IndustryCreated => "industry.created",
            Self::IndustryUpdated => "industry.updated",
            Self::SsoConnectionCreated => "sso_connection.created",
            Self::SsoConnectionUpdated => "sso_connection.updated",
            Self::SsoConnectionDeleted => "sso_connection.deleted",
            Self::EulaAccepted => "eula.accepted",
            Self::EulaDeclined => "eula.declined",
            Self::InvitationSent => "invitation.sent",
            Self::InvitationAccepted => "invitation.accepted",
            Self::OtpSent => "otp.sent",
            Self::OtpResent => "otp.resent",
            Self::OtpVerified => "otp.verified",
            Self::OtpFailed => "otp.failed",
            Self::PasswordChanged => "password.changed",
            Self::PasswordReset => "password.reset",
            Self::PasswordResetRequested => "password.reset_requested",
            Self::ReportExported => "report.exported",
            Self::SeatAssigned => "seat.assigned",
            Self::SeatReleased => "seat.released",
            Self::SeatRevoked => "seat.revoked",
            Self::SignInSucceeded => "sign_in.succeeded",
            Self::SignInFailed => "sign_in.failed",
            Self::SignInThrottled => "sign_in.throttled",
            Self::SignInRefusedDisabled => "sign_in.refused_disabled",
            Self::SignInRefusedSsoOnly => "sign_in.refused_sso_only",
            Self::SignOut => "sign_out",
            Self::SignUpRefused => "sign_up.refused",
            Self::SsoSignInFailed => "sso.sign_in_failed",
            Self::TraineesImported => "trainees.imported",
            Self::TraineeSelfEnrolled => "trainee.self_enrolled",
            Self::TraineeSignedUp => "trainee.signed_up",
            Self::UserCreated => "user.created",
            Self::UserUpdated => "user.updated",
            Self::UserDisabled => "user.disabled",
            Self::UserEnabled => "user.enabled",
            Self::UserSignedOutEverywhere => "user.signed_out_everywhere",
            Self::UserPhotoChanged => "user.photo_changed",
        }
    }
}

impl fmt::Display for AuditAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown audit action `{0}`")]
pub struct UnknownAuditAction(pub String);

impl FromStr for AuditAction {
    type Err = UnknownAuditAction;

    fn from_str(code: &str) -> Result<Self, Self::Err> {
        Self::ALL.into_iter().find(|action| action.as_str() == code).ok_or_else(|| UnknownAuditAction(code.to_owned()))
    }
}

/// One line of the audit log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuditEvent {
    pub at: OffsetDateTime,
    pub actor: Option<UserId>,
    pub action: AuditAction,
    pub target_type: &'static str,
    pub target_id: Option<String>,
    pub company: Option<CompanyId>,
    /// For changes: `{"before": …, "after": …}`.
    pub details: serde_json::Value,
    pub ip: Option<String>,
}

pub trait AuditLog: Clone + Send + Sync + 'static {
    fn record(&self, event: AuditEvent) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// Who is acting on an admin screen: what they may see, and where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub user: UserId,
    pub scope: Scope,
    pub ip: Option<String>,
}

impl Actor {
    /// An audit line of this actor's change of `target`.
    #[must_use]
    pub fn event(
        &self,
        at: OffsetDateTime,
        action: AuditAction,
        target_type: &'static str,
        target_id: impl ToString,
        company: Option<CompanyId>,
        details: serde_json::Value,
    ) -> AuditEvent {
        AuditEvent {
            at,
            actor: Some(self.user),
            action,
            target_type,
            target_id: Some(target_id.to_string()),
            company,
            details,
            ip: self.ip.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_its_code_and_no_two_share_one() {
        let codes: std::collections::HashSet<_> = AuditAction::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(codes.len(), AuditAction::ALL.len());
        for action in AuditAction::ALL {
            assert_eq!(action.as_str().parse(), Ok(action));
        }
        assert_eq!("company.deleted".parse::<AuditAction>(), Err(UnknownAuditAction("company.deleted".into())));
    }
}
