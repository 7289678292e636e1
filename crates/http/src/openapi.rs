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
        (name = "sign-up", description = "Joining a batch through its sign-up link, with a confirmed address"),
        (name = "audit", description = "Who did what, for admins"),
        (name = "api clients", description = "Keys of the game and partners (super admin)"),
        (name = "sso", description = "Companies' single sign-on through OpenID Connect"),
        (name = "game", description = "What the game reports: attempts, with an API client's key"),
        (name = "xapi", description = "xAPI 1.0.3 and 2.0.0 for studios that already speak it: statements within the Playtrack profile (docs/xapi-profile.md) become attempts"),
    ),
    modifiers(&BearerAuth),
)]
struct ApiDoc;

/// Declares the `bearer` scheme the authenticated operations name, and the `cookie` scheme of
/// browsers.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            ApiKey, ApiKeyValue, AuthorizationCode, Flow, HttpAuthScheme, HttpBuilder, OAuth2, Scopes, SecurityScheme,
        };
        let components = api.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
        components.add_security_scheme(
            "api_client",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("ptk_…")
                    .description(Some(
                        "An API client's secret (`ptk_` and 43 characters), as the super admin created or \
                         rotated it. Each use counts against the client's requests a minute.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "game_token",
            SecurityScheme::OAuth2(OAuth2::with_description(
                [Flow::AuthorizationCode(AuthorizationCode::new(
                    "/oauth/authorize",
                    "/oauth/token",
                    Scopes::from_iter([
                        ("play", "Check the licence, read the levels, post one's own attempts"),
                        ("reports", "Read one's own reports"),
                    ]),
                ))],
                "A trainee signed in to a registered game app: authorization code with PKCE (S256), \
                 no client secret. See docs/game-integration.md.",
            )),
        );
        components.add_security_scheme(
            "api_client_basic",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Basic)
                    .description(Some(
                        "An API client's secret as HTTP Basic credentials, as LRS clients send them: the \
                         secret as the user name with an empty password, or as the password with any user \
                         name. Only the xAPI operations take it.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::auth::cookies::SESSION_COOKIE,
                "The web UI's session: every answer that opens a session also sets this `HttpOnly`, \
                 `SameSite=Strict` cookie (path `/api`, `Secure` when the portal is served over https, \
                 kept until the session's absolute expiry) and a `playtrack_csrf` cookie readable by \
                 the page. A request authenticated by the cookie that is not `GET` or `HEAD` must \
                 send the `playtrack_csrf` value in an `X-CSRF-Token` header, or it is refused with \
                 `403 CSRF_TOKEN_INVALID`. A bearer token wins over the cookie and needs no CSRF \
                 token; `logout` clears both cookies.",
            ))),
        );
    }
}

/// Every operation a bearer token opens, a browser's session cookie opens too.
struct CookieAuth;

impl utoipa::Modify for CookieAuth {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::SecurityRequirement;
        let bearer = SecurityRequirement::new("bearer", Vec::<String>::new());
        for item in api.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for security in operations.into_iter().flatten().filter_map(|operation| operation.security.as_mut()) {
                if security.contains(&bearer) {
                    security.push(SecurityRequirement::new("cookie", Vec::<String>::new()));
                }
            }
        }
    }
}

/// The answers any operation of a kind can give, added where a route does not describe them
/// itself, so the spec lists every status a client can meet: a malformed request or unknown
/// parameter (400) anywhere, no or an ended session (401) and a role without the right (403)
/// where a bearer token is needed, an id that names nothing the caller can see (404) where
/// the path has one, a body that breaks a rule (422) where there is a body, and the server's
/// own failure (500) everywhere.
struct StandardAnswers;

impl utoipa::Modify for StandardAnswers {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{
            ContentBuilder, Ref, RefOr,
            response::{Response, ResponseBuilder},
        };
        let problem = |description: &str| -> RefOr<Response> {
            let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("Problem"))).build();
            ResponseBuilder::new().description(description).content("application/problem+json", content).build().into()
        };
        for (path, item) in &mut api.paths.paths {
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let authenticated = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                let answers = [
                    ("400", true, "`MALFORMED_REQUEST`: unreadable body, a parameter out of range or unknown"),
                    ("401", authenticated, "`UNAUTHENTICATED` or `SESSION_EXPIRED`"),
                    ("403", authenticated, "`FORBIDDEN`: the caller's role may not do this"),
                    ("404", path.contains('{'), "`NOT_FOUND`: nothing the caller can see has this id"),
                    ("422", operation.request_body.is_some(), "`VALIDATION_FAILED` with the fields at fault"),
                    ("500", true, "`INTERNAL`: an unexpected failure, logged with the request id"),
                ];
                for (status, applies, description) in answers {
                    if applies && !operation.responses.responses.contains_key(status) {
                        operation.responses.responses.insert(status.to_owned(), problem(description));
                    }
                }
            }
        }
    }
}

/// The document this build serves at [`OPENAPI_PATH`] and publishes in `openapi/openapi.json`.
#[must_use]
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, mut api) =
        App::new().into_utoipa_app().openapi(ApiDoc::openapi()).configure(crate::routes::api).split_for_parts();
    // After the routes: `modifiers(…)` would run before there is any path to amend.
    utoipa::Modify::modify(&StandardAnswers, &mut api);
    utoipa::Modify::modify(&CookieAuth, &mut api);
    api
}
