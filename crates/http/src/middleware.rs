//! Middleware every response passes through: the request id (echoed in `x-request-id` and in
//! problem bodies) and the security headers.

use actix_web::{
    Error, HttpMessage,
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header::{self, HeaderName, HeaderValue},
    middleware::{DefaultHeaders, Next},
};
use tracing_actix_web::RequestId;

tokio::task_local! {
    static REQUEST_ID: String;
}

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// The id of the request being handled, when called inside one.
#[must_use]
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
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
    let id = req.extensions().get::<RequestId>().map_or_else(|| uuid::Uuid::new_v4().to_string(), ToString::to_string);
    let header_value = HeaderValue::from_str(&id).ok();
    let mut response = REQUEST_ID.scope(id, next.call(req)).await?;
    if let Some(value) = header_value {
        response.headers_mut().insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
    }
    Ok(response)
}

/// The content security policy allows only our own scripts: the UI and the API docs are
/// served by this binary and load nothing from elsewhere. Inline styles stay allowed because
/// MUI (emotion) and Swagger UI inject them.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

#[must_use]
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "no-referrer"))
        .add((HeaderName::from_static("cross-origin-opener-policy"), "same-origin"))
        .add((HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=()"))
}
