//! What an operator's Prometheus scrapes from `GET /metrics` (text format), when a token is
//! configured for it (a bearer token; without one the path is a plain 404): HTTP requests by
//! route template, method and status, with their latency; attempts ingested by outcome; sign-in
//! outcomes; report latency by view; the mail outbox and the fold queue (depth, age of the
//! oldest); the database pool. Recorded through the `metrics` facade, rendered by its
//! Prometheus exporter; one recorder serves every app of the process.

use std::{sync::OnceLock, time::Instant};

use actix_web::{
    Error, HttpRequest, HttpResponse,
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    http::header,
    middleware::Next,
    web,
};
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::AppState;

/// Latency buckets, in seconds: from a cached read to a long export.
const BUCKETS: [f64; 12] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on first use.
fn handle() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new();
        let builder = builder
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
            .unwrap_or_else(|_| PrometheusBuilder::new());
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        // Another recorder installed first (a test's) keeps recording; ours renders nothing then.
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Counts every request and its latency, labelled by the route's template (never the path
/// itself, which carries ids): `unmatched` for a path no API route takes (the web UI's too).
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    handle();
    let started = Instant::now();
    let route = req.match_pattern().unwrap_or_else(|| "unmatched".to_owned());
    let method = req.method().to_string();
    let response = next.call(req).await?;
    let labels = [("route", route), ("method", method), ("status", response.status().as_u16().to_string())];
    counter!("http_requests_total", &labels).increment(1);
    histogram!("http_request_duration_seconds", &labels).record(started.elapsed().as_secs_f64());
    Ok(response)
}

/// Counts the attempts of one batch by how each ended (`stored`, `duplicate`, ...).
pub fn attempts(outcomes: &[scoring::Outcome]) {
    for outcome in outcomes {
        counter!("playtrack_attempts_total", "outcome" => outcome.kind()).increment(1);
    }
}

/// Counts one password sign-in by how it ended.
pub fn sign_in(outcome: &'static str) {
    counter!("playtrack_sign_ins_total", "outcome" => outcome).increment(1);
}

/// Records how long a report of `view` took to work out (`kind`: `table`; exports stream, so
/// only their start is timed, by the HTTP histogram).
pub fn report(kind: &'static str, view: &'static str, took: std::time::Duration) {
    histogram!("playtrack_report_duration_seconds", "kind" => kind, "view" => view).record(took.as_secs_f64());
}

/// `GET /metrics`: the process's metrics, with the database's backlog and pool as of now.
pub async fn scrape(state: web::Data<AppState>, request: HttpRequest) -> HttpResponse {
    let Some(token) = &state.metrics_token else {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("404 Page not found");
    };
    let presented = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "));
    if !presented.is_some_and(|presented| kernel::secret::same_hash(presented, token)) {
        return HttpResponse::Unauthorized()
            .insert_header((header::WWW_AUTHENTICATE, "Bearer realm=\"metrics\""))
            .finish();
    }
    match state.read_models.backlog(state.identity.now()).await {
        Ok(backlog) => {
            gauge!("playtrack_outbox_mails").set(backlog.mails as f64);
            gauge!("playtrack_outbox_oldest_seconds").set(backlog.oldest_mail_seconds);
            gauge!("playtrack_fold_queue_attempts").set(backlog.attempts as f64);
            gauge!("playtrack_fold_queue_oldest_seconds").set(backlog.oldest_attempt_seconds);
            gauge!("playtrack_database_up").set(1.0);
        }
        Err(error) => {
            tracing::warn!(error = %error, "metrics: the database did not answer");
            gauge!("playtrack_database_up").set(0.0);
        }
    }
    let pool = state.read_models.pool();
    gauge!("playtrack_database_connections", "state" => "open").set(f64::from(pool.open));
    gauge!("playtrack_database_connections", "state" => "idle").set(f64::from(pool.idle));
    HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(handle().render())
}
