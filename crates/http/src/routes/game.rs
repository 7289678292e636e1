//! The game's API: attempts reported in batches, answered item by item.

use std::collections::BTreeMap;

use actix_web::{get, post, web};
use identity::game_apps::GameScope;
use kernel::FieldCode;
use scoring::{AttemptReport, Difficulty, ItemProblem, Outcome};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use crate::{
    ApiError, AppState, FieldError, Problem, ProblemCode,
    auth::extract::{GameCaller, GamePlayer},
    error::FieldCodes,
};

/// The largest batch body: a thousand attempts with dozens of skills each.
const BODY_LIMIT: usize = 4 << 20;

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(post_attempts).service(me).service(handoff);
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
    #[serde(deserialize_with = "super::list::whole_number::unsigned")]
    score: u32,
    /// The level's maximum score, as in the catalogue.
    #[schema(maximum = 1_000_000)]
    #[serde(deserialize_with = "super::list::whole_number::unsigned")]
    max_score: u32,
    /// Points per skill id; each a skill the level trains.
    #[serde(default, deserialize_with = "super::list::whole_number::unsigned_map")]
    skill_points: BTreeMap<Uuid, u32>,
    #[schema(maximum = 86_400)]
    #[serde(deserialize_with = "super::list::whole_number::unsigned")]
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

/// Reports played levels: a `game` API client for any trainee in its scope, or a game app
/// with a trainee's access token (scope `play`) for that trainee alone (anyone else's item
/// answers `trainee` `UNKNOWN`), recorded under the app's API client. Idempotent per
/// `external_id`: a batch may be resent after any failure. Every item is answered; the valid
/// ones are committed before the answer, whatever the others are.
#[utoipa::path(
    operation_id = "postAttempts", tag = "game", security(("api_client" = []), ("game_token" = ["play"])),
    request_body(content = AttemptBatch, description = "Up to 1,000 attempts; the body at most 4 MiB"),
    responses(
        (status = OK, description = "Each item's outcome", body = AttemptBatchResult),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`: not a batch, or more than 1,000 attempts", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no live client has this secret, or the game's sign-in ended", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: not a `game` client, or a token without `play`; `NO_LICENCE`/`LICENCE_EXPIRED`: the trainee's seat", body = Problem, content_type = "application/problem+json"),
        (status = PAYLOAD_TOO_LARGE, description = "`PAYLOAD_TOO_LARGE`: the body is over 4 MiB", body = Problem, content_type = "application/problem+json"),
        (status = TOO_MANY_REQUESTS, description = "`RATE_LIMITED`: past the client's requests a minute; see `Retry-After`", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "`DATABASE_UNAVAILABLE`: the database was too busy to record the batch in time; nothing was stored, send it again after `Retry-After`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/game/attempts")]
async fn post_attempts(
    state: web::Data<AppState>,
    caller: GameCaller,
    body: web::Payload,
) -> Result<web::Json<AttemptBatchResult>, ApiError> {
    let client = match caller {
        GameCaller::Client(client) => client,
        GameCaller::Player(player) => reporter(&player)?,
    };
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
    crate::metrics::attempts(&outcomes);
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

/// The client a trainee's game posts as: the app's API client, restricted to that trainee.
fn reporter(player: &app::Player) -> Result<scoring::CallingClient, ApiError> {
    if !player.allows(GameScope::Play) {
        return Err(ApiError::new(ProblemCode::Forbidden).with_detail("the sign-in was not granted the play scope"));
    }
    let (Some(id), Some(company)) = (player.app.api_client, player.user.company) else {
        return Err(ApiError::new(ProblemCode::Forbidden)
            .with_detail("this game app names no API client to record attempts under"));
    };
    Ok(scoring::CallingClient {
        id,
        kind: scoring::ClientKind::Game,
        scope: scoring::ClientScope::Companies(vec![company]),
        acting_for: Some(player.user.id),
    })
}

/// A batch the trainee belongs to.
#[derive(Serialize, ToSchema)]
pub struct PlayerBatch {
    id: Uuid,
    name: String,
}

/// Who is playing, and whether they may.
#[derive(Serialize, ToSchema)]
pub struct Player {
    user_id: Uuid,
    name: String,
    email: String,
    /// The trainee's language (`en`, `zh`, `ar`, `it`, `es`, `fr`): the game speaks it too.
    locale: String,
    company_id: Uuid,
    company_name: String,
    batches: Vec<PlayerBatch>,
    /// The last day of the seat the trainee plays on.
    #[serde(with = "super::list::iso_date")]
    #[schema(value_type = String, format = Date)]
    licence_valid_until: time::Date,
    /// Always `true` here: a trainee without a valid seat gets `NO_LICENCE` or
    /// `LICENCE_EXPIRED` instead.
    may_play: bool,
    /// What the sign-in granted: `play`, `reports`.
    scopes: Vec<String>,
}

/// Who the game's access token stands for: the trainee, their company and batches, and the
/// seat they play on.
#[utoipa::path(
    operation_id = "getPlayer", tag = "game", security(("game_token" = [])),
    responses(
        (status = OK, description = "The trainee", body = Player),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`: no game token, or the sign-in ended (signed out everywhere, disabled, revoked)", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`NO_LICENCE` or `LICENCE_EXPIRED`: the seat was revoked or has lapsed", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/game/me")]
async fn me(state: web::Data<AppState>, GamePlayer(player): GamePlayer) -> Result<web::Json<Player>, ApiError> {
    let card = state.game_sign_in.card(&player).await?;
    Ok(web::Json(Player {
        user_id: card.user.id.as_uuid(),
        name: card.user.name,
        email: card.user.email.to_string(),
        locale: card.user.locale,
        company_id: card.company.id.as_uuid(),
        company_name: card.company.name,
        batches: card.batches.into_iter().map(|b| PlayerBatch { id: b.id.as_uuid(), name: b.name }).collect(),
        licence_valid_until: card.seat.valid_until,
        may_play: true,
        scopes: player.scopes.iter().map(|s| s.as_str().to_owned()).collect(),
    }))
}

/// A hand-off to the portal.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HandoffRequest {
    /// The trainee to sign in: required of an API client (one in its scope); a trainee's
    /// token hands over only that trainee, so it may leave it out.
    trainee: Option<Uuid>,
    /// Where the portal goes once signed in: a path of the portal (`/user/score`), at most
    /// 512 characters; `/dashboard/crm` when left out.
    next: Option<String>,
}

/// A one-time sign-in link to the portal.
#[derive(Serialize, ToSchema)]
pub struct Handoff {
    /// Good once, for 60 seconds.
    token: String,
    /// The portal's `/login?token=…` (with `next`), to open in the browser.
    url: String,
    #[serde(with = "time::serde::rfc3339")]
    expires_at: OffsetDateTime,
}

/// Hands the trainee over to the portal, signed in: a one-time link valid for 60 seconds
/// (the seed's game login). With a trainee's game token (either scope), or as the game's API
/// client naming a trainee in its scope.
#[utoipa::path(
    operation_id = "createHandoff", tag = "game", security(("game_token" = []), ("api_client" = [])),
    request_body = HandoffRequest,
    responses(
        (status = CREATED, description = "The link", body = Handoff),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a partner client, or another trainee than the token's; `NO_LICENCE`/`LICENCE_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such trainee in the client's scope", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `trainee` `REQUIRED`, `next` `LOCAL_PATH`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[post("/game/handoff")]
async fn handoff(
    state: web::Data<AppState>,
    caller: GameCaller,
    body: web::Json<HandoffRequest>,
) -> Result<actix_web::HttpResponse, ApiError> {
    let HandoffRequest { trainee, next } = body.into_inner();
    let next = next.map(|next| local_path(&next).ok_or(FieldError::new("next", FieldCode::LocalPath)));
    let (trainee, within) = match caller {
        GameCaller::Player(player) => match trainee {
            Some(other) if other != player.user.id.as_uuid() => {
                return Err(
                    ApiError::new(ProblemCode::Forbidden).with_detail("a trainee's game hands over only that trainee")
                );
            }
            _ => (Ok(player.user.id), None),
        },
        GameCaller::Client(client) => {
            scoring::ensure_game(&client)?;
            (trainee.map(Into::into).ok_or(FieldError::new("trainee", FieldCode::Required)), Some(client.scope))
        }
    };
    let problems: Vec<FieldError> =
        [trainee.as_ref().err(), next.as_ref().and_then(|n| n.as_ref().err())].into_iter().flatten().cloned().collect();
    let (Ok(trainee), None | Some(Ok(_))) = (trainee, &next) else { return Err(ApiError::invalid(problems)) };
    let challenge = state.game_sign_in.handoff(trainee, within.as_ref()).await?;
    // The portal opens on the scores of the level just played.
    state.ingestion.count_now(trainee).await.map_err(ApiError::internal)?;
    let mut url = url::Url::parse(&format!("{}/login", state.public_url)).map_err(ApiError::internal)?;
    url.query_pairs_mut().append_pair("token", &challenge.token);
    if let Some(Ok(next)) = &next {
        url.query_pairs_mut().append_pair("next", next);
    }
    Ok(actix_web::HttpResponse::Created().json(Handoff {
        token: challenge.token,
        url: url.into(),
        expires_at: challenge.expires_at,
    }))
}

/// `path` when it names a page of this portal: one leading `/`, no `//host` or `/\host`
/// (which browsers read as another site), no control characters, at most 512 characters.
fn local_path(path: &str) -> Option<String> {
    let rest = path.strip_prefix('/')?;
    let foreign = rest.starts_with('/') || rest.starts_with('\\');
    (!foreign && path.len() <= 512 && !path.chars().any(char::is_control)).then(|| path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn only_paths_of_the_portal_are_next() {
        assert_eq!(local_path("/user/score?batch=1").as_deref(), Some("/user/score?batch=1"));
        for foreign in ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "", "/a\nb"]
        {
            assert_eq!(local_path(foreign), None, "{foreign}");
        }
    }
}
