//! The request log: one line per request (method, path, status, time taken in milliseconds,
//! request id: a trusted proxy's `X-Request-Id`, or our own). Query
//! values are written only for parameters known to be harmless, so a token or code carried in
//! a link (`/new-password?token=…`) never reaches the log.

use std::time::Instant;

use actix_web::{
    Error, HttpMessage,
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::Uri,
};
use tracing::{Span, field::Empty};
use tracing_actix_web::RootSpanBuilder;

/// Query parameters whose values are logged; any other value is replaced by `…`.
const LOGGED_PARAMETERS: &[&str] =
    &["page", "per_page", "sort", "order", "status", "role", "company_id", "batch_id", "allocation_id", "year"];

/// When the request came in, kept on it for its log line.
#[derive(Clone, Copy)]
struct Started(Instant);

/// Builds the span each request runs in and logs its end, for `TracingLogger`.
#[derive(Debug)]
pub struct RequestLog;

impl RootSpanBuilder for RequestLog {
    fn on_request_start(request: &ServiceRequest) -> Span {
        request.extensions_mut().insert(Started(Instant::now()));
        let request_id = crate::middleware::request_id_of(request);
        tracing::info_span!(
            "request",
            method = %request.method(),
            target = %loggable_target(request.uri()),
            client = %crate::client_address::client_ip(request.request()).map(|ip| ip.to_string()).unwrap_or_default(),
            request_id,
            status = Empty,
            duration_ms = Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let status = match outcome {
            Ok(response) => {
                if let Some(Started(at)) = response.request().extensions().get::<Started>() {
                    span.record("duration_ms", at.elapsed().as_secs_f64() * 1000.0);
                }
                response.status()
            }
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("status", status.as_u16());
        span.in_scope(|| tracing::info!("answered"));
    }
}

/// The path with its query, every value not in [`LOGGED_PARAMETERS`] masked.
fn loggable_target(uri: &Uri) -> String {
    let Some(query) = uri.query() else { return uri.path().to_owned() };
    let pairs: Vec<String> = query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) if LOGGED_PARAMETERS.contains(&key) => format!("{key}={value}"),
            Some((key, _)) => format!("{key}=…"),
            None => "…".to_owned(),
        })
        .collect();
    format!("{}?{}", uri.path(), pairs.join("&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_harmless_query_values_are_logged() {
        let uri: Uri = "/new-password?token=s3cr3t&page=2&value=abc&code=123456&bare".parse().unwrap();
        assert_eq!(loggable_target(&uri), "/new-password?token=…&page=2&value=…&code=…&…");
        assert_eq!(loggable_target(&"/api/v1/users".parse().unwrap()), "/api/v1/users");
    }
}
