//! The one place where failures become HTTP answers: `application/problem+json` (RFC 9457)
//! with a stable machine `code` the frontend translates. Internal details are logged with
//! their whole cause chain and never sent.

use actix_web::{HttpResponse, ResponseError, http::StatusCode};
use kernel::FieldCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::middleware::current_request_id;

/// Stable error codes: clients switch on these, never on `title` or `detail`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProblemCode {
    NotFound,
    /// The path exists, but not with this method (`Allow` names those it has).
    MethodNotAllowed,
    MalformedRequest,
    ValidationFailed,
    Unauthenticated,
    SessionExpired,
    Forbidden,
    /// A browser's request that changes something came without the `X-CSRF-Token` header
    /// naming its `playtrack_csrf` cookie.
    CsrfTokenInvalid,
    RateLimited,
    InvalidCredentials,
    AccountDisabled,
    ChallengeExpired,
    OtpInvalid,
    SetupTokenInvalid,
    PasswordPolicy,
    EmailTaken,
    LinkExpired,
    CurrentPasswordWrong,
    UserState,
    /// Every seat a trainee could take is held.
    NoSeatLeft,
    /// The seat was used (the game started with it) and cannot be taken back.
    SeatInUse,
    /// An allocation cannot hold fewer seats than it has given out.
    SeatsBelowTaken,
    /// The trainee's seats have all lapsed: the game does not start.
    LicenceExpired,
    /// The trainee holds no seat: the game does not start.
    NoLicence,
    /// Some rows of an import are wrong; nothing was imported.
    ImportRejected,
    /// The body is larger than the operation takes.
    PayloadTooLarge,
    /// An xAPI request without an `X-Experience-API-Version` header naming a version this
    /// portal speaks (1.0.x or 2.0.x).
    XapiVersion,
    /// A well-formed request that asks for what the portal does not do: an xAPI statement
    /// outside the profile (`docs/xapi-profile.md`), or a resource or parameter of xAPI it
    /// does not offer. `detail` says what it takes.
    NotSupported,
    /// An xAPI statement within the profile that breaks a rule of the portal (an unknown
    /// trainee or level, a score above the maximum, no valid seat); `errors` names the
    /// statement's properties at fault. Nothing of the request was stored.
    StatementRejected,
    /// The same id was recorded before with other content; nothing was stored.
    Conflict,
    /// Something still refers to what was to be deleted: a chapter's levels, a level's
    /// attempts (retire it instead), the levels or attempts of a skill or approach.
    InUse,
    /// No enabled game app has this `client_id`: the portal does not send the browser back.
    OauthClient,
    /// The `redirect_uri` is missing or not registered for the game app: never redirected to.
    OauthRedirectUri,
    /// Anything else wrong with an authorization request: `redirect_to` is the game's
    /// redirect URI carrying the OAuth `error` (and `state`), where the browser goes next.
    OauthRequest,
    /// A hand-off link that was used, has expired (60 s) or was never issued.
    GameTokenInvalid,
    /// The company signs in through its identity provider only.
    SsoRequired,
    /// No SSO connection vouches for the e-mail's domain.
    SsoNotAvailable,
    /// The SSO sign-in is unknown, used, expired, or was started in another browser.
    SsoExpired,
    /// The identity provider answered with an error of its own, in `detail`.
    SsoProviderError,
    SsoUnreachable,
    /// The seed's "Failed to get access token.": the token endpoint gave none.
    SsoNoAccessToken,
    /// The ID token failed a check (signature, issuer, audience, expiry, nonce).
    SsoTokenRejected,
    /// The provider's e-mail is missing, unverified or outside the verified domains.
    SsoEmailNotAllowed,
    /// Nobody of this company has the e-mail, and the connection creates nobody.
    SsoNoAccount,
    /// A batch's sign-up link that was revoked, has expired or is used up, or never existed.
    SignUpLinkClosed,
    DatabaseUnavailable,
    Internal,
}

impl ProblemCode {
    const fn status(self) -> StatusCode {
        match self {
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::MalformedRequest => StatusCode::BAD_REQUEST,
            Self::ValidationFailed => StatusCode::UNPROCESSABLE_ENTITY,
            Self::Unauthenticated | Self::SessionExpired | Self::InvalidCredentials | Self::ChallengeExpired => {
                StatusCode::UNAUTHORIZED
            }
            Self::Forbidden | Self::CsrfTokenInvalid | Self::AccountDisabled | Self::SetupTokenInvalid => {
                StatusCode::FORBIDDEN
            }
            Self::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Self::OtpInvalid | Self::PasswordPolicy | Self::CurrentPasswordWrong => StatusCode::UNPROCESSABLE_ENTITY,
            Self::EmailTaken | Self::UserState | Self::NoSeatLeft | Self::SeatInUse | Self::SeatsBelowTaken => {
                StatusCode::CONFLICT
            }
            Self::LicenceExpired | Self::NoLicence => StatusCode::FORBIDDEN,
            Self::ImportRejected => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::XapiVersion | Self::NotSupported | Self::StatementRejected => StatusCode::BAD_REQUEST,
            Self::Conflict | Self::InUse => StatusCode::CONFLICT,
            Self::OauthClient | Self::OauthRedirectUri | Self::OauthRequest => StatusCode::BAD_REQUEST,
            Self::GameTokenInvalid => StatusCode::UNAUTHORIZED,
            Self::SsoRequired | Self::SsoEmailNotAllowed | Self::SsoNoAccount => StatusCode::FORBIDDEN,
            Self::SsoNotAvailable => StatusCode::UNPROCESSABLE_ENTITY,
            Self::SsoExpired | Self::SsoProviderError | Self::SsoNoAccessToken | Self::SsoTokenRejected => {
                StatusCode::UNAUTHORIZED
            }
            Self::SsoUnreachable => StatusCode::BAD_GATEWAY,
            Self::LinkExpired | Self::SignUpLinkClosed => StatusCode::GONE,
            Self::DatabaseUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A short English title for people reading raw responses; the UI uses `code`.
    const fn title(self) -> &'static str {
        match self {
            Self::NotFound => "Not found",
            Self::MethodNotAllowed => "Method not allowed",
            Self::MalformedRequest => "Malformed request",
            Self::ValidationFailed => "Validation failed",
            Self::Unauthenticated => "Authentication required",
            Self::SessionExpired => "Session expired",
            Self::Forbidden => "Forbidden",
            Self::CsrfTokenInvalid => "CSRF token missing or wrong",
            Self::RateLimited => "Too many requests",
            Self::InvalidCredentials => "Wrong e-mail or password",
            Self::AccountDisabled => "Account disabled",
            Self::ChallengeExpired => "Sign-in attempt expired",
            Self::OtpInvalid => "Wrong code",
            Self::SetupTokenInvalid => "Setup link invalid",
            Self::PasswordPolicy => "Password too weak",
            Self::EmailTaken => "E-mail already in use",
            Self::LinkExpired => "Link used or expired",
            Self::CurrentPasswordWrong => "Current password wrong",
            Self::UserState => "Not possible in the user's state",
            Self::NoSeatLeft => "No licence seat left",
            Self::SeatInUse => "Seat already in use",
            Self::SeatsBelowTaken => "Fewer seats than already assigned",
            Self::LicenceExpired => "Licence expired",
            Self::NoLicence => "No licence",
            Self::ImportRejected => "Import rejected",
            Self::PayloadTooLarge => "Payload too large",
            Self::XapiVersion => "xAPI version missing or not supported",
            Self::NotSupported => "Not supported",
            Self::StatementRejected => "Statement rejected",
            Self::Conflict => "Conflicts with what was recorded",
            Self::InUse => "Still in use",
            Self::OauthClient => "Unknown game",
            Self::OauthRedirectUri => "Redirect URI not registered",
            Self::OauthRequest => "Authorization request refused",
            Self::GameTokenInvalid => "Game link used or expired",
            Self::SsoRequired => "Sign in with SSO",
            Self::SsoNotAvailable => "Single sign-on not available",
            Self::SsoExpired => "Single sign-on expired",
            Self::SsoProviderError => "Identity provider refused",
            Self::SsoUnreachable => "Identity provider unreachable",
            Self::SsoNoAccessToken => "Failed to get access token.",
            Self::SsoTokenRejected => "ID token refused",
            Self::SsoEmailNotAllowed => "E-mail not allowed for single sign-on",
            Self::SsoNoAccount => "No account for single sign-on",
            Self::SignUpLinkClosed => "Sign-up link no longer valid",
            Self::DatabaseUnavailable => "Database unavailable",
            Self::Internal => "Internal error",
        }
    }
}

/// The problem+json body.
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// A URI naming the problem type: `urn:playtrack:problem:<code>`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    pub code: ProblemCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Quote this id to support: it is in the server's log line for this request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// For `VALIDATION_FAILED` and `PASSWORD_POLICY`: what is wrong with which field.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// For `RATE_LIMITED`: when to try again (also in the `Retry-After` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
    /// For `OTP_INVALID`: tries left before the sign-in must start again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining_attempts: Option<u16>,
    /// For `USER_STATE`: the user's status (`invited`, `active` or `disabled`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_status: Option<&'static str>,
    /// For `OAUTH_REQUEST`: where to send the browser (the game, told what went wrong).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_to: Option<String>,
}

/// One field's problem, as a stable code the UI translates (`REQUIRED`, `INVALID_EMAIL`, a
/// password rule such as `UPPERCASE`, …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct FieldError {
    pub field: String,
    #[schema(value_type = FieldCodes)]
    pub code: FieldCode,
}

impl FieldError {
    #[must_use]
    pub fn new(field: &str, code: FieldCode) -> Self {
        Self { field: field.to_owned(), code }
    }
}

/// The schema of [`FieldCode`] (named `FieldCode` in the spec): every code, from the
/// kernel's one list, so the generated client knows them all.
#[derive(Debug)]
pub struct FieldCodes;

impl utoipa::PartialSchema for FieldCodes {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("What is wrong with the field."))
            .enum_values(Some(FieldCode::ALL.iter().map(|code| code.as_str())))
            .into()
    }
}

impl ToSchema for FieldCodes {
    fn name() -> std::borrow::Cow<'static, str> {
        "FieldCode".into()
    }
}

#[derive(Debug)]
pub struct ApiError {
    code: ProblemCode,
    detail: Option<String>,
    errors: Vec<FieldError>,
    retry_after: Option<time::Duration>,
    remaining_attempts: Option<u16>,
    user_status: Option<&'static str>,
    redirect_to: Option<String>,
    /// Logged, never sent.
    source: Option<anyhow::Error>,
}

impl ApiError {
    #[must_use]
    pub const fn new(code: ProblemCode) -> Self {
        Self {
            code,
            detail: None,
            errors: Vec::new(),
            retry_after: None,
            remaining_attempts: None,
            user_status: None,
            redirect_to: None,
            source: None,
        }
    }

    /// `VALIDATION_FAILED` (or another code) naming the fields at fault.
    #[must_use]
    pub fn fields(code: ProblemCode, errors: Vec<FieldError>) -> Self {
        Self { errors, ..Self::new(code) }
    }

    /// `VALIDATION_FAILED` naming the fields at fault.
    #[must_use]
    pub fn invalid(errors: Vec<FieldError>) -> Self {
        Self::fields(ProblemCode::ValidationFailed, errors)
    }

    /// `PASSWORD_POLICY` naming each unmet rule on the `password` field.
    #[must_use]
    pub fn password_policy(rules: &[password_policy::Rule]) -> Self {
        Self::fields(
            ProblemCode::PasswordPolicy,
            rules.iter().map(|rule| FieldError::new("password", (*rule).into())).collect(),
        )
    }

    #[must_use]
    pub fn rate_limited(retry_after: time::Duration) -> Self {
        Self { retry_after: Some(retry_after), ..Self::new(ProblemCode::RateLimited) }
    }

    /// `MALFORMED_REQUEST`: a parameter of the request is outside what it may be; `expected`
    /// says what it may be.
    #[must_use]
    pub fn out_of_range(field: &str, expected: &str) -> Self {
        Self::fields(ProblemCode::MalformedRequest, vec![FieldError::new(field, FieldCode::OutOfRange)])
            .with_detail(format!("{field}: expected {expected}"))
    }

    /// `USER_STATE`: the action does not fit a user whose status is `status`.
    #[must_use]
    pub fn user_state(status: &'static str) -> Self {
        Self { user_status: Some(status), ..Self::new(ProblemCode::UserState) }
    }

    #[must_use]
    pub fn otp_invalid(remaining: u16) -> Self {
        Self { remaining_attempts: Some(remaining), ..Self::new(ProblemCode::OtpInvalid) }
    }

    /// A safe, user-facing explanation (no internals).
    #[must_use]
    pub fn with_detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// An unexpected failure: logged with its cause chain, answered as a generic 500.
    /// A database too busy to answer in time, or gone for the moment, is `DATABASE_UNAVAILABLE`
    /// (503) instead, with a `Retry-After`: the same request a moment later may well succeed.
    #[must_use]
    pub fn internal(source: impl Into<anyhow::Error>) -> Self {
        let source = source.into();
        if kernel::busy::is_busy(&source) {
            return Self {
                retry_after: Some(time::Duration::seconds(1)),
                source: Some(source),
                ..Self::new(ProblemCode::DatabaseUnavailable)
            };
        }
        Self { source: Some(source), ..Self::new(ProblemCode::Internal) }
    }

    #[must_use]
    pub const fn code(&self) -> ProblemCode {
        self.code
    }
}

impl From<kernel::PageOutOfRange> for ApiError {
    fn from(e: kernel::PageOutOfRange) -> Self {
        let (field, max) = match e {
            kernel::PageOutOfRange::Page => ("page", kernel::PageRequest::MAX_PAGE),
            kernel::PageOutOfRange::PerPage => ("per_page", kernel::PageRequest::MAX_PER_PAGE),
        };
        Self::out_of_range(field, &format!("a whole number from 1 to {max}"))
    }
}

impl From<licensing::Invalid> for ApiError {
    fn from(invalid: licensing::Invalid) -> Self {
        Self::fields(
            ProblemCode::ValidationFailed,
            invalid.0.iter().map(|p| FieldError::new(&p.field, p.code)).collect(),
        )
    }
}

impl From<licensing::LicensingError> for ApiError {
    fn from(e: licensing::LicensingError) -> Self {
        use licensing::LicensingError as E;
        match e {
            E::NotFound => Self::new(ProblemCode::NotFound),
            E::Forbidden => Self::new(ProblemCode::Forbidden),
            E::Invalid(invalid) => invalid.into(),
            E::NoSeatLeft => Self::new(ProblemCode::NoSeatLeft),
            E::EmailTaken => Self::new(ProblemCode::EmailTaken),
            E::SeatInUse => Self::new(ProblemCode::SeatInUse),
            E::BelowTaken { taken } => {
                Self::new(ProblemCode::SeatsBelowTaken).with_detail(format!("{taken} seats are already assigned"))
            }
            E::UserDisabled => Self::user_state(identity::UserStatus::Disabled.as_str()),
            E::LicenceExpired => Self::new(ProblemCode::LicenceExpired),
            E::NoLicence => Self::new(ProblemCode::NoLicence),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::AdminActionError> for ApiError {
    fn from(e: identity::AdminActionError) -> Self {
        use identity::AdminActionError as E;
        match e {
            E::NotFound => Self::new(ProblemCode::NotFound),
            E::WrongState(status) => Self::user_state(status),
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::AuthenticateError> for ApiError {
    fn from(e: identity::AuthenticateError) -> Self {
        use identity::AuthenticateError as E;
        match e {
            E::Invalid => Self::new(ProblemCode::Unauthenticated),
            E::Expired => Self::new(ProblemCode::SessionExpired),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::LoginError> for ApiError {
    fn from(e: identity::LoginError) -> Self {
        use identity::LoginError as E;
        match e {
            E::InvalidCredentials => Self::new(ProblemCode::InvalidCredentials),
            E::AccountDisabled => Self::new(ProblemCode::AccountDisabled),
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::SsoOnly => Self::new(ProblemCode::SsoRequired),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::ChallengeError> for ApiError {
    fn from(e: identity::ChallengeError) -> Self {
        use identity::ChallengeError as E;
        match e {
            E::Expired => Self::new(ProblemCode::ChallengeExpired),
            E::WrongCode { remaining } => Self::otp_invalid(remaining),
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::ForgotPasswordError> for ApiError {
    fn from(e: identity::ForgotPasswordError) -> Self {
        use identity::ForgotPasswordError as E;
        match e {
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::ChangePasswordError> for ApiError {
    fn from(e: identity::ChangePasswordError) -> Self {
        use identity::ChangePasswordError as E;
        match e {
            E::WrongPassword => Self::new(ProblemCode::CurrentPasswordWrong),
            E::WeakPassword(rules) => Self::password_policy(&rules),
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::PasswordLinkError> for ApiError {
    fn from(e: identity::PasswordLinkError) -> Self {
        use identity::PasswordLinkError as E;
        match e {
            E::Expired => Self::new(ProblemCode::LinkExpired),
            E::WeakPassword(rules) => Self::password_policy(&rules),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<identity::SetupError> for ApiError {
    fn from(e: identity::SetupError) -> Self {
        use identity::{CreateUserError, SetupError as E};
        match e {
            E::InvalidToken => Self::new(ProblemCode::SetupTokenInvalid),
            E::WeakPassword(rules) => Self::password_policy(&rules),
            E::Create(CreateUserError::EmailTaken(_)) => Self::new(ProblemCode::EmailTaken),
            E::Create(e) => Self::internal(e),
        }
    }
}

impl From<app::PeopleError> for ApiError {
    fn from(e: app::PeopleError) -> Self {
        use app::PeopleError as E;
        match e {
            E::EmailTaken => Self::new(ProblemCode::EmailTaken),
            E::ImportRejected(plans) => Self::fields(
                ProblemCode::ImportRejected,
                plans
                    .iter()
                    .flat_map(|p| {
                        p.problems.iter().map(|f| FieldError::new(&format!("rows.{}.{}", p.row.line, f.field), f.code))
                    })
                    .collect(),
            ),
            E::Licensing(e) => e.into(),
            E::Admin(e) => e.into(),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

/// The errors of an admin's list-and-form service (API clients, game apps, SSO connections),
/// which all have the same four cases.
macro_rules! from_admin_form_error {
    ($($error:ty),+) => {$(
        impl From<$error> for ApiError {
            fn from(e: $error) -> Self {
                use $error as E;
                match e {
                    E::Forbidden => Self::new(ProblemCode::Forbidden),
                    E::NotFound => Self::new(ProblemCode::NotFound),
                    E::Invalid(problems) => {
                        Self::invalid(problems.iter().map(|p| FieldError::new(&p.field, p.code)).collect())
                    }
                    E::Unknown(e) => Self::internal(e),
                }
            }
        }
    )+};
}

from_admin_form_error!(scoring::ClientError, identity::game_apps::GameAppError, identity::sso::SsoError);

impl From<identity::grants::RequestError> for ApiError {
    fn from(e: identity::grants::RequestError) -> Self {
        use identity::grants::RequestError as E;
        match e {
            E::UnknownClient => Self::new(ProblemCode::OauthClient),
            E::RedirectUri => Self::new(ProblemCode::OauthRedirectUri),
            E::Invalid { description, redirect_to, .. } => {
                Self { redirect_to: Some(redirect_to), ..Self::new(ProblemCode::OauthRequest) }.with_detail(description)
            }
        }
    }
}

impl From<app::GameSignInError> for ApiError {
    fn from(e: app::GameSignInError) -> Self {
        use app::GameSignInError as E;
        match e {
            E::Request(e) => e.into(),
            E::NotATrainee => {
                Self::new(ProblemCode::Forbidden).with_detail("only trainees sign in to the game; admins do not play")
            }
            E::UnknownTrainee => Self::new(ProblemCode::NotFound),
            E::Licensing(e) => e.into(),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<app::SsoSignInError> for ApiError {
    fn from(e: app::SsoSignInError) -> Self {
        use app::SsoSignInError as E;
        use identity::sso::Refusal;
        match e {
            E::NotAvailable => Self::new(ProblemCode::SsoNotAvailable),
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::Expired => Self::new(ProblemCode::SsoExpired),
            E::Provider(message) => Self::new(ProblemCode::SsoProviderError).with_detail(message),
            E::Unreachable => Self::new(ProblemCode::SsoUnreachable),
            E::NoAccessToken => Self::new(ProblemCode::SsoNoAccessToken),
            E::Rejected => Self::new(ProblemCode::SsoTokenRejected),
            E::Refused(Refusal::NoEmail | Refusal::Unverified | Refusal::Domain) => {
                Self::new(ProblemCode::SsoEmailNotAllowed)
            }
            // Someone of another company hears what someone unknown hears.
            E::Refused(Refusal::OtherCompany | Refusal::NoAccount) => Self::new(ProblemCode::SsoNoAccount),
            E::AccountDisabled => Self::new(ProblemCode::AccountDisabled),
            E::Licensing(e) => e.into(),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<app::SignUpError> for ApiError {
    fn from(e: app::SignUpError) -> Self {
        use app::SignUpError as E;
        match e {
            E::Throttled { retry_after } => Self::rate_limited(retry_after),
            E::KeyClosed => Self::new(ProblemCode::SignUpLinkClosed),
            E::Domain => Self::invalid(vec![FieldError::new("email", FieldCode::DomainNotAllowed)]),
            E::Invalid(problems) => Self::invalid(problems.iter().map(|p| FieldError::new(&p.field, p.code)).collect()),
            E::Expired => Self::new(ProblemCode::LinkExpired),
            E::WeakPassword(rules) => Self::password_policy(&rules),
            E::Licensing(e) => e.into(),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<app::HandoffError> for ApiError {
    fn from(e: app::HandoffError) -> Self {
        use app::HandoffError as E;
        match e {
            E::Invalid => Self::new(ProblemCode::GameTokenInvalid),
            E::Licensing(e) => e.into(),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<app::PlayerError> for ApiError {
    fn from(e: app::PlayerError) -> Self {
        match e {
            app::PlayerError::Session(e) => e.into(),
            app::PlayerError::Licensing(e) => e.into(),
        }
    }
}

impl From<scoring::CatalogueError> for ApiError {
    fn from(e: scoring::CatalogueError) -> Self {
        use scoring::CatalogueError as E;
        match e {
            E::Forbidden => Self::new(ProblemCode::Forbidden),
            E::NotFound => Self::new(ProblemCode::NotFound),
            E::Invalid(problems) => Self::invalid(problems.iter().map(|p| FieldError::new(&p.field, p.code)).collect()),
            E::InUse => Self::new(ProblemCode::InUse),
            E::ImportRejected(plan) => Self::fields(
                ProblemCode::ImportRejected,
                plan.iter()
                    .flat_map(|entry| {
                        entry
                            .problems
                            .iter()
                            .map(|p| FieldError::new(&format!("entries.{}.{}", entry.line, p.field), p.code))
                    })
                    .collect(),
            ),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<scoring::ClientAuthError> for ApiError {
    fn from(e: scoring::ClientAuthError) -> Self {
        use scoring::ClientAuthError as E;
        match e {
            E::Unauthenticated => Self::new(ProblemCode::Unauthenticated),
            E::RateLimited { retry_after } => Self::rate_limited(retry_after),
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl From<scoring::IngestError> for ApiError {
    fn from(e: scoring::IngestError) -> Self {
        use scoring::IngestError as E;
        match e {
            E::NotAGame => Self::new(ProblemCode::Forbidden).with_detail("only game clients post attempts"),
            E::TooMany => Self::out_of_range("attempts", &format!("at most {} attempts", scoring::MAX_BATCH)),
            E::Rejected(refused) => {
                let errors: Vec<FieldError> = refused
                    .iter()
                    .filter_map(|(index, outcome)| match outcome {
                        scoring::Outcome::Invalid(problems) => Some((index, problems)),
                        _ => None,
                    })
                    .flat_map(|(index, problems)| {
                        problems.iter().map(move |p| {
                            let field = if p.field.is_empty() {
                                format!("[{index}]")
                            } else {
                                format!("[{index}].{}", p.field)
                            };
                            FieldError::new(&field, p.code)
                        })
                    })
                    .collect();
                if errors.is_empty() {
                    Self::new(ProblemCode::Conflict)
                } else {
                    Self::fields(ProblemCode::StatementRejected, errors)
                }
            }
            E::Unknown(e) => Self::internal(e),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.code.title())?;
        match (&self.detail, &self.source) {
            (_, Some(source)) => write!(f, ": {source:#}"),
            (Some(detail), None) => write!(f, ": {detail}"),
            (None, None) => Ok(()),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        let request_id = current_request_id();
        if let Some(source) = &self.source {
            tracing::error!(request_id = request_id.as_deref(), error = ?source, "request failed");
        }
        let status = self.status_code();
        // Whole seconds, rounded up: "retry in 0 s" would invite an immediate retry.
        let retry_after_seconds = self
            .retry_after
            .map(|d| u64::try_from(d.whole_seconds() + i64::from(d.subsec_nanoseconds() > 0)).unwrap_or(1));
        let mut response = HttpResponse::build(status);
        if let Some(seconds) = retry_after_seconds {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        response.content_type("application/problem+json").json(Problem {
            kind: format!(
                "urn:playtrack:problem:{}",
                serde_json::to_value(self.code)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_lowercase))
                    .unwrap_or_default()
            ),
            title: self.code.title().to_owned(),
            status: status.as_u16(),
            code: self.code,
            detail: self.detail.clone(),
            request_id,
            errors: self.errors.clone(),
            retry_after_seconds,
            remaining_attempts: self.remaining_attempts,
            user_status: self.user_status,
            redirect_to: self.redirect_to.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_an_error_status_with_a_title_of_its_own() {
        let codes = [
            ProblemCode::NotFound,
            ProblemCode::MethodNotAllowed,
            ProblemCode::MalformedRequest,
            ProblemCode::ValidationFailed,
            ProblemCode::Unauthenticated,
            ProblemCode::SessionExpired,
            ProblemCode::Forbidden,
            ProblemCode::CsrfTokenInvalid,
            ProblemCode::RateLimited,
            ProblemCode::InvalidCredentials,
            ProblemCode::AccountDisabled,
            ProblemCode::ChallengeExpired,
            ProblemCode::OtpInvalid,
            ProblemCode::SetupTokenInvalid,
            ProblemCode::PasswordPolicy,
            ProblemCode::EmailTaken,
            ProblemCode::LinkExpired,
            ProblemCode::CurrentPasswordWrong,
            ProblemCode::UserState,
            ProblemCode::NoSeatLeft,
            ProblemCode::SeatInUse,
            ProblemCode::SeatsBelowTaken,
            ProblemCode::LicenceExpired,
            ProblemCode::NoLicence,
            ProblemCode::ImportRejected,
            ProblemCode::PayloadTooLarge,
            ProblemCode::XapiVersion,
            ProblemCode::NotSupported,
            ProblemCode::StatementRejected,
            ProblemCode::Conflict,
            ProblemCode::InUse,
            ProblemCode::OauthClient,
            ProblemCode::OauthRedirectUri,
            ProblemCode::OauthRequest,
            ProblemCode::GameTokenInvalid,
            ProblemCode::SsoRequired,
            ProblemCode::SsoNotAvailable,
            ProblemCode::SsoExpired,
            ProblemCode::SsoProviderError,
            ProblemCode::SsoUnreachable,
            ProblemCode::SsoNoAccessToken,
            ProblemCode::SsoTokenRejected,
            ProblemCode::SsoEmailNotAllowed,
            ProblemCode::SsoNoAccount,
            ProblemCode::SignUpLinkClosed,
            ProblemCode::DatabaseUnavailable,
            ProblemCode::Internal,
        ];
        let listed: Vec<String> =
            codes.iter().map(|c| serde_json::to_value(c).unwrap().as_str().unwrap().to_owned()).collect();
        let schema = serde_json::to_value(<ProblemCode as utoipa::PartialSchema>::schema()).unwrap();
        let mut in_spec: Vec<String> = serde_json::from_value(schema["enum"].clone()).unwrap();
        let mut sorted = listed.clone();
        sorted.sort();
        in_spec.sort();
        assert_eq!(sorted, in_spec, "this list names every code of the spec, once");
        let titles: std::collections::HashSet<_> = codes.iter().map(|c| c.title()).collect();
        assert_eq!(titles.len(), codes.len(), "two codes share a title");
        for code in codes {
            assert!(code.status().is_client_error() || code.status().is_server_error(), "{code:?}");
        }
    }

    #[test]
    fn an_internal_error_never_sends_its_cause() {
        let error = ApiError::internal(anyhow::anyhow!("password for db is hunter2"));
        let response = error.error_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = actix_web::body::MessageBody::try_into_bytes(response.into_body()).unwrap();
        let text = String::from_utf8(body.to_vec()).unwrap();
        assert!(text.contains("\"code\":\"INTERNAL\""), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }
}
