//! Shapes several route groups answer with.

use identity::{EulaDocument, Principal, User};
use kernel::FieldCode;
use kernel::{Email, EmailError};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::{
    ToSchema,
    openapi::{Object, ObjectBuilder, schema::Type},
};
use uuid::Uuid;

use crate::FieldError;

/// A short text a person typed as the server takes it (`kernel::text_problem` after trimming):
/// something besides spaces, and no control character but the spaces around it.
const TEXT_PATTERN: &str =
    r"^[\t\n\x0b\x0c\r ]*[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*[\t\n\x0b\x0c\r ]*$";

/// The schema of a text a person typed, at most `max_chars` long.
pub fn text_schema(max_chars: usize) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(max_chars))
        .pattern(Some(TEXT_PATTERN))
        .build()
}

/// The schema of a name a person typed (a person's, a company's, a batch's…).
pub fn name_schema() -> Object {
    text_schema(licensing::drafts::NAME_MAX)
}

/// The schema of a language field: one of the portal's languages, or empty for the default.
pub struct Locale;

impl utoipa::PartialSchema for Locale {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("`en`, `zh`, `ar`, `it`, `es` or `fr`; empty for the default"))
            .enum_values(Some(std::iter::once("").chain(kernel::LOCALES)))
            .into()
    }
}

impl ToSchema for Locale {}

/// Parses an e-mail field, or says what is wrong with it (`REQUIRED`, `INVALID_EMAIL`).
pub fn email_field(raw: &str) -> Result<Email, FieldError> {
    Email::parse(raw).map_err(|e| match e {
        EmailError::Empty => FieldError::new("email", FieldCode::Required),
        EmailError::Invalid(_) => FieldError::new("email", FieldCode::InvalidEmail),
    })
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Role {
    SuperAdmin,
    CompanyAdmin,
    User,
}

impl From<kernel::Role> for Role {
    fn from(role: kernel::Role) -> Self {
        match role {
            kernel::Role::SuperAdmin => Self::SuperAdmin,
            kernel::Role::CompanyAdmin => Self::CompanyAdmin,
            kernel::Role::User => Self::User,
        }
    }
}

/// The signed-in user.
#[derive(Serialize, ToSchema)]
pub struct Me {
    id: Uuid,
    email: String,
    name: String,
    role: Role,
    /// `null` for super admins.
    company_id: Option<Uuid>,
}

impl From<&Principal> for Me {
    fn from(p: &Principal) -> Self {
        Self {
            id: p.user.as_uuid(),
            email: p.email.to_string(),
            name: p.name.clone(),
            role: p.role.into(),
            company_id: p.company.map(Into::into),
        }
    }
}

impl From<&User> for Me {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.as_uuid(),
            email: u.email.to_string(),
            name: u.name.clone(),
            role: u.role.into(),
            company_id: u.company.map(Into::into),
        }
    }
}

/// The end-user licence agreement in one language.
#[derive(Serialize, ToSchema)]
pub struct Eula {
    version: u32,
    /// The language of `text`: the one asked for, or English when it has none.
    locale: String,
    text: String,
    #[serde(with = "time::serde::rfc3339")]
    published_at: OffsetDateTime,
}

impl From<EulaDocument> for Eula {
    fn from(d: EulaDocument) -> Self {
        Self { version: d.version, locale: d.locale, text: d.body, published_at: d.published_at }
    }
}
