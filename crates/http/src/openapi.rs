//! The OpenAPI document: collected from the routes themselves (utoipa-actix-web), so a route
//! cannot exist without being described.

use actix_web::App;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

pub const OPENAPI_PATH: &str = "/api/openapi.json";
pub const API_DOCS_PATH: &str = "/api/docs";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Playtrack API",
        description = "Licences, companies, batches, trainees and score reports of game-based training. \
                       Errors are `application/problem+json` with a stable `code`.",
        license(name = "Proprietary", identifier = "LicenseRef-Playtrack-Proprietary"),
    ),
    components(schemas(crate::Problem, crate::ProblemCode, crate::FieldError)),
    tags(
        (name = "health", description = "Liveness and readiness for load balancers and orchestrators"),
        (name = "auth", description = "Signing in (password, e-mailed code, licence agreement) and out"),
        (name = "account", description = "The signed-in person's own view"),
        (name = "setup", description = "The first super admin of an empty installation"),
        (name = "passwords", description = "Forgotten, reset, changed and invited passwords"),
        (name = "audit", description = "Who did what, for admins"),
    ),
    modifiers(&BearerAuth),
)]
struct ApiDoc;

/// Declares the `bearer` scheme the authenticated operations name.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = api.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The document this build serves at [`OPENAPI_PATH`] and publishes in `openapi/openapi.json`.
#[must_use]
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, api) =
        App::new().into_utoipa_app().openapi(ApiDoc::openapi()).configure(crate::routes::api).split_for_parts();
    api
}
