//! Shapes several route groups answer with.

use identity::{EulaDocument, Principal, User};
use kernel::FieldCode;
use kernel::{Email, EmailError};
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::FieldError;

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
