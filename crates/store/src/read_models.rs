//! The [`ReadModels`] query port: the dashboard's counts and the audit log, filtered by scope.

use std::collections::HashMap;

use app::{
    AuditEntry, AuditFilter, Backlog, CompanyActivity, DashboardCounts, ExpiringLicence, InactiveTrainee, PoolUse,
    ReadModels, SeatCounts,
};
use identity::{EulaDocument, EulaRepository};
use kernel::{Page, PageRequest, Scope};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select,
    Statement,
    prelude::{Expr, Uuid},
    sea_query::{ExprTrait, Query},
};
use time::{Date, Duration, OffsetDateTime};

use crate::{
    Backend, Store,
    db::Db,
    entities::{
        api_clients, attempts, audit_events, batches, companies, countries, game_apps, industries, level_results,
        licence_allocations, seats, users,
    },
    listing::{contains, search_term},
};

#[async_trait::async_trait]
impl ReadModels for Store {
    async fn dashboard(&self, scope: Scope, now: OffsetDateTime) -> anyhow::Result<DashboardCounts> {
        let (company, user) = match scope {
            Scope::All => (None, None),
            Scope::Company(company) => (Some(company.as_uuid()), None),
            Scope::User { user, company } => (Some(company.as_uuid()), Some(user.as_uuid())),
        };
        let mut company_rows = companies::Entity::find();
        let mut batch_rows = batches::Entity::find();
        let mut trainee_rows = users::Entity::find().filter(users::Column::Role.eq(kernel::Role::User.as_str()));
        let mut attempt_rows = attempts::Entity::find();
        if let Some(company) = company {
            company_rows = company_rows.filter(companies::Column::Id.eq(company));
            batch_rows = batch_rows.filter(batches::Column::CompanyId.eq(company));
            trainee_rows = trainee_rows.filter(users::Column::CompanyId.eq(company));
            attempt_rows = attempt_rows.filter(attempts::Column::CompanyId.eq(company));
        }
        if let Some(user) = user {
            trainee_rows = trainee_rows.filter(users::Column::Id.eq(user));
            attempt_rows = attempt_rows.filter(attempts::Column::UserId.eq(user));
        }
        let levels_played = attempt_rows
            .clone()
            .select_only()
            .column_as(Expr::col(attempts::Column::LevelId).count_distinct(), "n")
            .into_tuple::<i64>()
            .one(&self.db)
            .await?
            .unwrap_or(0);
        let this_week = attempt_rows
            .clone()
            .filter(attempts::Column::CompletedAt.gte(now - Duration::days(7)))
            .count(&self.db)
            .await?;
        let (seats, expiring) = self.seat_counts(company, user, now.date()).await?;
        Ok(DashboardCounts {
            companies: company_rows.count(&self.db).await?,
            batches: batch_rows.count(&self.db).await?,
            trainees: trainee_rows.count(&self.db).await?,
            attempts: attempt_rows.count(&self.db).await?,
            levels_played: u64::try_from(levels_played)?,
            // A trainee's licence runs until their own seat's expiry.
            licence_valid_until: user.and(seats.next_expiry),
            seats,
            attempts_this_week: this_week,
            expiring: if user.is_some() { Vec::new() } else { expiring },
            activity: if scope == Scope::All { self.activity(now).await? } else { Vec::new() },
            inactive: match scope {
                Scope::Company(company) => self.inactive(company.as_uuid(), now).await?,
                _ => Vec::new(),
            },
        })
    }

    async fn audit_events(
        &self,
        scope: Scope,
        page: &PageRequest,
        filter: &AuditFilter,
    ) -> anyhow::Result<Page<AuditEntry>> {
        let mut query: Select<audit_events::Entity> = audit_events::Entity::find();
        match scope {
            Scope::All => {}
            Scope::Company(company) => query = query.filter(audit_events::Column::CompanyId.eq(company.as_uuid())),
            Scope::User { .. } => query = query.filter(Expr::val(false)),
        }
        if let Some(action) = &filter.action {
            query = query.filter(audit_events::Column::Action.eq(action.as_str()));
        }
        if let Some(target_type) = &filter.target_type {
            query = query.filter(audit_events::Column::TargetType.eq(target_type));
        }
        if let Some(target_id) = &filter.target_id {
            query = query.filter(audit_events::Column::TargetId.eq(target_id));
        }
        if let Some(actor) = filter.actor {
            query = query.filter(audit_events::Column::ActorId.eq(actor));
        }
        if let Some(search) = search_term(filter.actor_search.as_ref()) {
            let actors = Query::select()
                .column(users::Column::Id)
                .from(users::Entity)
                .and_where(contains(users::Column::Name, search).or(contains(users::Column::Email, search)))
                .take();
            query = query.filter(audit_events::Column::ActorId.in_subquery(actors));
        }
        if let Some(company) = filter.company {
            query = query.filter(audit_events::Column::CompanyId.eq(company));
        }
        if let Some(from) = filter.from {
            query = query.filter(audit_events::Column::At.gte(from));
        }
        if let Some(until) = filter.until {
            query = query.filter(audit_events::Column::At.lt(until));
        }
        let paginator = query
            .order_by_desc(audit_events::Column::At)
            .order_by_desc(audit_events::Column::Id)
            .paginate(&self.db, page.per_page());
        let total = paginator.num_items().await?;
        let rows = paginator.fetch_page(page.page() - 1).await?;
        let names = self.audit_names(&rows).await?;
        let name_of = |kind: &str, id: Option<Uuid>| id.and_then(|id| names.get(&(kind.to_owned(), id)).cloned());
        Ok(Page {
            items: rows
                .into_iter()
                .map(|r| {
                    let target = r.target_id.as_deref().and_then(|id| id.parse::<Uuid>().ok());
                    AuditEntry {
                        id: r.id,
                        at: r.at,
                        actor_name: name_of("user", r.actor_id),
                        actor_id: r.actor_id,
                        action: r.action,
                        target_name: name_of(&r.target_type, target),
                        target_type: r.target_type,
                        target_id: r.target_id,
                        company_id: r.company_id,
                        details: r.details,
                        ip: r.ip,
                    }
                })
                .collect(),
            total,
            page: page.page(),
            per_page: page.per_page(),
        })
    }

    async fn current_eula(&self, locale: &str) -> anyhow::Result<Option<EulaDocument>> {
        EulaRepository::current_eula(self, locale).await
    }

    async fn ping(&self) -> anyhow::Result<()> {
        Ok(Self::ping(self).await?)
    }

    fn database(&self) -> &'static str {
        match self.backend() {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    async fn backlog(&self, now: OffsetDateTime) -> anyhow::Result<Backlog> {
        let waiting = |table: &str, since: &str, filter: &str| {
            let sql = format!("SELECT COUNT(*), MIN({since}) FROM {table} {filter}");
            Statement::from_string(self.db.get_database_backend(), sql)
        };
        let mut counts = [(0_i64, 0.0_f64); 2];
        let statements = [
            waiting("mail_outbox", "created_at", "WHERE sent_at IS NULL AND abandoned_at IS NULL"),
            waiting("fold_queue", "queued_at", ""),
        ];
        for (statement, count) in statements.into_iter().zip(&mut counts) {
            if let Some(row) = self.db.query_one_raw(statement).await? {
                let oldest: Option<OffsetDateTime> = row.try_get_by_index(1)?;
                *count = (row.try_get_by_index(0)?, oldest.map_or(0.0, |at| (now - at).as_seconds_f64().max(0.0)));
            }
        }
        let [(mails, oldest_mail_seconds), (attempts, oldest_attempt_seconds)] = counts;
        Ok(Backlog { mails, oldest_mail_seconds, attempts, oldest_attempt_seconds })
    }

    fn pool(&self) -> PoolUse {
        match &self.db {
            Db::Pool(pool) => match pool.get_database_backend() {
                DbBackend::Postgres => {
                    let pool = pool.get_postgres_connection_pool();
                    PoolUse { open: pool.size(), idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX) }
                }
                _ => {
                    let pool = pool.get_sqlite_connection_pool();
                    PoolUse { open: pool.size(), idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX) }
                }
            },
            Db::Transaction(_) => PoolUse::default(),
        }
    }
}

impl Store {
    /// The names of every actor and named target on one page of events: one query per kind
    /// of record, not one per event.
    async fn audit_names(&self, rows: &[audit_events::Model]) -> anyhow::Result<HashMap<(String, Uuid), String>> {
        let mut wanted: HashMap<&str, Vec<Uuid>> = HashMap::new();
        for row in rows {
            wanted.entry("user").or_default().extend(row.actor_id);
            if let Some(id) = row.target_id.as_deref().and_then(|id| id.parse::<Uuid>().ok()) {
                wanted.entry(row.target_type.as_str()).or_default().push(id);
            }
        }
        let mut names = HashMap::new();
        for (kind, ids) in wanted {
            let found: Vec<(Uuid, String)> = match kind {
                "user" => named::<users::Entity>(&self.db, users::Column::Id, users::Column::Name, ids).await?,
                "company" => {
                    named::<companies::Entity>(&self.db, companies::Column::Id, companies::Column::Name, ids).await?
                }
                "batch" => named::<batches::Entity>(&self.db, batches::Column::Id, batches::Column::Name, ids).await?,
                "country" => {
                    named::<countries::Entity>(&self.db, countries::Column::Id, countries::Column::Name, ids).await?
                }
                "industry" => {
                    named::<industries::Entity>(&self.db, industries::Column::Id, industries::Column::Name, ids).await?
                }
                "game_app" => {
                    named::<game_apps::Entity>(&self.db, game_apps::Column::Id, game_apps::Column::Name, ids).await?
                }
                "api_client" => {
                    named::<api_clients::Entity>(&self.db, api_clients::Column::Id, api_clients::Column::Name, ids)
                        .await?
                }
                // A connection is its company's: named after it.
                "sso_connection" => {
                    named::<companies::Entity>(&self.db, companies::Column::Id, companies::Column::Name, ids).await?
                }
                _ => Vec::new(),
            };
            names.extend(found.into_iter().map(|(id, name)| ((kind.to_owned(), id), name)));
        }
        Ok(names)
    }
}

/// `(id, name)` of the rows of `E` with these ids.
async fn named<E: EntityTrait>(
    db: &crate::db::Db,
    id: E::Column,
    name: E::Column,
    ids: Vec<Uuid>,
) -> anyhow::Result<Vec<(Uuid, String)>> {
    Ok(E::find().select_only().column(id).column(name).filter(id.is_in(ids)).into_tuple().all(db).await?)
}

/// How long a trainee may play nothing before the dashboard names them.
const IDLE: Duration = Duration::days(14);
/// The most idle trainees the dashboard names.
const IDLE_SHOWN: usize = 100;

impl Store {
    /// Seats of the allocations running on `today`, of `company` (and held by `user`), and those
    /// allocations that end within 30 days.
    async fn seat_counts(
        &self,
        company: Option<Uuid>,
        user: Option<Uuid>,
        today: Date,
    ) -> anyhow::Result<(SeatCounts, Vec<ExpiringLicence>)> {
        let mut running = licence_allocations::Entity::find()
            .filter(licence_allocations::Column::ValidFrom.lte(today))
            .filter(licence_allocations::Column::ValidUntil.gte(today));
        if let Some(company) = company {
            running = running.filter(licence_allocations::Column::CompanyId.eq(company));
        }
        let allocations = running.all(&self.db).await?;
        let until: HashMap<Uuid, Date> = allocations.iter().map(|a| (a.id, a.valid_until)).collect();
        let mut live = seats::Entity::find()
            .filter(seats::Column::AllocationId.is_in(until.keys().copied()))
            .filter(seats::Column::RevokedAt.is_null())
            .filter(seats::Column::ReplacedAt.is_null());
        if let Some(user) = user {
            live = live.filter(seats::Column::UserId.eq(user));
        }
        let live = live.all(&self.db).await?;
        let soon = today + Duration::days(30);
        let expiring_days: Vec<Date> =
            live.iter().filter_map(|s| until.get(&s.allocation_id).copied()).filter(|day| *day <= soon).collect();
        let ending: Vec<&licence_allocations::Model> = allocations.iter().filter(|a| a.valid_until <= soon).collect();
        let names: HashMap<Uuid, String> = named::<companies::Entity>(
            &self.db,
            companies::Column::Id,
            companies::Column::Name,
            ending.iter().map(|a| a.company_id).collect(),
        )
        .await?
        .into_iter()
        .collect();
        let mut expiring: Vec<ExpiringLicence> = ending
            .into_iter()
            .map(|a| ExpiringLicence {
                allocation: a.id,
                company: a.company_id,
                company_name: names.get(&a.company_id).cloned().unwrap_or_default(),
                valid_until: a.valid_until,
                seats: u64::try_from(a.seats).unwrap_or(0),
                assigned: live.iter().filter(|s| s.allocation_id == a.id).count() as u64,
            })
            .collect();
        expiring.sort_by(|a, b| a.valid_until.cmp(&b.valid_until).then_with(|| a.company_name.cmp(&b.company_name)));
        let counts = SeatCounts {
            sold: allocations.iter().map(|a| u64::try_from(a.seats).unwrap_or(0)).sum(),
            assigned: live.len() as u64,
            activated: live.iter().filter(|s| s.activated_at.is_some()).count() as u64,
            expiring_soon: expiring_days.len() as u64,
            next_expiry: if user.is_some() {
                live.iter().filter_map(|s| until.get(&s.allocation_id).copied()).max()
            } else {
                expiring_days.into_iter().min()
            },
        };
        Ok((counts, expiring))
    }

    /// Every company with its attempts completed in the last 30 days, most first.
    async fn activity(&self, now: OffsetDateTime) -> anyhow::Result<Vec<CompanyActivity>> {
        let counts: HashMap<Uuid, i64> = attempts::Entity::find()
            .select_only()
            .column(attempts::Column::CompanyId)
            .column_as(Expr::col(attempts::Column::Id).count(), "n")
            .filter(attempts::Column::CompletedAt.gte(now - Duration::days(30)))
            .group_by(attempts::Column::CompanyId)
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let names: Vec<(Uuid, String)> = companies::Entity::find()
            .select_only()
            .columns([companies::Column::Id, companies::Column::Name])
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut activity: Vec<CompanyActivity> = names
            .into_iter()
            .map(|(company, name)| CompanyActivity {
                attempts: counts.get(&company).copied().map_or(0, |n| u64::try_from(n).unwrap_or(0)),
                company,
                name,
            })
            .collect();
        activity.sort_by(|a, b| b.attempts.cmp(&a.attempts).then_with(|| a.name.cmp(&b.name)));
        Ok(activity)
    }

    /// The company's trainees idle for [`IDLE`], never-played first, then longest idle.
    async fn inactive(&self, company: Uuid, now: OffsetDateTime) -> anyhow::Result<Vec<InactiveTrainee>> {
        let last: HashMap<Uuid, OffsetDateTime> = level_results::Entity::find()
            .select_only()
            .column(level_results::Column::UserId)
            .column_as(Expr::col(level_results::Column::LatestAt).max(), "last")
            .filter(level_results::Column::CompanyId.eq(company))
            .group_by(level_results::Column::UserId)
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let trainees: Vec<(Uuid, String, String)> = users::Entity::find()
            .select_only()
            .columns([users::Column::Id, users::Column::Name, users::Column::Email])
            .filter(users::Column::CompanyId.eq(company))
            .filter(users::Column::Role.eq(kernel::Role::User.as_str()))
            .filter(users::Column::Status.ne("disabled"))
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut idle: Vec<InactiveTrainee> = trainees
            .into_iter()
            .map(|(id, name, email)| InactiveTrainee { last_played: last.get(&id).copied(), id, name, email })
            .filter(|t| t.last_played.is_none_or(|at| at < now - IDLE))
            .collect();
        idle.sort_by(|a, b| a.last_played.cmp(&b.last_played).then_with(|| a.name.cmp(&b.name)));
        idle.truncate(IDLE_SHOWN);
        Ok(idle)
    }
}
