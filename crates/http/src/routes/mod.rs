//! Route registration: the documented API under `/api/v1`, the spec and its docs page, and
//! problem+json answers for anything under `/api` that matches no route.

mod account;
mod api_clients;
mod audit;
mod auth;
mod batches;
mod body;
mod catalogue;
mod catalogue_file;
#[macro_use]
mod choices;
mod companies;
mod dashboard;
mod dto;
mod enrolment_keys;
mod game;
mod game_apps;
mod health;
mod import_file;
mod licences;
mod list;
mod oauth;
mod passwords;
mod preferences;
mod profile;
mod reference;
mod reports;
mod score_workbook;
mod setup;
mod sign_up;
mod signed_in;
mod spreadsheet;
mod sso_connections;
mod sso_sign_in;
mod users;
mod xapi;

use actix_web::{middleware::from_fn, web};
use utoipa_actix_web::{scope, service_config::ServiceConfig};
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    API_DOCS_PATH, ApiError, AppState, OPENAPI_PATH, ProblemCode,
    spec_guard::{DocumentedOperations, refuse_undocumented},
};

/// The documented routes; also what [`crate::openapi`] describes.
pub(crate) fn api(cfg: &mut ServiceConfig) {
    cfg.service(
        scope::scope("/api/v1")
            .wrap(from_fn(refuse_undocumented))
            .wrap(crate::middleware::no_store())
            .wrap(from_fn(xapi::headers))
            .configure(health::routes)
            .configure(auth::routes)
            .configure(account::routes)
            .configure(dashboard::routes)
            .configure(preferences::routes)
            .configure(profile::routes)
            .configure(setup::routes)
            .configure(passwords::routes)
            .configure(audit::routes)
            .configure(reference::routes)
            .configure(companies::routes)
            .configure(batches::routes)
            .configure(enrolment_keys::routes)
            .configure(licences::routes)
            .configure(users::routes)
            .configure(catalogue::routes)
            .configure(reports::routes)
            .configure(api_clients::routes)
            .configure(game::routes)
            .configure(game_apps::routes)
            .configure(sso_connections::routes)
            .configure(sso_sign_in::routes)
            .configure(sign_up::routes)
            .configure(oauth::routes)
            .configure(xapi::routes)
            .default_service(web::to(not_found)),
    )
    .configure(oauth::protocol_routes);
}

/// Registers every API route, the spec and the docs page on an actix app.
pub fn configure(state: AppState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |cfg| {
        let spec = crate::openapi();
        cfg.app_data(web::Data::new(state))
            .app_data(DocumentedOperations::from_spec(&spec))
            .app_data(web::JsonConfig::default().limit(1 << 20).error_handler(|e, _| malformed(&e)))
            // Raw bodies (a logo) up to 1 MiB reach the handler, whose own limit answers a
            // translated problem; beyond that actix refuses them with 413.
            .app_data(web::PayloadConfig::default().limit(1 << 20))
            .app_data(web::QueryConfig::default().error_handler(|e, _| malformed(&e)))
            // Every id in a path is a UUID: a path with anything else names nothing (404).
            .app_data(web::PathConfig::default().error_handler(|_, _| ApiError::new(ProblemCode::NotFound).into()));
        api(&mut ServiceConfig::new(cfg));
        for path in oauth::PROTOCOL_PATHS {
            cfg.service(web::resource(path).wrap(from_fn(refuse_undocumented)).to(not_found));
        }
        cfg.service(web::resource("/metrics").route(web::get().to(crate::metrics::scrape)));
        cfg.service(SwaggerUi::new(format!("{API_DOCS_PATH}/{{_:.*}}")).url(OPENAPI_PATH, spec))
            .service(web::redirect(API_DOCS_PATH, format!("{API_DOCS_PATH}/")))
            .service(web::scope("/api").default_service(web::to(not_found)))
            // Discovery documents we do not publish (OpenID's, say) are a 404, not the web UI.
            .service(web::scope("/.well-known").default_service(web::to(not_found)));
    }
}

/// Unknown API paths answer problem+json, never the web UI's index page.
async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::new(ProblemCode::NotFound))
}

fn malformed(error: &dyn std::fmt::Display) -> actix_web::Error {
    ApiError::new(ProblemCode::MalformedRequest).with_detail(error.to_string()).into()
}
