//! The dashboard's answer before its charts: each batch's (or company's, or one's own) weekly
//! trend and weakest skill, the trainees to nudge, and a trainee's next level.

use actix_web::{get, web};
use scoring::reports::{BEHIND_BY, Group, QUIET_DAYS, Reader, TREND_WEEKS};
use serde::Serialize;
use time::Date;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{list::iso_date, reports::InsightStanding};
use crate::{
    ApiError, AppState, Problem,
    auth::extract::{Authenticated, RequestMeta},
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(dashboard_insight);
}

/// What the dashboard's summaries are.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DashboardRows {
    /// A company admin's batches.
    Batch,
    /// The provider's companies.
    Company,
    /// One summary: the trainee themself.
    Own,
}

/// One week of a trend.
#[derive(Serialize, ToSchema)]
pub struct TrendWeek {
    /// Its first day (UTC); a week is seven days, the last one ends today.
    #[serde(with = "iso_date")]
    #[schema(value_type = String, format = Date)]
    from: Date,
    /// Percent of the maximum over the attempts completed in it; `null`: nothing played.
    score: Option<f64>,
}

/// A batch, a company or the trainee themself, summed up.
#[derive(Serialize, ToSchema)]
pub struct DashboardSummary {
    /// The batch's or company's id (nil for a trainee's own).
    id: Uuid,
    name: String,
    /// Percent of the maximum over every counted result, as the score report shows it.
    score: Option<f64>,
    /// The last `trend_weeks` weeks, oldest first.
    trend: Vec<TrendWeek>,
    /// The last week played minus the first week played, in points; `null` with fewer than two.
    change: Option<f64>,
    /// Its weakest skill, beside the cohort one step up (a batch's company, a company's
    /// provider; none for a trainee).
    weakest_skill: Option<InsightStanding>,
    trainees: u64,
    /// Of them, those without a play in the last `quiet_days` days.
    quiet: u64,
}

/// A trainee worth a nudge: quiet, behind their batch, or both.
#[derive(Serialize, ToSchema)]
pub struct DashboardNudge {
    id: Uuid,
    name: String,
    email: String,
    /// `null`: never played.
    #[serde(with = "time::serde::rfc3339::option")]
    last_played: Option<time::OffsetDateTime>,
    /// No play in the last `quiet_days` days.
    quiet: bool,
    /// More than `behind_by` points below a batch of theirs (the one they trail most).
    behind: Option<NudgeBehind>,
}

#[derive(Serialize, ToSchema)]
pub struct NudgeBehind {
    batch_id: Uuid,
    batch_name: String,
    /// The trainee's percent.
    score: f64,
    /// The batch's percent.
    batch_score: f64,
}

/// A trainee's next level: the first in catalogue order they have not played, else their
/// weakest.
#[derive(Serialize, ToSchema)]
pub struct NextLevel {
    id: Uuid,
    name: String,
    /// Their percent there; `null`: not played yet.
    score: Option<f64>,
}

/// The dashboard's answer, scoped to the caller.
#[derive(Serialize, ToSchema)]
pub struct DashboardInsight {
    rows: DashboardRows,
    /// By name.
    summaries: Vec<DashboardSummary>,
    /// Company admin: the quiet first (never played, then longest idle), then the furthest
    /// behind; at most 100.
    nudges: Vec<DashboardNudge>,
    /// Trainee: the level to play next.
    next_level: Option<NextLevel>,
    trend_weeks: usize,
    quiet_days: i64,
    behind_by: f64,
}

/// Each batch's (company admin), company's (super admin) or one's own (trainee) score, its
/// weekly trend over the last weeks and weakest skill; the trainees to nudge; a trainee's next
/// level to play.
#[utoipa::path(
    operation_id = "getDashboardInsight",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = OK, description = "The dashboard's answer within the caller's scope", body = DashboardInsight),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/dashboard/insight")]
async fn dashboard_insight(
    state: web::Data<AppState>,
    who: Authenticated,
    meta: RequestMeta,
) -> Result<web::Json<DashboardInsight>, ApiError> {
    let reader = Reader::of(who.0.scope);
    let answer = state.reports.dashboard(&reader, meta.locale).await.map_err(ApiError::internal)?;
    Ok(web::Json(DashboardInsight {
        rows: match answer.rows {
            Group::Company => DashboardRows::Company,
            Group::Batch => DashboardRows::Batch,
            Group::Trainee | Group::Level | Group::All => DashboardRows::Own,
        },
        summaries: answer
            .summaries
            .into_iter()
            .map(|s| DashboardSummary {
                id: s.id,
                name: s.name,
                score: s.score,
                trend: s.trend.weeks.into_iter().map(|w| TrendWeek { from: w.from, score: w.score }).collect(),
                change: s.trend.change,
                weakest_skill: s.weakest_skill.map(Into::into),
                trainees: s.trainees,
                quiet: s.quiet,
            })
            .collect(),
        nudges: answer
            .nudges
            .into_iter()
            .map(|n| DashboardNudge {
                id: n.trainee,
                name: n.name,
                email: n.email,
                last_played: n.last_played,
                quiet: n.quiet,
                behind: n.behind.map(|b| NudgeBehind {
                    batch_id: b.batch,
                    batch_name: b.batch_name,
                    score: b.score,
                    batch_score: b.batch_score,
                }),
            })
            .collect(),
        next_level: answer.next_level.map(|l| NextLevel { id: l.id, name: l.name, score: l.score }),
        trend_weeks: TREND_WEEKS,
        quiet_days: QUIET_DAYS,
        behind_by: BEHIND_BY,
    }))
}
