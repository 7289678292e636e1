//! Reports: the [`scoring::ReportStore`] port. Every query reads `level_results` (and
//! `level_result_skills`), never the attempts, except the attempts view itself; the reader's
//! scope is a condition of every statement.

use std::collections::HashMap;

use kernel::{BatchId, LevelId, Page, PageRequest, SortDirection, UserId};
use scoring::{
    AttemptLine, CellQuery, Difficulty, ReportStore, Split,
    reports::{Cell, Filter, Group, Member, Pick, Reader, WeekScore},
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    RelationTrait,
    sea_query::{Alias, BinOper, CaseStatement, Cond, Expr, ExprTrait, Order, Query, SelectStatement},
};
use time::{OffsetDateTime, Time, UtcOffset};
use uuid::Uuid;

use crate::{
    Store,
    entities::{
        attempts, batch_members, batches, companies, company_level_rollups, company_results, level_result_skills,
        level_results, trainee_rollups, users,
    },
};

/// The column prefix of the attempt a mode counts; the average keeps the latest's day,
/// difficulty and approach.
const fn prefix(pick: Pick) -> &'static str {
    match pick {
        Pick::First => "first",
        Pick::Latest | Pick::Average => "latest",
        Pick::Best => "best",
    }
}

fn r(column: &str) -> Expr {
    Expr::col((Alias::new("r"), Alias::new(column)))
}

/// Where `day` (UTC) begins, as the value `{p}_at` and `completed_at` are compared with:
/// midnight on PostgreSQL; on SQLite, which compares instants as their RFC 3339 text (kept in
/// UTC), the day's text without a zone, which sorts before every instant of the day, fractions
/// of a second included (`…T00:00:00` < `…T00:00:00.5Z`).
fn day_start(backend: DbBackend, day: time::Date) -> sea_orm::Value {
    match backend {
        DbBackend::Sqlite => format!("{day}T00:00:00").into(),
        _ => day.with_time(Time::MIDNIGHT).assume_offset(UtcOffset::UTC).into(),
    }
}

/// Where the filter's days begin and where the day after its last begins.
fn day_bounds(backend: DbBackend, filter: &Filter) -> (Option<sea_orm::Value>, Option<sea_orm::Value>) {
    (
        filter.from.map(|from| day_start(backend, from)),
        filter.to.map(|to| day_start(backend, to.next_day().unwrap_or(to))),
    )
}

/// The trainees of `batch`.
fn members_of(batch: BatchId) -> SelectStatement {
    Query::select()
        .column(batch_members::Column::UserId)
        .from(batch_members::Entity)
        .and_where(Expr::col(batch_members::Column::BatchId).eq(batch.as_uuid()))
        .take()
}

/// The conditions of the reader's scope and the filter on `level_results r`.
fn conditions(reader: &Reader, filter: &Filter, levels: Option<&[LevelId]>, backend: DbBackend) -> Cond {
    let mut cond = Cond::all();
    match reader {
        Reader::All => {}
        Reader::Companies(companies) => {
            cond = cond.add(r("company_id").is_in(companies.iter().map(|c| c.as_uuid())));
        }
        Reader::Trainee(user) => cond = cond.add(r("user_id").eq(user.as_uuid())),
    }
    if let Some(company) = filter.company {
        cond = cond.add(r("company_id").eq(company.as_uuid()));
    }
    if let Some(user) = filter.user {
        cond = cond.add(r("user_id").eq(user.as_uuid()));
    }
    if let Some(batch) = filter.batch {
        cond = cond.add(r("user_id").in_subquery(members_of(batch)));
    }
    if let Some(levels) = levels {
        cond = cond.add(r("level_id").is_in(levels.iter().map(|l| l.as_uuid())));
    }
    let at = format!("{}_at", prefix(filter.pick));
    let (from, until) = day_bounds(backend, filter);
    if let Some(from) = from {
        cond = cond.add(r(&at).gte(from));
    }
    if let Some(until) = until {
        cond = cond.add(r(&at).lt(until));
    }
    cond
}

/// The score and maximum a counted result contributes, as SQL over `r` (and `s` for skills:
/// the skill's points out of its own maxima): the `Measured` of each pick that
/// `scoring::reports::rollups::Counted::of_result` works out in Rust.
pub(super) fn measures(pick: Pick, skill: bool) -> (String, String) {
    let p = prefix(pick);
    match (pick, skill) {
        (Pick::Average, false) => ("r.score_sum * 1.0 / r.attempts".into(), "r.max_sum * 1.0 / r.attempts".into()),
        (Pick::Average, true) => ("s.points_sum * 1.0 / r.attempts".into(), "s.max_sum * 1.0 / r.attempts".into()),
        (_, false) => (format!("r.{p}_score"), format!("r.{p}_max")),
        (_, true) => (format!("s.{p}_points"), format!("s.{p}_max")),
    }
}

fn cells_statement(reader: &Reader, query: &CellQuery<'_>, backend: DbBackend) -> SelectStatement {
    let filter = query.filter;
    let p = prefix(filter.pick);
    let mut select = Query::select();
    select.from_as(level_results::Entity, Alias::new("r"));
    let row = match query.group {
        Group::All => None,
        Group::Company => Some("r.company_id"),
        Group::Trainee => Some("r.user_id"),
        Group::Level => Some("r.level_id"),
        Group::Batch => {
            let mut on = Cond::all().add(
                Expr::col((Alias::new("bm"), batch_members::Column::UserId))
                    .equals((Alias::new("r"), Alias::new("user_id"))),
            );
            if let Some(batch) = filter.batch {
                on = on.add(Expr::col((Alias::new("bm"), batch_members::Column::BatchId)).eq(batch.as_uuid()));
            }
            select.join_as(sea_orm::JoinType::InnerJoin, batch_members::Entity, Alias::new("bm"), on);
            Some("bm.batch_id")
        }
    };
    let column = match query.split {
        Split::None => None,
        Split::Level => Some("r.level_id".to_owned()),
        Split::Difficulty => Some(format!("r.{p}_difficulty")),
        Split::Approach => Some(format!("r.{p}_approach_id")),
        Split::Skill => {
            select.join_as(
                sea_orm::JoinType::InnerJoin,
                level_result_skills::Entity,
                Alias::new("s"),
                Cond::all()
                    .add(Expr::cust("s.user_id = r.user_id"))
                    .add(Expr::cust("s.level_id = r.level_id"))
                    // A counted attempt that did not report the skill counts nothing for it.
                    .add(Expr::cust(if filter.pick == Pick::Average {
                        "s.max_sum > 0".to_owned()
                    } else {
                        format!("s.{p}_max > 0")
                    })),
            );
            Some("s.skill_id".to_owned())
        }
    }
    .filter(|_| !query.rows_only);
    let (score, max) = measures(filter.pick, query.split == Split::Skill);
    // With days chosen, a result's attempts and last play are those played on them (its counted
    // attempt is, so each result has some).
    let on_days = (filter.from.is_some() || filter.to.is_some()) && query.split == Split::None;
    if on_days {
        let mut played = Query::select();
        played
            .from(attempts::Entity)
            .columns([attempts::Column::UserId, attempts::Column::LevelId])
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("n"))
            .expr_as(Expr::col(attempts::Column::CompletedAt).max(), Alias::new("last"))
            .cond_where(attempt_conditions(reader, filter, query.levels, backend))
            .group_by_columns([attempts::Column::UserId, attempts::Column::LevelId]);
        select.join_subquery(
            sea_orm::JoinType::InnerJoin,
            played,
            Alias::new("a"),
            Cond::all().add(Expr::cust("a.user_id = r.user_id")).add(Expr::cust("a.level_id = r.level_id")),
        );
    }
    let (attempts, last_played) =
        if on_days { ("SUM(a.n)", "MAX(a.last)") } else { ("SUM(r.attempts)", "MAX(r.latest_at)") };
    if let Some(row) = row {
        select.expr_as(Expr::cust(row), Alias::new("row_id")).add_group_by([Expr::cust(row)]);
    }
    if let Some(column) = &column {
        select.expr_as(Expr::cust(column.clone()), Alias::new("column_key"));
    }
    select
        .expr_as(Expr::cust("COUNT(*)"), Alias::new("results"))
        // Only a view without columns shows trainees; counting them distinctly makes the
        // database sort every group, which a column per level cannot afford.
        .expr_as(
            Expr::cust(if query.split == Split::None { "COUNT(DISTINCT r.user_id)" } else { "CAST(0 AS BIGINT)" }),
            Alias::new("trainees"),
        )
        .expr_as(Expr::cust(format!("CAST({attempts} AS BIGINT)")), Alias::new("attempts"))
        .expr_as(Expr::cust(format!("CAST(SUM({score}) AS DOUBLE PRECISION)")), Alias::new("score"))
        .expr_as(Expr::cust(format!("CAST(SUM({max}) AS DOUBLE PRECISION)")), Alias::new("max"))
        .expr_as(
            Expr::cust(format!(
                "CAST(MAX(CASE WHEN {max} > 0 THEN {score} * 100.0 / ({max}) ELSE 0 END) AS DOUBLE PRECISION)"
            )),
            Alias::new("best"),
        )
        .expr_as(Expr::cust(last_played), Alias::new("last_played"))
        .cond_where(conditions(reader, filter, query.levels, backend).add(only_rows(row, query)));
    if let Some(column) = column {
        select.add_group_by([Expr::cust(column)]);
    }
    select
}

/// `row IN` the query's rows, where it names some.
fn only_rows(row: Option<&'static str>, query: &CellQuery<'_>) -> Cond {
    match (row, query.rows) {
        (Some(row), Some(ids)) => Cond::all().add(Expr::cust(row).is_in(ids.iter().copied())),
        _ => Cond::all(),
    }
}

/// The cells from the rollups per company and level, where the query can be answered from
/// them: no batch, trainee or date narrows it, its rows are companies, levels or one total,
/// and (without columns) it counts distinct trainees only over all levels.
fn company_level_statement(reader: &Reader, query: &CellQuery<'_>) -> Option<SelectStatement> {
    let filter = query.filter;
    let narrowed = filter.batch.is_some() || filter.user.is_some() || filter.from.is_some() || filter.to.is_some();
    let some_levels_trainees = query.split == Split::None && query.group != Group::Level && query.levels.is_some();
    if narrowed || some_levels_trainees || matches!(reader, Reader::Trainee(_)) {
        return None;
    }
    let row = match query.group {
        Group::All => None,
        Group::Company => Some("c.company_id"),
        Group::Level => Some("c.level_id"),
        Group::Batch | Group::Trainee => return None,
    };
    let (split, column) = match query.split {
        Split::None => ("", None),
        Split::Level => ("", Some("c.level_id")),
        Split::Difficulty => ("difficulty", Some("c.difficulty")),
        Split::Approach => ("approach", Some("c.item")),
        Split::Skill => ("skill", Some("c.item")),
    };
    let column = column.filter(|_| !query.rows_only);
    let c = |column: &str| Expr::col((Alias::new("c"), Alias::new(column)));
    let results = format!("{}_results", filter.pick.as_str());
    let mut cond = Cond::all().add(c("split").eq(split)).add(c(&results).gt(0));
    if let Reader::Companies(own) = reader {
        cond = cond.add(c("company_id").is_in(own.iter().map(|c| c.as_uuid())));
    }
    if let Some(company) = filter.company {
        cond = cond.add(c("company_id").eq(company.as_uuid()));
    }
    if let Some(levels) = query.levels {
        cond = cond.add(c("level_id").is_in(levels.iter().map(|l| l.as_uuid())));
    }
    let mut select = Query::select();
    select.from_as(company_level_rollups::Entity, Alias::new("c"));
    // One result per trainee at a level; across levels, `company_results` counts them.
    rollup_cells(&mut select, "c", filter.pick, row, column, &format!("CAST(SUM(c.{results}) AS BIGINT)"));
    select.cond_where(cond.add(only_rows(row, query)));
    Some(select)
}

/// A rollup's (alias `a`) cells in `pick`, grouped by `row` and `column`, its trainees counted
/// by `trainees`.
fn rollup_cells(
    select: &mut SelectStatement,
    a: &str,
    pick: Pick,
    row: Option<&str>,
    column: Option<&str>,
    trainees: &str,
) {
    let p = format!("{a}.{}", pick.as_str());
    for (name, expr) in [("row_id", row), ("column_key", column)] {
        if let Some(expr) = expr {
            select.expr_as(Expr::cust(expr.to_owned()), Alias::new(name)).add_group_by([Expr::cust(expr.to_owned())]);
        }
    }
    select
        .expr_as(Expr::cust(format!("CAST(SUM({p}_results) AS BIGINT)")), Alias::new("results"))
        .expr_as(Expr::cust(trainees.to_owned()), Alias::new("trainees"))
        .expr_as(Expr::cust(format!("CAST(SUM({a}.attempts) AS BIGINT)")), Alias::new("attempts"))
        .expr_as(Expr::cust(format!("CAST(SUM({p}_score) AS DOUBLE PRECISION)")), Alias::new("score"))
        .expr_as(Expr::cust(format!("CAST(SUM({p}_max) AS DOUBLE PRECISION)")), Alias::new("max"))
        .expr_as(Expr::cust(format!("CAST(MAX({p}_highest) AS DOUBLE PRECISION)")), Alias::new("best"))
        .expr_as(Expr::cust(format!("MAX({a}.last_played)")), Alias::new("last_played"));
}

/// The cells from the rollups per trainee, where the query can be answered from them: no
/// level, chapter or date narrows it, and its rows and columns are not levels.
fn trainee_statement(reader: &Reader, query: &CellQuery<'_>) -> Option<SelectStatement> {
    let filter = query.filter;
    if filter.from.is_some() || filter.to.is_some() || query.levels.is_some() {
        return None;
    }
    let (split, column) = match query.split {
        Split::None => ("", None),
        Split::Difficulty => ("difficulty", Some("t.difficulty")),
        Split::Approach => ("approach", Some("t.item")),
        Split::Skill => ("skill", Some("t.item")),
        Split::Level => return None,
    };
    let column = column.filter(|_| !query.rows_only);
    let mut select = Query::select();
    select.from_as(trainee_rollups::Entity, Alias::new("t"));
    let row = match query.group {
        Group::All => None,
        Group::Company => Some("t.company_id"),
        Group::Trainee => Some("t.user_id"),
        Group::Batch => {
            select.join_as(
                sea_orm::JoinType::InnerJoin,
                batch_members::Entity,
                Alias::new("bm"),
                Expr::col((Alias::new("bm"), batch_members::Column::UserId))
                    .equals((Alias::new("t"), Alias::new("user_id"))),
            );
            Some("bm.batch_id")
        }
        Group::Level => return None,
    };
    let t = |column: &str| Expr::col((Alias::new("t"), Alias::new(column)));
    let results = format!("{}_results", filter.pick.as_str());
    let mut cond = Cond::all().add(t("split").eq(split)).add(t(&results).gt(0));
    match reader {
        Reader::All => {}
        Reader::Companies(own) => cond = cond.add(t("company_id").is_in(own.iter().map(|c| c.as_uuid()))),
        Reader::Trainee(user) => cond = cond.add(t("user_id").eq(user.as_uuid())),
    }
    if let Some(company) = filter.company {
        cond = cond.add(t("company_id").eq(company.as_uuid()));
    }
    if let Some(user) = filter.user {
        cond = cond.add(t("user_id").eq(user.as_uuid()));
    }
    if let Some(batch) = filter.batch {
        cond = cond.add(t("user_id").in_subquery(members_of(batch)));
        if query.group == Group::Batch {
            cond = cond.add(Expr::col((Alias::new("bm"), batch_members::Column::BatchId)).eq(batch.as_uuid()));
        }
    }
    rollup_cells(&mut select, "t", filter.pick, row, column, "COUNT(DISTINCT t.user_id)");
    select.cond_where(cond.add(only_rows(row, query)));
    Some(select)
}

impl Store {
    /// The trainees who played, per company the reader sees (and the filter names).
    async fn trainees_per_company(&self, reader: &Reader, filter: &Filter) -> anyhow::Result<HashMap<Uuid, u64>> {
        let mut query = company_results::Entity::find();
        if let Reader::Companies(own) = reader {
            query = query.filter(company_results::Column::CompanyId.is_in(own.iter().map(|c| c.as_uuid())));
        }
        if let Some(company) = filter.company {
            query = query.filter(company_results::Column::CompanyId.eq(company.as_uuid()));
        }
        query.all(&self.db).await?.into_iter().map(|row| Ok((row.company_id, u64::try_from(row.trainees)?))).collect()
    }
}

impl ReportStore for Store {
    async fn as_of(&self, reader: &Reader, filter: &Filter) -> anyhow::Result<Option<OffsetDateTime>> {
        super::fold::oldest_queued(&self.db, reader, filter).await
    }

    async fn cells(&self, reader: &Reader, query: &CellQuery<'_>) -> anyhow::Result<Vec<Cell>> {
        // The fewest rows that answer: per company and level, per trainee, per result.
        let per_company_level = company_level_statement(reader, query);
        let trainees = match (&per_company_level, query.split, query.group) {
            (Some(_), Split::None, Group::Company | Group::All) => {
                Some(self.trainees_per_company(reader, query.filter).await?)
            }
            _ => None,
        };
        let statement = per_company_level
            .or_else(|| trainee_statement(reader, query))
            .unwrap_or_else(|| cells_statement(reader, query, self.db.get_database_backend()));
        let keyed_by_text = query.split == Split::Difficulty;
        let mut cells = Vec::new();
        for row in self.db.query_all(&statement).await? {
            // A rollup's sums over no rows are NULL.
            let results = u64::try_from(row.try_get::<Option<i64>>("", "results")?.unwrap_or(0))?;
            if results == 0 {
                // Only an ungrouped aggregate answers a row for nothing.
                continue;
            }
            let column = match query.split_into_columns() {
                false => None,
                true if keyed_by_text => Some(row.try_get::<String>("", "column_key")?),
                true => Some(row.try_get::<Uuid>("", "column_key")?.to_string()),
            };
            let id = if query.group == Group::All { Uuid::nil() } else { row.try_get("", "row_id")? };
            let counted = u64::try_from(row.try_get::<i64>("", "trainees")?)?;
            cells.push(Cell {
                row: id,
                column,
                results,
                trainees: match &trainees {
                    Some(per_company) if query.group == Group::All => per_company.values().sum(),
                    Some(per_company) => per_company.get(&id).copied().unwrap_or_default(),
                    None => counted,
                },
                attempts: u64::try_from(row.try_get::<i64>("", "attempts")?)?,
                score: row.try_get("", "score")?,
                max: row.try_get("", "max")?,
                best: row.try_get("", "best")?,
                last_played: row.try_get("", "last_played")?,
            });
        }
        Ok(cells)
    }

    async fn row_names(&self, reader: &Reader, group: Group, ids: &[Uuid]) -> anyhow::Result<HashMap<Uuid, String>> {
        if matches!(group, Group::All | Group::Level) {
            anyhow::bail!("{group:?} rows are named by the service");
        }
        let mut names = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(10_000) {
            let found: Vec<(Uuid, String)> = match group {
                Group::Company => {
                    let mut q = companies::Entity::find()
                        .select_only()
                        .columns([companies::Column::Id, companies::Column::Name])
                        .filter(companies::Column::Id.is_in(chunk.iter().copied()));
                    if let Reader::Companies(own) = reader {
                        q = q.filter(companies::Column::Id.is_in(own.iter().map(|c| c.as_uuid())));
                    }
                    q.into_tuple().all(&self.db).await?
                }
                Group::Batch => {
                    let mut q = batches::Entity::find()
                        .select_only()
                        .columns([batches::Column::Id, batches::Column::Name])
                        .filter(batches::Column::Id.is_in(chunk.iter().copied()));
                    if let Reader::Companies(own) = reader {
                        q = q.filter(batches::Column::CompanyId.is_in(own.iter().map(|c| c.as_uuid())));
                    }
                    q.into_tuple().all(&self.db).await?
                }
                Group::Trainee => {
                    users::Entity::find()
                        .select_only()
                        .columns([users::Column::Id, users::Column::Name])
                        .filter(users::Column::Id.is_in(chunk.iter().copied()))
                        .into_tuple()
                        .all(&self.db)
                        .await?
                }
                Group::Level | Group::All => Vec::new(),
            };
            names.extend(found);
        }
        Ok(names)
    }

    async fn people(&self, reader: &Reader, group: Group, filter: &Filter) -> anyhow::Result<HashMap<Uuid, String>> {
        // Each condition narrows to the companies, batches or trainees a reader or filter names.
        let trainee_of = |user: UserId| {
            Query::select()
                .column(users::Column::CompanyId)
                .from(users::Entity)
                .and_where(users::Column::Id.eq(user.as_uuid()))
                .take()
        };
        let batches_of = |user: UserId| {
            Query::select()
                .column(batch_members::Column::BatchId)
                .from(batch_members::Entity)
                .and_where(batch_members::Column::UserId.eq(user.as_uuid()))
                .take()
        };
        let companies: Option<Vec<Uuid>> = match reader {
            Reader::All => None,
            Reader::Companies(own) => Some(own.iter().map(|c| c.as_uuid()).collect()),
            Reader::Trainee(_) => Some(Vec::new()),
        };
        let found: Vec<(Uuid, String)> = match group {
            Group::Company => {
                let mut q =
                    companies::Entity::find().select_only().columns([companies::Column::Id, companies::Column::Name]);
                if let Some(own) = companies {
                    q = q.filter(companies::Column::Id.is_in(own));
                }
                if let Some(company) = filter.company {
                    q = q.filter(companies::Column::Id.eq(company.as_uuid()));
                }
                if let Some(batch) = filter.batch {
                    let of_batch = Query::select()
                        .column(batches::Column::CompanyId)
                        .from(batches::Entity)
                        .and_where(batches::Column::Id.eq(batch.as_uuid()))
                        .take();
                    q = q.filter(companies::Column::Id.in_subquery(of_batch));
                }
                if let Some(user) = filter.user {
                    q = q.filter(companies::Column::Id.in_subquery(trainee_of(user)));
                }
                q.into_tuple().all(&self.db).await?
            }
            Group::Batch => {
                let mut q = batches::Entity::find().select_only().columns([batches::Column::Id, batches::Column::Name]);
                if let Some(own) = companies {
                    q = q.filter(batches::Column::CompanyId.is_in(own));
                }
                if let Some(company) = filter.company {
                    q = q.filter(batches::Column::CompanyId.eq(company.as_uuid()));
                }
                if let Some(batch) = filter.batch {
                    q = q.filter(batches::Column::Id.eq(batch.as_uuid()));
                }
                if let Some(user) = filter.user {
                    q = q.filter(batches::Column::Id.in_subquery(batches_of(user)));
                }
                q.into_tuple().all(&self.db).await?
            }
            Group::Trainee => {
                let mut q = users::Entity::find()
                    .select_only()
                    .columns([users::Column::Id, users::Column::Name])
                    .filter(users::Column::Role.eq(kernel::Role::User.as_str()))
                    .filter(users::Column::Status.ne("disabled"));
                if let Some(own) = companies {
                    q = q.filter(users::Column::CompanyId.is_in(own));
                }
                if let Some(company) = filter.company {
                    q = q.filter(users::Column::CompanyId.eq(company.as_uuid()));
                }
                if let Some(batch) = filter.batch {
                    q = q.filter(users::Column::Id.in_subquery(members_of(batch)));
                }
                if let Some(user) = filter.user {
                    q = q.filter(users::Column::Id.eq(user.as_uuid()));
                }
                q.into_tuple().all(&self.db).await?
            }
            Group::Level | Group::All => Vec::new(),
        };
        Ok(found.into_iter().collect())
    }

    async fn weekly_scores(
        &self,
        reader: &Reader,
        group: Group,
        weeks: &[time::Date],
    ) -> anyhow::Result<Vec<WeekScore>> {
        use attempts::Column as A;
        let (Some(first), Some(last)) = (weeks.first(), weeks.last()) else { return Ok(Vec::new()) };
        let backend = self.db.get_database_backend();
        let days = Filter { from: Some(*first), to: Some(*last + time::Duration::days(6)), ..Filter::default() };
        // An attempt's week is the latest one it was completed on or after the start of; the
        // days' condition keeps those before the first out.
        let mut week = CaseStatement::new();
        for (index, start) in weeks.iter().enumerate().rev() {
            week = week.case(
                Expr::col((attempts::Entity, A::CompletedAt)).gte(day_start(backend, *start)),
                i64::try_from(index)?,
            );
        }
        let mut select = Query::select();
        select
            .from(attempts::Entity)
            .expr_as(week.finally(0), Alias::new("week"))
            .expr_as(Expr::cust("CAST(SUM(attempts.score) AS DOUBLE PRECISION)"), Alias::new("score"))
            .expr_as(Expr::cust("CAST(SUM(attempts.max_score) AS DOUBLE PRECISION)"), Alias::new("max"))
            .cond_where(attempt_conditions(reader, &days, None, backend))
            // By the output column: its CASE binds new parameters wherever it is written.
            .add_group_by([Expr::cust("week")]);
        let row = match group {
            Group::All => None,
            Group::Company => Some(Expr::col((attempts::Entity, A::CompanyId))),
            Group::Batch => {
                select.join_as(
                    sea_orm::JoinType::InnerJoin,
                    batch_members::Entity,
                    Alias::new("bm"),
                    Expr::col((Alias::new("bm"), batch_members::Column::UserId)).equals((attempts::Entity, A::UserId)),
                );
                Some(Expr::col((Alias::new("bm"), batch_members::Column::BatchId)))
            }
            Group::Trainee | Group::Level => anyhow::bail!("weekly scores are per company or batch, or of everything"),
        };
        if let Some(row) = row {
            select.expr_as(row.clone(), Alias::new("row_id")).add_group_by([row]);
        }
        let mut scores = Vec::new();
        for found in self.db.query_all(&select).await? {
            scores.push(WeekScore {
                row: if group == Group::All { Uuid::nil() } else { found.try_get("", "row_id")? },
                week: usize::try_from(found.try_get::<i64>("", "week")?)?,
                score: found.try_get::<Option<f64>>("", "score")?.unwrap_or_default(),
                max: found.try_get::<Option<f64>>("", "max")?.unwrap_or_default(),
            });
        }
        Ok(scores)
    }

    async fn members(&self, reader: &Reader, group: Group) -> anyhow::Result<Vec<Member>> {
        let own = match reader {
            Reader::All => None,
            Reader::Companies(own) => Some(own.iter().map(|c| c.as_uuid()).collect::<Vec<_>>()),
            Reader::Trainee(_) => return Ok(Vec::new()),
        };
        let mut q = users::Entity::find()
            .select_only()
            .filter(users::Column::Role.eq(kernel::Role::User.as_str()))
            .filter(users::Column::Status.ne("disabled"));
        if let Some(own) = own {
            q = q.filter(users::Column::CompanyId.is_in(own));
        }
        q = match group {
            Group::Company => q.column(users::Column::CompanyId).filter(users::Column::CompanyId.is_not_null()),
            Group::Batch => q
                .join_rev(sea_orm::JoinType::InnerJoin, batch_members::Relation::User.def())
                .column(batch_members::Column::BatchId),
            Group::Trainee | Group::Level | Group::All => anyhow::bail!("members are of companies or batches"),
        };
        let found: Vec<(Uuid, Uuid, String, String)> = q
            .columns([users::Column::Id, users::Column::Name, users::Column::Email])
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(found.into_iter().map(|(row, trainee, name, email)| Member { row, trainee, name, email }).collect())
    }

    async fn attempts(
        &self,
        reader: &Reader,
        filter: &Filter,
        levels: Option<&[LevelId]>,
        page: &PageRequest,
    ) -> anyhow::Result<Page<AttemptLine>> {
        let cond = attempt_conditions(reader, filter, levels, self.db.get_database_backend());
        // Counting a provider's millions of attempts takes long; the rollups know how many.
        let per_level =
            CellQuery { group: Group::Level, split: Split::None, filter, levels, rows: None, rows_only: false };
        let total = match company_level_statement(reader, &per_level) {
            Some(rollup) => {
                let mut total = 0;
                for row in self.db.query_all(&rollup).await? {
                    total += u64::try_from(row.try_get::<i64>("", "attempts")?)?;
                }
                total
            }
            None => attempts::Entity::find().filter(cond.clone()).count(&self.db).await?,
        };
        let sort = AttemptSort::of(page.sort.as_ref());
        let rows = sort
            .order(attempts::Entity::find().filter(cond), self.members_first(filter))
            .offset(page.offset())
            .limit(page.per_page());
        let items = self.lines(rows.all(&self.db).await?).await?;
        Ok(Page { items, total, page: page.page(), per_page: page.per_page() })
    }

    async fn attempts_after(
        &self,
        reader: &Reader,
        filter: &Filter,
        levels: Option<&[LevelId]>,
        sort: Option<&(String, SortDirection)>,
        after: Option<&AttemptLine>,
        limit: u64,
    ) -> anyhow::Result<Vec<AttemptLine>> {
        let sort = AttemptSort::of(sort);
        let mut cond = attempt_conditions(reader, filter, levels, self.db.get_database_backend());
        if let Some(last) = after {
            cond = cond.add(sort.beyond(last));
        }
        let rows = sort.order(attempts::Entity::find().filter(cond), self.members_first(filter)).limit(limit);
        self.lines(rows.all(&self.db).await?).await
    }
}

impl Store {
    /// Whether attempts are best read by the batch's trainees first ([`AttemptSort::order`]).
    fn members_first(&self, filter: &Filter) -> bool {
        filter.batch.is_some()
            && filter.user.is_none()
            && self.db.get_database_backend() == sea_orm::DbBackend::Postgres
    }

    /// Attempts as the attempts view lists them, with their trainees' names.
    async fn lines(&self, rows: Vec<attempts::Model>) -> anyhow::Result<Vec<AttemptLine>> {
        let trainees: HashMap<Uuid, String> = users::Entity::find()
            .select_only()
            .columns([users::Column::Id, users::Column::Name])
            .filter(users::Column::Id.is_in(rows.iter().map(|a| a.user_id)))
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        rows.into_iter()
            .map(|a| {
                Ok(AttemptLine {
                    id: a.id.into(),
                    trainee: a.user_id.into(),
                    trainee_name: trainees.get(&a.user_id).cloned().unwrap_or_default(),
                    level: a.level_id.into(),
                    difficulty: Difficulty::parse(&a.difficulty)
                        .ok_or_else(|| anyhow::anyhow!("attempt {} has difficulty {:?}", a.id, a.difficulty))?,
                    approach: a.approach_id.into(),
                    score: u32::try_from(a.score)?,
                    max_score: u32::try_from(a.max_score)?,
                    duration_seconds: u32::try_from(a.duration_seconds)?,
                    completed_at: a.completed_at,
                })
            })
            .collect()
    }
}

/// The reader's scope and the filter on `attempts`.
fn attempt_conditions(reader: &Reader, filter: &Filter, levels: Option<&[LevelId]>, backend: DbBackend) -> Cond {
    use attempts::Column as A;
    let mut cond = Cond::all();
    match reader {
        Reader::All => {}
        Reader::Companies(own) => cond = cond.add(A::CompanyId.is_in(own.iter().map(|c| c.as_uuid()))),
        Reader::Trainee(user) => cond = cond.add(A::UserId.eq(user.as_uuid())),
    }
    if let Some(company) = filter.company {
        cond = cond.add(A::CompanyId.eq(company.as_uuid()));
    }
    if let Some(user) = filter.user {
        cond = cond.add(A::UserId.eq(user.as_uuid()));
    }
    if let Some(batch) = filter.batch {
        cond = cond.add(A::UserId.in_subquery(members_of(batch)));
    }
    if let Some(levels) = levels {
        cond = cond.add(A::LevelId.is_in(levels.iter().map(|l| l.as_uuid())));
    }
    let (from, until) = day_bounds(backend, filter);
    if let Some(from) = from {
        cond = cond.add(A::CompletedAt.gte(from));
    }
    if let Some(until) = until {
        cond = cond.add(A::CompletedAt.lt(until));
    }
    cond
}

/// An attempt's share of its maximum as a double on both databases, as Rust divides it, so
/// that the keyset compares exactly what the order sorts by.
const PERCENT: &str = "CAST(attempts.score AS DOUBLE PRECISION) / attempts.max_score";

/// The order of the attempts view: by a key (newest first by default), ties by id, so that an
/// export can go on after its last line (keyset) however many attempts arrive meanwhile.
#[derive(Clone, Copy)]
struct AttemptSort {
    key: SortKey,
    descending: bool,
}

#[derive(Clone, Copy)]
enum SortKey {
    CompletedAt,
    Score,
    Percent,
    Duration,
}

impl AttemptSort {
    fn of(sort: Option<&(String, SortDirection)>) -> Self {
        let Some((key, direction)) = sort else {
            return Self { key: SortKey::CompletedAt, descending: true };
        };
        let key = match key.as_str() {
            "score" => SortKey::Score,
            "percent" => SortKey::Percent,
            "duration" => SortKey::Duration,
            _ => SortKey::CompletedAt,
        };
        Self { key, descending: *direction == SortDirection::Desc }
    }

    /// Orders `query`; `members_first` keeps PostgreSQL from walking the completion index.
    ///
    /// A batch's trainees are a few thousandths of a provider's attempts. PostgreSQL, asked
    /// for them newest first, walks the whole completion index backwards past everyone else's
    /// (645 ms at 10,000,000 attempts); ordered by an expression, it reads the members'
    /// attempts by trainee and sorts those (10–20 ms).
    fn order(self, query: sea_orm::Select<attempts::Entity>, members_first: bool) -> sea_orm::Select<attempts::Entity> {
        use attempts::Column as A;
        let order = if self.descending { Order::Desc } else { Order::Asc };
        let query = match self.key {
            SortKey::Score => query.order_by(A::Score, order.clone()),
            SortKey::Percent => query.order_by(Expr::cust(PERCENT), order.clone()),
            SortKey::Duration => query.order_by(A::DurationSeconds, order.clone()),
            SortKey::CompletedAt if members_first => {
                query.order_by(Expr::cust("attempts.completed_at + INTERVAL '0 seconds'"), order.clone())
            }
            SortKey::CompletedAt => query.order_by(A::CompletedAt, order.clone()),
        };
        query.order_by(A::Id, order)
    }

    /// The attempts after `last` in this order.
    fn beyond(self, last: &AttemptLine) -> Cond {
        use attempts::Column as A;
        let (key, value): (Expr, sea_orm::Value) = match self.key {
            SortKey::Score => (Expr::col((attempts::Entity, A::Score)), i64::from(last.score).into()),
            SortKey::Duration => {
                (Expr::col((attempts::Entity, A::DurationSeconds)), i64::from(last.duration_seconds).into())
            }
            SortKey::CompletedAt => (Expr::col((attempts::Entity, A::CompletedAt)), last.completed_at.into()),
            SortKey::Percent => (Expr::cust(PERCENT), (f64::from(last.score) / f64::from(last.max_score)).into()),
        };
        let id = Expr::col((attempts::Entity, A::Id));
        let (op, or_equal) = if self.descending {
            (BinOper::SmallerThan, BinOper::SmallerThanOrEqual)
        } else {
            (BinOper::GreaterThan, BinOper::GreaterThanOrEqual)
        };
        // The plain bound lets the database start its index scan at the last line instead of
        // walking past every line already sent (which made each chunk slower than the last).
        Cond::all().add(key.clone().binary(or_equal, value.clone())).add(
            Cond::any()
                .add(key.clone().binary(op, value.clone()))
                .add(Cond::all().add(key.eq(value)).add(id.binary(op, last.id.as_uuid()))),
        )
    }
}
