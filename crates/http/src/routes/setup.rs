//! The first super admin of an empty installation, through the link printed at start.

use actix_web::{post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{
    auth::{SessionGrant, grant},
    dto::email_field,
    signed_in::SignedIn,
};
use crate::{ApiError, AppState, FieldError, Problem, auth::extract::RequestMeta};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(complete_setup);
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupRequest {
    /// The token of the setup link.
    token: String,
    #[schema(format = Email)]
    email: String,
    #[schema(schema_with = super::dto::name_schema)]
    name: String,
    /// 10–16 characters with an uppercase, a lowercase, a digit and a special character.
    password: String,
}

/// Create the first super admin and sign them in.
#[utoipa::path(
    operation_id = "completeSetup",
    tag = "setup",
    request_body = SetupRequest,
    responses(
        (status = OK, description = "The super admin exists and is signed in", body = SessionGrant),
        (status = FORBIDDEN, description = "`SETUP_TOKEN_INVALID`: wrong, used or expired link, or set up already", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED` or `PASSWORD_POLICY` with the unmet rules", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/setup")]
async fn complete_setup(
    state: web::Data<AppState>,
    meta: RequestMeta,
    body: web::Json<SetupRequest>,
) -> Result<SignedIn<SessionGrant>, ApiError> {
    let SetupRequest { token, email, name, password } = body.into_inner();
    let mut errors = Vec::new();
    let email = email_field(&email).map_err(|e| errors.push(e)).ok();
    let name = licensing::drafts::text("name", &name, licensing::drafts::NAME_MAX)
        .map_err(|p| errors.push(FieldError::new(&p.field, p.code)))
        .unwrap_or_default();
    let Some(email) = email.filter(|_| errors.is_empty()) else {
        return Err(ApiError::invalid(errors));
    };
    match state.identity.complete_setup(&token, email, name, &password, &meta.context).await {
        Ok(opened) => Ok(SignedIn::new(&state, grant(&state, opened)?)),
        Err(e) => Err(e.into()),
    }
}
