//! Middleware every response passes through: the request id (echoed in `x-request-id` and in
//! problem bodies), the security headers, a 500 problem instead of a dropped connection when a
//! handler panics, and which answers actix's `Compress` leaves alone.

use std::panic::AssertUnwindSafe;

use actix_web::{
    Error, HttpMessage, ResponseError,
    body::{BodySize, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::header::{self, HeaderName, HeaderValue},
    middleware::{DefaultHeaders, Next},
};
use futures_util::FutureExt;
use tracing_actix_web::RequestId;

use crate::{ApiError, ProblemCode};

tokio::task_local! {
    static REQUEST_ID: String;
}

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The id of the request being handled, when called inside one.
#[must_use]
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// An `X-Request-Id` longer than this is not kept.
const MAX_REQUEST_ID: usize = 200;

/// The request's id: the one a trusted proxy sent in `X-Request-Id`, so one id follows the
/// request through the proxy's log and ours; else the one `TracingLogger` made for it.
#[must_use]
pub fn request_id_of(request: &ServiceRequest) -> String {
    let sent = request
        .headers()
        .get(REQUEST_ID_HEADER)
        .and_then(|value| value.to_str().ok())
        .filter(|id| (1..=MAX_REQUEST_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_graphic()));
    match sent {
        Some(id) if crate::client_address::from_trusted_proxy(request.request()) => id.to_owned(),
        _ => request
            .extensions()
            .get::<RequestId>()
            .map_or_else(|| uuid::Uuid::new_v4().to_string(), ToString::to_string),
    }
}

/// Makes the id that `TracingLogger` put on the request's log span visible to the handler's
/// error mapping (a task-local) and to the client (a response header). Wrap it inside
/// `TracingLogger`.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn request_id(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let id = request_id_of(&req);
    let header_value = HeaderValue::from_str(&id).ok();
    let mut response = REQUEST_ID.scope(id, next.call(req)).await?;
    if let Some(value) = header_value {
        response.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
    }
    Ok(response)
}

/// Answers smaller than this go out as they are: compressing them saves less than it costs.
pub const COMPRESS_FROM: u64 = 1024;

/// Keeps `Compress` (wrapped around this) off answers below [`COMPRESS_FROM`] bytes: it leaves
/// an answer alone that names its encoding, so this names `identity`, and [`unmark_small`]
/// (wrapped around `Compress`) takes the name off again.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn mark_small(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(req).await?;
    let small = matches!(response.response().body().size(), BodySize::Sized(size) if size < COMPRESS_FROM);
    // An answer already encoded (a precompressed file) keeps its name.
    if small && !response.headers().contains_key(header::CONTENT_ENCODING) {
        response.headers_mut().insert(header::CONTENT_ENCODING, IDENTITY);
    }
    Ok(response)
}

/// Takes [`mark_small`]'s mark off: `identity` is never sent as a content coding.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn unmark_small(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut response = next.call(req).await?;
    if response.headers().get(header::CONTENT_ENCODING) == Some(&IDENTITY) {
        response.headers_mut().remove(header::CONTENT_ENCODING);
    }
    Ok(response)
}

const IDENTITY: HeaderValue = HeaderValue::from_static("identity");

/// The content security policy allows only our own scripts: the UI and the API docs are
/// served by this binary and load nothing from elsewhere. Inline styles stay allowed because
/// MUI (emotion) and Swagger UI inject them.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries; over https also HSTS, so a browser never tries the portal
/// in plain http again (a year, as browsers' preload lists ask).
#[must_use]
pub fn security_headers(https: bool) -> DefaultHeaders {
    let headers = if https {
        DefaultHeaders::new().add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains"))
    } else {
        DefaultHeaders::new()
    };
    headers
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "no-referrer"))
        .add((HeaderName::from_static("cross-origin-opener-policy"), "same-origin"))
        .add((HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=()"))
}

/// A panicking handler answers `INTERNAL` (500 problem+json) instead of dropping the
/// connection. The panic itself is logged once, by the process's panic hook. The answer is
/// handed on as an error: a `ServiceResponse` would need the request, which the router must
/// own alone while it runs.
///
/// # Errors
/// The 500 answer after a panic; otherwise whatever the wrapped service answers.
pub async fn catch_panics(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    match AssertUnwindSafe(next.call(req)).catch_unwind().await {
        Ok(response) => response,
        Err(_) => {
            let mut answer = ApiError::new(ProblemCode::Internal).error_response();
            if let Some(value) = current_request_id().and_then(|id| HeaderValue::from_str(&id).ok()) {
                answer.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
            }
            Err(actix_web::error::InternalError::from_response("a handler panicked", answer).into())
        }
    }
}

/// What keeps an answer out of every cache: `Pragma` for HTTP/1.0 ones, as OAuth asks of token
/// answers (RFC 6749, section 5.1).
pub const UNCACHED: [(HeaderName, &str); 2] = [(header::CACHE_CONTROL, "no-store"), (header::PRAGMA, "no-cache")];

/// Private answers (everything under `/api/v1`: sessions, tokens, people) are never cached.
#[must_use]
pub fn no_store() -> DefaultHeaders {
    UNCACHED.into_iter().fold(DefaultHeaders::new(), |headers, pair| headers.add(pair))
}

#[cfg(test)]
mod tests {
    use actix_web::{App, http::StatusCode, middleware::from_fn, test, web};

    use super::*;

    #[actix_web::test]
    async fn a_panicking_handler_answers_a_500_problem() {
        let app = test::init_service(
            App::new()
                .wrap(from_fn(catch_panics))
                .route("/boom", web::get().to(|| async { if true { panic!("boom") } else { "never" } })),
        )
        .await;
        // The server renders an error the middleware hands on exactly like this.
        let error = test::try_call_service(&app, test::TestRequest::get().uri("/boom").to_request()).await.err();
        let response = error.expect("an error answer, not a dropped connection").error_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers().get(header::CONTENT_TYPE).unwrap(), "application/problem+json");
        let body = actix_web::body::to_bytes(response.into_body()).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], "INTERNAL");
    }
}
