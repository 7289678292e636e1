//! The game's API: attempts reported in batches, answered item by item.

use std::collections::BTreeMap;

use actix_web::{post, web};
use kernel::FieldCode;
use scoring::{AttemptReport, Difficulty, ItemProblem, Outcome};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{ApiError, AppState, Problem, ProblemCode, auth::extract::ApiCaller, error::FieldCodes};

/// The largest batch body: a thousand attempts with dozens of skills each.
const BODY_LIMIT: usize = 4 << 20;

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(post_attempts);
}

#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AttemptDifficulty {
    Easy,
    Medium,
    Hard,
}

impl From<AttemptDifficulty> for Difficulty {
    fn from(d: AttemptDifficulty) -> Self {
        match d {
            AttemptDifficulty::Easy => Self::Easy,
            AttemptDifficulty::Medium => Self::Medium,
            AttemptDifficulty::Hard => Self::Hard,
        }
    }
}

/// One play of one level.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptInput {
    /// The game's id of the attempt, unique per client: resending it is harmless.
    #[schema(min_length = 1, max_length = 128)]
    external_id: String,
    /// The trainee's user id.
    trainee: Uuid,
    level: Uuid,
    difficulty: AttemptDifficulty,
    approach: Uuid,
    /// Absolute score, at most `max_score`.
    #[schema(maximum = 1_000_000)]
    score: u32,
    /// The level's maximum score, as in the catalogue.
    #[schema(maximum = 1_000_000)]
    max_score: u32,
    /// Points per skill id; each a skill the level trains.
    #[serde(default)]
    skill_points: BTreeMap<Uuid, u32>,
    #[schema(maximum = 86_400)]
    duration_seconds: u32,
    #[serde(with = "time::serde::rfc3339")]
    started_at: OffsetDateTime,
    /// Not in the future (five minutes of clock skew are tolerated).
    #[serde(with = "time::serde::rfc3339")]
    completed_at: OffsetDateTime,
}

impl From<AttemptInput> for AttemptReport {
    fn from(i: AttemptInput) -> Self {
        Self {
            external_id: i.external_id,
            trainee: i.trainee.into(),
            level: i.level.into(),
            difficulty: i.difficulty.into(),
            approach: i.approach.into(),
            score: i.score,
            max_score: i.max_score,
            skill_points: i.skill_points.into_iter().map(|(skill, points)| (skill.into(), points)).collect(),
            duration_seconds: i.duration_seconds,
            started_at: i.started_at,
            completed_at: i.completed_at,
            chapter: None,
            statement: None,
        }
    }
}

/// A batch of attempts. Each item is judged on its own: one that cannot be read is answered
/// `invalid` with the reason, never failing the others.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptBatch {
    #[schema(value_type = Vec<AttemptInput>, max_items = 1000)]
    attempts: Vec<serde_json::Value>,
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AttemptStatus {
    /// Recorded now.
    Stored,
    /// Recorded before with the same content: nothing changed.
    Duplicate,
    /// Recorded before with other content: refused.
    Conflict,
    /// Refused: see `errors`.
    Invalid,
}

/// Why an item was refused.
#[derive(Debug, Serialize, ToSchema)]
pub struct ItemError {
    /// The field at fault (`skill_points.<skill id>` for one skill's points); empty when the
    /// item as a whole could not be read.
    field: String,
    #[schema(value_type = FieldCodes)]
    code: FieldCode,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
}

impl From<ItemProblem> for ItemError {
    fn from(p: ItemProblem) -> Self {
        Self { field: p.field, code: p.code, detail: p.detail }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptResult {
    /// The item's place in the batch, from 0.
    index: usize,
    /// The item's `external_id`, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    external_id: Option<String>,
    status: AttemptStatus,
    /// The attempt recorded under this external id (stored, duplicate or conflict).
    #[serde(skip_serializing_if = "Option::is_none")]
    attempt_id: Option<Uuid>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    errors: Vec<ItemError>,
}

/// The batch's answer: every item's outcome, in order, and the counts.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct AttemptBatchResult {
    stored: usize,
    duplicate: usize,
    conflict: usize,
    invalid: usize,
    results: Vec<AttemptResult>,
}

/// Reports played levels (a `game` API client). Idempotent per `external_id`: a batch may be
/// resent after any failure. Every item is answered; the valid ones are committed before the
/// answer, whatever the others are.
#[utoipa::path(
    operation_id = "postAttempts", tag = "game", security(("api_client" = [])),
    request_body(content = AttemptBatch, description = "Up to 1,000 attempts; the body at most 4 MiB"),
    responses(
        (status = OK, description = "Each item's outcome", body = AttemptBatchResult),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`: not a batch, or more than 1,000 attempts", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no live client has this secret", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not a `game` client", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`MALFORMED_REQUEST`: the body is over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: past the client's requests a minute; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/game/attempts")]
async fn post_attempts(
    state: web::Data<AppState>,
    ApiCaller(client): ApiCaller,
    body: web::Payload,
) -> Result<web::Json<AttemptBatchResult>, ApiError> {
    let bytes = super::body::limited(body, BODY_LIMIT).await?;
    let batch: AttemptBatch = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::new(ProblemCode::MalformedRequest).with_detail(e.to_string()))?;
    if batch.attempts.len() > scoring::MAX_BATCH {
        return Err(scoring::IngestError::TooMany.into());
    }
    let items: Vec<scoring::Item> = batch.attempts.into_iter().map(read_item).collect();
    let external_ids: Vec<Option<String>> =
        items.iter().map(|item| item.as_ref().ok().map(|r| r.external_id.clone())).collect();
    let outcomes = state.ingestion.ingest(&client, items, scoring::Mode::EachItem).await?;
    let mut answer = AttemptBatchResult::default();
    for (index, (outcome, external_id)) in outcomes.into_iter().zip(external_ids).enumerate() {
        let (status, attempt_id, errors) = match outcome {
            Outcome::Stored(id) => (AttemptStatus::Stored, Some(id.as_uuid()), Vec::new()),
            Outcome::Duplicate(id) => (AttemptStatus::Duplicate, Some(id.as_uuid()), Vec::new()),
            Outcome::Conflict(id) => (AttemptStatus::Conflict, Some(id.as_uuid()), Vec::new()),
            Outcome::Invalid(problems) => {
                (AttemptStatus::Invalid, None, problems.into_iter().map(ItemError::from).collect())
            }
        };
        *match status {
            AttemptStatus::Stored => &mut answer.stored,
            AttemptStatus::Duplicate => &mut answer.duplicate,
            AttemptStatus::Conflict => &mut answer.conflict,
            AttemptStatus::Invalid => &mut answer.invalid,
        } += 1;
        answer.results.push(AttemptResult { index, external_id, status, attempt_id, errors });
    }
    Ok(web::Json(answer))
}

/// One item of the batch, or why it cannot be read (naming the field when serde can).
fn read_item(value: serde_json::Value) -> scoring::Item {
    serde_path_to_error::deserialize::<_, AttemptInput>(value).map(AttemptReport::from).map_err(|e| {
        let field = e.path().to_string();
        let field = if field == "." { String::new() } else { field };
        vec![ItemProblem { field, code: FieldCode::Malformed, detail: Some(e.into_inner().to_string()) }]
    })
}
