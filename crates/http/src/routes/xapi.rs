//! xAPI's entry point for studios that already speak it: the statement resource (POST one or
//! an array, PUT one by `statementId`, GET one by `statementId`) and the about resource,
//! under `/api/v1/xapi`. A statement is checked as xAPI asks of a Learning Record Store,
//! read through the Playtrack profile (`docs/xapi-profile.md`) into an attempt report, and
//! recorded by the same ingestion as the game's own attempts, all of a request or nothing.

use std::{
    collections::{HashMap, HashSet},
    time::SystemTime,
};

use actix_web::{
    Error, HttpRequest, HttpResponse,
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    get,
    http::header::{self, HeaderName, HeaderValue},
    middleware::Next,
    post, put, web,
};
use kernel::{Email, FieldCode};
use scoring::{CallingClient, IngestError, Mode, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use time::{UtcOffset, format_description::well_known::Rfc3339};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{
    ApiError, AppState, FieldError, Problem, ProblemCode,
    auth::extract::{XapiCaller, XapiRequest},
    xapi::{
        VERSION_HEADER, VERSIONS, Version,
        profile::{self, Reading, Trainee},
        strict,
        validate::{self, parse_uuid},
    },
};

/// The largest body: a batch of a thousand statements of about 4 KiB each.
const BODY_LIMIT: usize = 4 << 20;
const PATH: &str = "/api/v1/xapi";
/// Header names as `HeaderName::from_static` takes them (lower case).
const VERSION_NAME: &str = "x-experience-api-version";
const CONSISTENT_THROUGH: &str = "x-experience-api-consistent-through";

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(about).service(post_statements).service(put_statement).service(get_statement);
}

/// Every answer under `/api/v1/xapi` (errors, refusals of the spec guard and the 404 of an
/// unknown path included) carries `X-Experience-API-Version`: the latest patch of the
/// version the request asked for, or 2.0.0. The statement resource's answers also carry
/// `X-Experience-API-Consistent-Through` (now: a statement is committed before its answer),
/// and a 401 names the schemes a key may come in.
///
/// # Errors
/// Whatever the wrapped service answers.
pub(crate) async fn headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let Some(resource) = req.path().strip_prefix(PATH).filter(|rest| rest.is_empty() || rest.starts_with('/')) else {
        return next.call(req).await;
    };
    let version = req
        .headers()
        .get(VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(Version::parse)
        .map_or(Version::V2.answered(), Version::answered);
    let now = if resource.starts_with("/statements") {
        req.app_data::<web::Data<AppState>>().and_then(|state| state.identity.now().format(&Rfc3339).ok())
    } else {
        None
    };
    let mut response = next.call(req).await?;
    let headers = response.headers_mut();
    headers.insert(HeaderName::from_static(VERSION_NAME), HeaderValue::from_static(version));
    if let Some(value) = now.and_then(|now| HeaderValue::from_str(&now).ok()) {
        headers.insert(HeaderName::from_static(CONSISTENT_THROUGH), value);
    }
    if response.status() == actix_web::http::StatusCode::UNAUTHORIZED {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Basic realm=\"Playtrack xAPI\", Bearer"));
    }
    Ok(response)
}

/// The xAPI versions the portal speaks.
#[derive(Debug, Serialize, ToSchema)]
pub struct XapiAbout {
    /// The latest patch of each major version spoken: `1.0.3` and `2.0.0`.
    version: [&'static str; 2],
}

/// An xAPI statement (Part Two of the xAPI specification) within the Playtrack profile:
/// see `docs/xapi-profile.md` for what each part must hold. Answers add `stored`,
/// `authority` and `version`.
// The schema of the documentation only: bodies are read by `xapi::strict` and checked by
// `xapi::validate`, which refuse what xAPI refuses (a repeated key, `null`, …).
#[allow(dead_code)]
#[derive(Debug, Deserialize, ToSchema)]
pub struct XapiStatement {
    /// A UUID: with the client, what makes sending it again harmless. Assigned when absent.
    id: Option<Uuid>,
    /// The trainee: `{"account": {"homePage": "<the portal's address>", "name": "<user id>"}}`
    /// or `{"mbox": "mailto:<e-mail>"}`.
    #[schema(value_type = Object)]
    actor: Value,
    /// `http://adlnet.gov/expapi/verbs/` `completed`, `passed`, `failed` or `scored`.
    #[schema(value_type = Object)]
    verb: Value,
    /// The level: `{"id": "https://playtrack.dev/xapi/levels/<level id>"}`.
    #[schema(value_type = Object)]
    object: Value,
    /// `score` (`raw` and `max`, whole points), `duration` (ISO 8601, e.g. `PT10M`) and the
    /// skill points extension.
    #[schema(value_type = Object)]
    result: Option<Value>,
    /// The chapter as the parent context activity, difficulty and approach as extensions.
    #[schema(value_type = Object)]
    context: Option<Value>,
    /// When the level was completed, with its time zone.
    #[schema(value_type = Option<String>, format = DateTime)]
    timestamp: Option<Value>,
    /// `1.0.x` (or `2.0.x` under 2.0); set to `1.0.0` (`2.0.0`) when absent.
    version: Option<String>,
}

/// One statement, or an array of them (at most 1,000) kept all or nothing.
#[allow(dead_code)]
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum XapiStatements {
    One(Box<XapiStatement>),
    /// At most 1,000.
    Many(Vec<XapiStatement>),
}

/// `X-Experience-API-Version`, documented once for every statement operation.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct XapiHeaders {
    /// The xAPI version the request follows: `1.0.x` (latest 1.0.3) or `2.0.x` (2.0.0).
    /// Required: without it, or with another version, the request is refused with
    /// `XAPI_VERSION`.
    #[serde(rename = "X-Experience-API-Version")]
    #[param(pattern = r"^(1|2)\.0(\.[0-9]{1,9})?$", example = "1.0.3")]
    #[allow(dead_code)]
    version: String,
}

/// The statement `PUT` stores.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PutStatementQuery {
    /// The statement's id; the body's `id`, when it has one, must be the same.
    #[serde(rename = "statementId")]
    #[param(required = true, value_type = Uuid)]
    statement_id: Option<String>,
}

/// How a statement is answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatementFormat {
    /// As it was sent (the default).
    #[default]
    Exact,
    /// Agents, activities and the verb by their identifiers only.
    Ids,
    /// As sent: the portal keeps no canonical definitions of its own.
    Canonical,
}

/// The statement `GET` answers.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GetStatementQuery {
    /// The id of a statement this client sent. Required: queries over many statements are
    /// not offered (`NOT_SUPPORTED`).
    #[serde(rename = "statementId")]
    #[param(value_type = Option<Uuid>)]
    statement_id: Option<String>,
    /// The id of a voided statement: the portal takes no voiding statements, so none is
    /// found.
    #[serde(rename = "voidedStatementId")]
    #[param(value_type = Option<Uuid>)]
    voided_statement_id: Option<String>,
    #[param(inline)]
    format: Option<StatementFormat>,
    /// Only `false`: the portal keeps no attachments (`true` is `NOT_SUPPORTED`).
    attachments: Option<bool>,
}

/// The xAPI versions the portal speaks (xAPI's about resource). Needs no key and no version
/// header.
#[utoipa::path(
    operation_id = "getXapiAbout", tag = "xapi",
    responses(
        (status = OK, description = "The versions spoken", body = XapiAbout,
            headers(("X-Experience-API-Version" = String, description = "2.0.0, or 1.0.3 when the request named 1.0.x"))),
    ),
)]
#[get("/xapi/about")]
async fn about() -> web::Json<XapiAbout> {
    web::Json(XapiAbout { version: VERSIONS })
}

/// Stores one xAPI statement or an array of them (a `game` API client's key, as a bearer
/// token or as HTTP Basic credentials). An array is kept all or nothing: one statement
/// refused refuses the request. Sending a statement again is harmless: the same id with the
/// same content changes nothing; with other content it is `409 CONFLICT`.
#[utoipa::path(
    operation_id = "postXapiStatements", tag = "xapi",
    security(("api_client" = []), ("api_client_basic" = [])),
    params(XapiHeaders),
    request_body(content = XapiStatements, description = "A statement or an array of up to 1,000; the body at most 4 MiB"),
    responses(
        (status = OK, description = "The statements' ids, in the order sent (ids assigned to statements without one included)", body = Vec<Uuid>,
            headers(("X-Experience-API-Version" = String), ("X-Experience-API-Consistent-Through" = String))),
        (status = BAD_REQUEST, description = "`XAPI_VERSION`: no or another version header; `MALFORMED_REQUEST`: a statement xAPI refuses (`errors` names the property, `[i].` the statement of an array); `NOT_SUPPORTED`: a statement outside the profile; `STATEMENT_REJECTED`: a statement breaking a rule of the portal (`errors` with the field codes). Nothing was stored.", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no live client has this key", body = Problem, content_type = "application/problem+json",
            headers(("WWW-Authenticate" = String))),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not a `game` client", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`CONFLICT`: a statement id recorded before with other content; nothing was stored", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: the body is over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: past the client's requests a minute; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "`DATABASE_UNAVAILABLE`: the database was too busy to record it in time; nothing was stored, send it again after `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/xapi/statements")]
async fn post_statements(
    XapiRequest(version): XapiRequest,
    XapiCaller(client): XapiCaller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    scoring::ensure_game(&client)?;
    let (values, batch) = match read_body(&req, body).await? {
        Value::Array(values) => (values, true),
        value => (vec![value], false),
    };
    if values.len() > scoring::MAX_BATCH {
        return Err(ApiError::out_of_range("statements", &format!("at most {} statements", scoring::MAX_BATCH)));
    }
    let readings = prepare(values, batch, version, &state.public_url, None)?;
    let ids = record(&state, &client, readings, batch).await?;
    Ok(HttpResponse::Ok().json(ids))
}

/// Stores one xAPI statement under `statementId` (a `game` API client's key). Sending it
/// again is harmless: the same content changes nothing; other content is `409 CONFLICT`.
#[utoipa::path(
    operation_id = "putXapiStatement", tag = "xapi",
    security(("api_client" = []), ("api_client_basic" = [])),
    params(XapiHeaders, PutStatementQuery),
    request_body(content = XapiStatement, description = "One statement; its `id`, if given, is `statementId`"),
    responses(
        (status = NO_CONTENT, description = "Stored, or stored before with the same content",
            headers(("X-Experience-API-Version" = String), ("X-Experience-API-Consistent-Through" = String))),
        (status = BAD_REQUEST, description = "`XAPI_VERSION`; `MALFORMED_REQUEST`: no `statementId`, another `id` in the body, or a statement xAPI refuses; `NOT_SUPPORTED`; `STATEMENT_REJECTED`. Nothing was stored.", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no live client has this key", body = Problem, content_type = "application/problem+json",
            headers(("WWW-Authenticate" = String))),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not a `game` client", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "`CONFLICT`: recorded before with other content", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: the body is over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: past the client's requests a minute; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "`DATABASE_UNAVAILABLE`: the database was too busy to record it in time; nothing was stored, send it again after `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/xapi/statements")]
async fn put_statement(
    XapiRequest(version): XapiRequest,
    XapiCaller(client): XapiCaller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, ApiError> {
    scoring::ensure_game(&client)?;
    let query = web::Query::<PutStatementQuery>::from_query(req.query_string())
        .map_err(|e| ApiError::new(ProblemCode::MalformedRequest).with_detail(e.to_string()))?;
    let id = query.statement_id.as_deref().ok_or_else(|| malformed("statementId", "required"))?;
    let id = parse_uuid(id).ok_or_else(|| malformed("statementId", "expected a UUID in standard form"))?;
    let value = read_body(&req, body).await?;
    if value.is_array() {
        return Err(malformed("", "PUT takes one statement, not an array"));
    }
    let readings = prepare(vec![value], false, version, &state.public_url, Some(id))?;
    record(&state, &client, readings, false).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// One statement this client sent, as stored, with `stored` (when the portal took it in),
/// `authority` (the API client) and `version`.
#[utoipa::path(
    operation_id = "getXapiStatement", tag = "xapi",
    security(("api_client" = []), ("api_client_basic" = [])),
    params(XapiHeaders, GetStatementQuery),
    responses(
        (status = OK, description = "The statement", body = XapiStatement,
            headers(("X-Experience-API-Version" = String), ("X-Experience-API-Consistent-Through" = String), ("Last-Modified" = String, description = "When the statement was stored"))),
        (status = BAD_REQUEST, description = "`XAPI_VERSION`; `MALFORMED_REQUEST`: an id that is no UUID, or both ids; `NOT_SUPPORTED`: no id (queries are not offered) or `attachments=true`", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no live client has this key", body = Problem, content_type = "application/problem+json",
            headers(("WWW-Authenticate" = String))),
        (status = NOT_FOUND, description = "`NOT_FOUND`: this client sent no statement with this id", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: past the client's requests a minute; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/xapi/statements")]
async fn get_statement(
    _version: XapiRequest,
    XapiCaller(client): XapiCaller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let query = web::Query::<GetStatementQuery>::from_query(req.query_string())
        .map_err(|e| ApiError::new(ProblemCode::MalformedRequest).with_detail(e.to_string()))?;
    let uuid =
        |name: &str, text: &str| parse_uuid(text).ok_or_else(|| malformed(name, "expected a UUID in standard form"));
    let id = match (&query.statement_id, &query.voided_statement_id) {
        (Some(_), Some(_)) => {
            return Err(malformed("voidedStatementId", "statementId and voidedStatementId exclude each other"));
        }
        (None, None) => {
            return Err(not_supported("statementId", "one statement by its statementId: queries are not offered"));
        }
        (None, Some(voided)) => {
            uuid("voidedStatementId", voided)?;
            return Err(ApiError::new(ProblemCode::NotFound).with_detail("the portal takes no voiding statements"));
        }
        (Some(id), None) => uuid("statementId", id)?,
    };
    if query.attachments == Some(true) {
        return Err(not_supported("attachments", "false: the portal keeps no attachments"));
    }
    let stored =
        state.ingestion.statement(&client, id.to_string()).await?.ok_or(ApiError::new(ProblemCode::NotFound))?;
    let mut statement: Value = serde_json::from_str(&stored.json).map_err(ApiError::internal)?;
    let stored_at = stored.received_at.to_offset(UtcOffset::UTC);
    if let Some(map) = statement.as_object_mut() {
        map.insert("stored".into(), Value::from(stored_at.format(&Rfc3339).map_err(ApiError::internal)?));
        map.insert("authority".into(), authority(&state.public_url, &client));
    }
    if query.format == Some(StatementFormat::Ids) {
        profile::ids_only(&mut statement);
    }
    Ok(HttpResponse::Ok().insert_header(header::LastModified(SystemTime::from(stored_at).into())).json(statement))
}

/// The authority of every statement a client sent: the client, as an account of the portal.
fn authority(public_url: &str, client: &CallingClient) -> Value {
    json!({
        "objectType": "Agent",
        "account": { "homePage": public_url, "name": format!("api-client:{}", client.id) },
    })
}

/// The body as JSON in which no object repeats a key.
async fn read_body(req: &HttpRequest, body: web::Payload) -> Result<Value, ApiError> {
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if content_type.trim_start().to_ascii_lowercase().starts_with("multipart/") {
        return Err(not_supported("attachments", "application/json statements without attachments"));
    }
    let bytes = super::body::limited(body, BODY_LIMIT).await?;
    strict::parse(&bytes).map_err(|e| ApiError::new(ProblemCode::MalformedRequest).with_detail(e.to_string()))
}

/// Checks every statement as xAPI asks (ids given to those without one, `put_id` to a PUT's),
/// then reads each through the profile.
fn prepare(
    values: Vec<Value>,
    batch: bool,
    version: Version,
    public_url: &str,
    put_id: Option<Uuid>,
) -> Result<Vec<Reading>, ApiError> {
    let place = |index: usize, path: &str| placed(batch, index, path);
    let mut seen = HashSet::new();
    let mut checked = Vec::with_capacity(values.len());
    for (index, mut value) in values.into_iter().enumerate() {
        validate::statement(&value, version).map_err(|e| malformed(&place(index, &e.path), &e.reason))?;
        let given = value.get("id").and_then(Value::as_str).and_then(parse_uuid);
        let id = match (given, put_id) {
            (Some(id), Some(put)) if id != put => return Err(malformed("id", "differs from statementId")),
            (Some(id), _) => id,
            (None, put) => {
                let id = put.unwrap_or_else(Uuid::now_v7);
                if let Some(map) = value.as_object_mut() {
                    map.insert("id".into(), Value::from(id.to_string()));
                }
                id
            }
        };
        if !seen.insert(id) {
            return Err(malformed(&place(index, "id"), "the array holds this statement id twice"));
        }
        checked.push(value);
    }
    checked
        .into_iter()
        .enumerate()
        .map(|(index, value)| {
            profile::read(value, version, public_url).map_err(|e| not_supported(&place(index, &e.path), &e.reason))
        })
        .collect()
}

/// Looks up the trainees named by e-mail, then has ingestion record every statement or none.
async fn record(
    state: &AppState,
    client: &CallingClient,
    readings: Vec<Reading>,
    batch: bool,
) -> Result<Vec<Uuid>, ApiError> {
    let ids: Vec<Uuid> = readings.iter().map(|r| r.id).collect();
    let emails: HashSet<Email> = readings
        .iter()
        .filter_map(|r| match &r.trainee {
            Trainee::Email(email) => Some(email.clone()),
            _ => None,
        })
        .collect();
    let found = if emails.is_empty() {
        HashMap::new()
    } else {
        state.ingestion.trainees_by_email(client, emails.into_iter().collect()).await?
    };
    let items = readings.into_iter().map(|r| r.item(&found)).collect();
    match state.ingestion.ingest(client, items, Mode::AllOrNothing).await {
        Ok(outcomes) => {
            crate::metrics::attempts(&outcomes);
            Ok(ids)
        }
        Err(IngestError::Rejected(refused)) => Err(refusal(&refused, &ids, batch)),
        Err(e) => Err(e.into()),
    }
}

/// Why a request's statements were all refused: the rules broken (`STATEMENT_REJECTED`), or
/// else the ids recorded before with other content (`CONFLICT`).
fn refusal(refused: &[(usize, Outcome)], ids: &[Uuid], batch: bool) -> ApiError {
    let id_of = |index: usize| ids.get(index).map(ToString::to_string).unwrap_or_default();
    let mut errors = Vec::new();
    let mut invalid = Vec::new();
    for (index, outcome) in refused {
        if let Outcome::Invalid(problems) = outcome {
            invalid.push(id_of(*index));
            for problem in problems {
                errors.push(FieldError::new(
                    &placed(batch, *index, &profile::statement_field(&problem.field)),
                    problem.code,
                ));
            }
        }
    }
    if !errors.is_empty() {
        return ApiError::fields(ProblemCode::StatementRejected, errors)
            .with_detail(format!("statement {} breaks the portal's rules; nothing was stored", invalid.join(", ")));
    }
    let conflicting: Vec<String> = refused.iter().map(|(index, _)| id_of(*index)).collect();
    ApiError::new(ProblemCode::Conflict).with_detail(format!(
        "statement {} was recorded before with other content; nothing was stored",
        conflicting.join(", ")
    ))
}

/// A statement's path, with `[index].` before it when it is one of an array.
fn placed(batch: bool, index: usize, path: &str) -> String {
    match (batch, path.is_empty()) {
        (false, _) => path.to_owned(),
        (true, true) => format!("[{index}]"),
        (true, false) => format!("[{index}].{path}"),
    }
}

fn malformed(path: &str, reason: &str) -> ApiError {
    let detail = if path.is_empty() { reason.to_owned() } else { format!("{path}: {reason}") };
    ApiError::fields(ProblemCode::MalformedRequest, vec![FieldError::new(path, FieldCode::Malformed)])
        .with_detail(detail)
}

fn not_supported(path: &str, takes: &str) -> ApiError {
    ApiError::fields(ProblemCode::NotSupported, vec![FieldError::new(path, FieldCode::Unsupported)]).with_detail(
        format!("{path}: not supported by the Playtrack xAPI profile (docs/xapi-profile.md), which takes {takes}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_of_an_array_is_named_by_its_place() {
        assert_eq!(placed(false, 3, "actor.mbox"), "actor.mbox");
        assert_eq!(placed(true, 3, "actor.mbox"), "[3].actor.mbox");
        assert_eq!(placed(true, 3, ""), "[3]");
    }

    #[test]
    fn refused_statements_are_named_by_id_and_field() {
        let ids = [Uuid::now_v7(), Uuid::now_v7()];
        let invalid = vec![scoring::ItemProblem::new("score", FieldCode::AboveMaximum)];
        let error = refusal(&[(1, Outcome::Invalid(invalid))], &ids, true);
        assert_eq!(error.code(), ProblemCode::StatementRejected);
        let conflict = refusal(&[(0, Outcome::Conflict(kernel::AttemptId::new()))], &ids, false);
        assert_eq!(conflict.code(), ProblemCode::Conflict);
    }
}
