//! Score reports: every view of the seed as one table endpoint, and its CSV and XLSX exports,
//! scoped to the reader (a person by role, a partner client by its companies, a trainee's game).

use std::io::{Read, Seek};

use actix_web::{HttpResponse, get, http::header, web, web::Bytes};
use futures_util::StreamExt;
use scoring::reports::{Export, Exporter, Filter, Group, Measure, Pick, ReportQuery, Row, Unit, Value, View};
use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime, format_description::well_known::Rfc3339};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;
use uuid::Uuid;

use super::{
    list::{ListQuery, iso_date},
    score_workbook::ScoreWorkbook,
    spreadsheet,
};
use crate::{
    ApiError, AppState, Problem,
    auth::extract::{ReportReader, RequestMeta},
};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(score_report).service(report_insight).service(export_csv).service(export_xlsx);
}

/// A report view; the seed's screens in brackets.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportView {
    /// Levels played, attempts, points, score, best, last played (`score`, `viewlevel`).
    #[default]
    Overview,
    /// A column per skill (`score/skill`).
    Skill,
    /// A column per difficulty (`score/difficulty`).
    Difficulty,
    /// A column per level (`score/lor`).
    Level,
    /// A column per approach (`score/approach`, `userdetails/approach`).
    Approach,
    /// A column per chapter (`chapterwise`).
    Chapter,
    /// The attempts themselves, newest first (`userdetails`).
    Attempts,
}

/// Percent of the maximum, or points (average per level played).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportMeasure {
    #[default]
    Percent,
    Absolute,
}

/// Which of a trainee's attempts at a level counts.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttemptPick {
    #[default]
    Best,
    Latest,
    First,
    Average,
}

/// What a row is.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportGroup {
    Company,
    Batch,
    Trainee,
    Level,
    /// One row: everything the caller sees.
    All,
}

/// The filters and shape of a report, shared by the table and its exports. Filters outside
/// what the caller may see select nothing.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportParams {
    #[param(inline)]
    view: Option<ReportView>,
    #[param(inline)]
    measure: Option<ReportMeasure>,
    /// Which attempt counts: `best` by default.
    #[param(inline)]
    attempt: Option<AttemptPick>,
    /// What a row is; by default one level below the narrowest filter (companies, then
    /// trainees, then one trainee's levels).
    #[param(inline)]
    group: Option<ReportGroup>,
    company: Option<Uuid>,
    batch: Option<Uuid>,
    user: Option<Uuid>,
    chapter: Option<Uuid>,
    level: Option<Uuid>,
    /// Results counted on or after this day (UTC), from 2000-01-01 to 2100-12-31.
    #[serde(default, with = "iso_date::option")]
    #[param(value_type = Option<Date>, format = Date)]
    from: Option<Date>,
    /// Results counted on or before this day (UTC), not before `from`.
    #[serde(default, with = "iso_date::option")]
    #[param(value_type = Option<Date>, format = Date)]
    to: Option<Date>,
}

impl ReportParams {
    fn query(&self) -> Result<ReportQuery, ApiError> {
        use licensing::drafts::{EARLIEST_DATE, LATEST_DATE};
        let sane = |day: &Date| (EARLIEST_DATE..=LATEST_DATE).contains(day);
        if !self.from.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("from", "a day from 2000-01-01 to 2100-12-31"));
        }
        if !self.to.as_ref().is_none_or(sane) {
            return Err(ApiError::out_of_range("to", "a day from 2000-01-01 to 2100-12-31"));
        }
        if let (Some(from), Some(to)) = (self.from, self.to)
            && to < from
        {
            return Err(ApiError::out_of_range("to", "a day not before from"));
        }
        Ok(ReportQuery {
            view: match self.view.unwrap_or_default() {
                ReportView::Overview => View::Overview,
                ReportView::Skill => View::Skill,
                ReportView::Difficulty => View::Difficulty,
                ReportView::Level => View::Level,
                ReportView::Approach => View::Approach,
                ReportView::Chapter => View::Chapter,
                ReportView::Attempts => View::Attempts,
            },
            measure: match self.measure.unwrap_or_default() {
                ReportMeasure::Percent => Measure::Percent,
                ReportMeasure::Absolute => Measure::Absolute,
            },
            group: self.group.map(|group| match group {
                ReportGroup::Company => Group::Company,
                ReportGroup::Batch => Group::Batch,
                ReportGroup::Trainee => Group::Trainee,
                ReportGroup::Level => Group::Level,
                ReportGroup::All => Group::All,
            }),
            filter: Filter {
                company: self.company.map(Into::into),
                batch: self.batch.map(Into::into),
                user: self.user.map(Into::into),
                chapter: self.chapter.map(Into::into),
                level: self.level.map(Into::into),
                from: self.from,
                to: self.to,
                pick: match self.attempt.unwrap_or_default() {
                    AttemptPick::Best => Pick::Best,
                    AttemptPick::Latest => Pick::Latest,
                    AttemptPick::First => Pick::First,
                    AttemptPick::Average => Pick::Average,
                },
            },
        })
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ColumnUnit {
    Percent,
    Points,
    Count,
    Time,
    Text,
}

#[derive(Serialize, ToSchema)]
pub struct ReportColumn {
    /// Stable: a fixed name (`score`, `attempts`, …), a difficulty, or a skill, approach,
    /// level or chapter id. Sort by it.
    key: String,
    /// The header, in the request's language.
    label: String,
    unit: ColumnUnit,
}

/// A number, or a time (RFC 3339) or text.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ReportCell {
    Number(f64),
    Text(String),
}

#[derive(Serialize, ToSchema)]
pub struct ReportRow {
    /// The company, batch, trainee, level or attempt the row is.
    id: Uuid,
    label: String,
    /// One per column; `null` where nothing was played.
    cells: Vec<Option<ReportCell>>,
    /// `false` for a company, batch or trainee with no result in the selection (every cell
    /// `null`): someone who has not started.
    started: bool,
}

/// A report as a table: one page of rows.
#[derive(Serialize, ToSchema)]
pub struct ScoreReport {
    group: ReportGroup,
    /// The header of the rows' names.
    row_header: String,
    columns: Vec<ReportColumn>,
    rows: Vec<ReportRow>,
    /// Rows on every page together.
    total: u64,
    page: u64,
    per_page: u64,
    /// `null`: the rows count every attempt stored. Otherwise scores are counted a moment
    /// after they arrive and some are not yet: those that came in from this time on may be
    /// missing. Ask again shortly.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    as_of: Option<OffsetDateTime>,
}

fn cell(value: Value) -> Result<ReportCell, ApiError> {
    Ok(match value {
        Value::Number(n) => ReportCell::Number(n),
        Value::Text(text) => ReportCell::Text(text),
        Value::Time(at) => ReportCell::Text(at.format(&Rfc3339).map_err(ApiError::internal)?),
    })
}

const fn unit(unit: Unit) -> ColumnUnit {
    match unit {
        Unit::Percent => ColumnUnit::Percent,
        Unit::Points => ColumnUnit::Points,
        Unit::Count => ColumnUnit::Count,
        Unit::Time => ColumnUnit::Time,
        Unit::Text => ColumnUnit::Text,
    }
}

const fn group(group: Group) -> ReportGroup {
    match group {
        Group::Company => ReportGroup::Company,
        Group::Batch => ReportGroup::Batch,
        Group::Trainee => ReportGroup::Trainee,
        Group::Level => ReportGroup::Level,
        Group::All => ReportGroup::All,
    }
}

/// A skill or level as the selection scores it, beside its cohort.
#[derive(Serialize, ToSchema)]
pub struct InsightStanding {
    id: Uuid,
    name: String,
    /// Percent of the maximum.
    score: f64,
    /// The cohort's percent: a batch's or trainee's company, a company's everything the reader
    /// sees where that is more (same days, chapter and level); `null` where there is no other
    /// cohort or it has none.
    cohort: Option<f64>,
}

impl From<scoring::reports::Standing> for InsightStanding {
    fn from(s: scoring::reports::Standing) -> Self {
        Self { id: s.id, name: s.name, score: s.score, cohort: s.cohort }
    }
}

/// A selection's answer in words, for the top of a report.
#[derive(Serialize, ToSchema)]
pub struct ReportInsight {
    /// Percent of the maximum over everything the selection counts; `null`: nothing played.
    score: Option<f64>,
    /// The days the change compares: the filter's, or the last 30.
    #[serde(with = "iso_date")]
    #[schema(value_type = String, format = Date)]
    period_from: Date,
    #[serde(with = "iso_date")]
    #[schema(value_type = String, format = Date)]
    period_to: Date,
    /// The period's percent minus the as long period before's, in points.
    change: Option<f64>,
    weakest_skill: Option<InsightStanding>,
    strongest_skill: Option<InsightStanding>,
    weakest_level: Option<InsightStanding>,
    strongest_level: Option<InsightStanding>,
    /// Trainees of the selection (none for a trainee's own).
    trainees: u64,
    /// Of them, those without a play in the last `quiet_days` days.
    quiet: u64,
    quiet_days: i64,
    /// As the score report's `as_of`.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    as_of: Option<OffsetDateTime>,
}

/// A selection's answer in words: its score and change over the period before, its weakest
/// and strongest skill and level beside the cohort's, and its quiet trainees. Takes the score
/// report's filters (`view`, `measure` and `group` do not change it).
#[utoipa::path(
    operation_id = "getReportInsight",
    tag = "reports",
    security(("bearer" = []), ("cookie" = []), ("api_client" = []), ("game_token" = [])),
    params(ReportParams),
    responses(
        (status = OK, description = "The selection in words and numbers", body = ReportInsight),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST` (a parameter out of range, naming it)", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a game API client, or a game sign-in without the `reports` scope", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/reports/insight")]
async fn report_insight(
    state: web::Data<AppState>,
    who: ReportReader,
    meta: RequestMeta,
    params: web::Query<ReportParams>,
) -> Result<web::Json<ReportInsight>, ApiError> {
    let query = params.query()?;
    let insight = state.reports.insight(&who.reader, &query, meta.locale).await.map_err(ApiError::internal)?;
    Ok(web::Json(ReportInsight {
        score: insight.score,
        period_from: insight.period.from,
        period_to: insight.period.to,
        change: insight.change,
        weakest_skill: insight.weakest_skill.map(Into::into),
        strongest_skill: insight.strongest_skill.map(Into::into),
        weakest_level: insight.weakest_level.map(Into::into),
        strongest_level: insight.strongest_level.map(Into::into),
        trainees: insight.trainees,
        quiet: insight.quiet,
        quiet_days: scoring::reports::QUIET_DAYS,
        as_of: insight.as_of,
    }))
}

/// One page of a score report. `sort` is a column's `key` (or `name`, the default); `q` is
/// part of a row's name.
#[utoipa::path(
    operation_id = "getScoreReport",
    tag = "reports",
    security(("bearer" = []), ("cookie" = []), ("api_client" = []), ("game_token" = [])),
    params(ReportParams, ListQuery),
    responses(
        (status = OK, description = "One page of the report", body = ScoreReport),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST` (a parameter out of range, naming it)", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`: a game API client, or a game sign-in without the `reports` scope", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/reports/scores")]
async fn score_report(
    state: web::Data<AppState>,
    who: ReportReader,
    meta: RequestMeta,
    list: web::Query<ListQuery>,
    params: web::Query<ReportParams>,
) -> Result<web::Json<ScoreReport>, ApiError> {
    let page = list.request()?;
    let query = params.query()?;
    let started = std::time::Instant::now();
    let table = state
        .reports
        .report(&who.reader, &query, &page, list.search().as_deref(), meta.locale)
        .await
        .map_err(ApiError::internal)?;
    crate::metrics::report("table", query.view.as_str(), started.elapsed());
    Ok(web::Json(ScoreReport {
        group: group(table.group),
        row_header: table.row_header,
        columns: table
            .columns
            .into_iter()
            .map(|c| ReportColumn { key: c.key, label: c.label, unit: unit(c.unit) })
            .collect(),
        rows: table
            .rows
            .items
            .into_iter()
            .map(|row| {
                Ok(ReportRow {
                    id: row.id,
                    label: row.label,
                    cells: row.cells.into_iter().map(|c| c.map(cell).transpose()).collect::<Result<_, _>>()?,
                    started: row.started,
                })
            })
            .collect::<Result<_, ApiError>>()?,
        total: table.rows.total,
        page: table.rows.page,
        per_page: table.rows.per_page,
        as_of: table.as_of,
    }))
}

/// The report's export in `format`, sorted as asked (`page` and `per_page` do not apply);
/// audited.
async fn export(
    state: &AppState,
    who: &ReportReader,
    meta: RequestMeta,
    list: &ListQuery,
    params: &ReportParams,
    format: &'static str,
) -> Result<(View, Export), ApiError> {
    let sorting = list.request()?;
    let query = params.query()?;
    let name = match (&who.name, who.client) {
        (Some(name), _) => name.clone(),
        (None, Some(client)) => state.api_clients.name_of(client).await?,
        (None, None) => return Err(ApiError::internal(anyhow::anyhow!("an export by nobody"))),
    };
    let exporter = Exporter { user: who.user, client: who.client, ip: meta.context.ip, format, name };
    let export = state
        .reports
        .export(&who.reader, &exporter, &query, &sorting, list.search().as_deref(), meta.locale)
        .await
        .map_err(ApiError::internal)?;
    Ok((query.view, export))
}

/// A cell as an export writes it: one decimal for scores, whole numbers for counts.
fn text(value: &Value, unit: Unit) -> Result<String, ApiError> {
    Ok(match value {
        Value::Number(n) if matches!(unit, Unit::Count) => format!("{n:.0}"),
        Value::Number(n) => format!("{n:.1}"),
        Value::Text(text) => spreadsheet::safe(text),
        Value::Time(at) => at.format(&Rfc3339).map_err(ApiError::internal)?,
    })
}

fn attachment(view: View, extension: &str) -> (header::HeaderName, String) {
    let name = format!("{view:?}").to_lowercase();
    (header::CONTENT_DISPOSITION, format!("attachment; filename=\"scores-{name}.{extension}\""))
}

/// The whole report as CSV: a header row (translated), then a row per row of the report.
/// Cells a spreadsheet would run as a formula are written as text.
#[utoipa::path(
    operation_id = "exportScoreReportCsv",
    tag = "reports",
    security(("bearer" = []), ("cookie" = []), ("api_client" = []), ("game_token" = [])),
    params(ReportParams, ListQuery),
    responses(
        (status = OK, description = "The report as CSV", content_type = "text/csv", body = String),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/reports/scores/export.csv")]
async fn export_csv(
    state: web::Data<AppState>,
    who: ReportReader,
    meta: RequestMeta,
    list: web::Query<ListQuery>,
    params: web::Query<ReportParams>,
) -> Result<HttpResponse, ApiError> {
    let (view, export) = export(&state, &who, meta, &list, &params, "csv").await?;
    let mut header = vec![spreadsheet::safe(&export.row_header)];
    header.extend(export.columns.iter().map(|c| spreadsheet::safe(&c.label)));
    let head = csv_lines(std::iter::once(header))?;
    let units: Vec<Unit> = export.columns.iter().map(|c| c.unit).collect();
    let reports = state.reports.clone();
    // The header, then each chunk of rows as the store hands it out: nothing waits whole.
    let rows = futures_util::stream::try_unfold(export, move |mut export| {
        let (reports, units) = (reports.clone(), units.clone());
        async move {
            let Some(rows) = reports.next_rows(&mut export).await.map_err(ApiError::internal)? else {
                return Ok(None);
            };
            let records = rows.iter().map(|row| record(row, &units)).collect::<Result<Vec<_>, _>>()?;
            Ok(Some((csv_lines(records)?, export)))
        }
    });
    let body = futures_util::stream::once(async { Ok::<_, ApiError>(head) }).chain(rows);
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(attachment(view, "csv"))
        .streaming(body.map(|chunk| chunk.map_err(broken))))
}

/// A row as CSV fields.
fn record(row: &Row, units: &[Unit]) -> Result<Vec<String>, ApiError> {
    let mut record = vec![spreadsheet::safe(&row.label)];
    for (value, unit) in row.cells.iter().zip(units) {
        record.push(value.as_ref().map(|v| text(v, *unit)).transpose()?.unwrap_or_default());
    }
    Ok(record)
}

fn csv_lines(records: impl IntoIterator<Item = Vec<String>>) -> Result<Bytes, ApiError> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    for record in records {
        csv.write_record(&record).map_err(ApiError::internal)?;
    }
    Ok(Bytes::from(csv.into_inner().map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?))
}

/// The whole report as an Excel workbook: one sheet, translated headers, numbers as numbers
/// (text cells are never formulas in XLSX).
#[utoipa::path(
    operation_id = "exportScoreReportXlsx",
    tag = "reports",
    security(("bearer" = []), ("cookie" = []), ("api_client" = []), ("game_token" = [])),
    params(ReportParams, ListQuery),
    responses(
        (status = OK, description = "The report as XLSX", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "`FORBIDDEN`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/reports/scores/export.xlsx")]
async fn export_xlsx(
    state: web::Data<AppState>,
    who: ReportReader,
    meta: RequestMeta,
    list: web::Query<ListQuery>,
    params: web::Query<ReportParams>,
) -> Result<HttpResponse, ApiError> {
    let locale = meta.locale;
    let (view, mut export) = export(&state, &who, meta, &list, &params, "xlsx").await?;
    let mut workbook =
        ScoreWorkbook::new(&export.context, &export.row_header, &export.columns, locale).map_err(xlsx)?;
    while let Some(rows) = state.reports.next_rows(&mut export).await.map_err(ApiError::internal)? {
        // Writing goes to disk: on a blocking thread, a chunk at a time.
        workbook = web::block(move || workbook.write(&rows).map(|()| workbook))
            .await
            .map_err(ApiError::internal)?
            .map_err(xlsx)?;
    }
    // The workbook is zipped into a temporary file (deleted when closed) and sent from there.
    let file = web::block(move || -> anyhow::Result<std::fs::File> {
        let mut file = tempfile::tempfile()?;
        workbook.save(&mut file)?;
        file.rewind()?;
        Ok(file)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .insert_header(attachment(view, "xlsx"))
        .streaming(file_chunks(file).map(|chunk| chunk.map_err(broken))))
}

fn xlsx(e: rust_xlsxwriter::XlsxError) -> ApiError {
    ApiError::internal(anyhow::anyhow!(e))
}

/// An export that fails after its first bytes can only be cut short; the log says why.
fn broken(error: ApiError) -> actix_web::Error {
    tracing::error!(%error, "an export stopped part-way");
    error.into()
}

/// A file's bytes, read on a blocking thread a chunk at a time.
fn file_chunks(file: std::fs::File) -> impl futures_util::Stream<Item = Result<Bytes, ApiError>> {
    futures_util::stream::try_unfold(file, |mut file| async move {
        let (file, chunk) = web::block(move || -> std::io::Result<_> {
            let mut chunk = vec![0; 64 * 1024];
            let read = file.read(&mut chunk)?;
            chunk.truncate(read);
            Ok((file, chunk))
        })
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
        Ok((!chunk.is_empty()).then(|| (Bytes::from(chunk), file)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_cell_that_looks_like_a_formula_is_text() {
        assert_eq!(text(&Value::Text("=cmd|' /C calc'!A0".into()), Unit::Text).unwrap(), "'=cmd|' /C calc'!A0");
        assert_eq!(text(&Value::Number(72.456), Unit::Percent).unwrap(), "72.5");
        assert_eq!(text(&Value::Number(3.0), Unit::Count).unwrap(), "3");
    }
}
