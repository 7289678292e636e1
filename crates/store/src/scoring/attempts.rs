//! Attempts: the [`scoring::AttemptStore`] port. A batch is written with a few multi-row
//! statements, the unique `(api_client_id, external_id)` index deciding which attempts are new.

use std::collections::{HashMap, HashSet};

use kernel::{ApiClientId, ApproachId, Email, LevelId, SeatId, SkillId, UserId};
use scoring::{
    Attempt, AttemptStore, ClientScope, Facts, LevelFacts, Recorded, SeatFacts, StoredStatement, TraineeFacts,
    reports::Earned,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TransactionTrait,
    sea_query::{CaseStatement, Expr, OnConflict, Query},
};
use time::{OffsetDateTime, Time, UtcOffset};
use uuid::Uuid;

use crate::{
    Store,
    entities::{
        approaches, attempt_skill_points as points, attempts, chapters, level_skills, levels, licence_allocations,
        seats, skills, users, xapi_statements,
    },
};

/// Rows per statement: under SQLite's 32,766 bound parameters, with 15 columns a row.
const ROWS_PER_STATEMENT: usize = 2_000;

fn uuids<T: Copy + Into<Uuid>>(ids: &[T]) -> Vec<Uuid> {
    ids.iter().map(|id| (*id).into()).collect()
}

impl AttemptStore for Store {
    async fn facts(
        &self,
        scope: &ClientScope,
        trainees: &[UserId],
        levels: &[LevelId],
        approaches: &[ApproachId],
        skills: &[SkillId],
    ) -> anyhow::Result<Facts> {
        let mut people = users::Entity::find()
            .select_only()
            .columns([users::Column::Id, users::Column::CompanyId])
            .filter(users::Column::Id.is_in(uuids(trainees)))
            .filter(users::Column::Role.eq(kernel::Role::User.as_str()));
        if let ClientScope::Companies(companies) = scope {
            people = people.filter(users::Column::CompanyId.is_in(uuids(companies)));
        }
        let people: Vec<(Uuid, Option<Uuid>)> = people.into_tuple().all(&self.db).await?;
        let mut facts = Facts::default();
        for (user, company) in &people {
            if let Some(company) = company {
                facts.trainees.insert((*user).into(), TraineeFacts { company: (*company).into(), seats: Vec::new() });
            }
        }
        let held = seats::Entity::find()
            .find_also_related(licence_allocations::Entity)
            .filter(seats::Column::UserId.is_in(people.iter().map(|(user, _)| *user)))
            .all(&self.db)
            .await?;
        for (seat, allocation) in held {
            let (Some(allocation), Some(trainee)) = (allocation, facts.trainees.get_mut(&seat.user_id.into())) else {
                continue;
            };
            let first_day = allocation.valid_from.with_time(Time::MIDNIGHT).assume_offset(UtcOffset::UTC);
            trainee.seats.push(SeatFacts {
                id: seat.id.into(),
                starts_at: seat.assigned_at.max(first_day),
                valid_until: allocation.valid_until,
                ended_at: match (seat.revoked_at, seat.replaced_at) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                },
                activated: seat.activated_at.is_some(),
            });
        }
        let level_rows = levels::Entity::find().filter(levels::Column::Id.is_in(uuids(levels))).all(&self.db).await?;
        let trained: Vec<(Uuid, Uuid, i32)> = level_skills::Entity::find()
            .select_only()
            .columns([level_skills::Column::LevelId, level_skills::Column::SkillId, level_skills::Column::MaxPoints])
            .filter(level_skills::Column::LevelId.is_in(uuids(levels)))
            .into_tuple()
            .all(&self.db)
            .await?;
        let numbers: HashMap<Uuid, i32> = chapters::Entity::find()
            .select_only()
            .columns([chapters::Column::Id, chapters::Column::Number])
            .filter(chapters::Column::Id.is_in(level_rows.iter().map(|level| level.chapter_id)))
            .into_tuple::<(Uuid, i32)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        for level in level_rows {
            let skills = trained
                .iter()
                .filter(|(l, ..)| *l == level.id)
                .map(|(_, skill, max)| Ok(((*skill).into(), u32::try_from(*max)?)))
                .collect::<anyhow::Result<_>>()?;
            let max_score = u32::try_from(level.max_score)?;
            let chapter = numbers.get(&level.chapter_id).copied().unwrap_or_default();
            let chapter = u16::try_from(chapter)?;
            facts
                .levels
                .insert(level.id.into(), LevelFacts { chapter, max_score, skills, retired_at: level.retired_at });
        }
        let known: Vec<Uuid> = approaches::Entity::find()
            .select_only()
            .column(approaches::Column::Id)
            .filter(approaches::Column::Id.is_in(uuids(approaches)))
            .into_tuple()
            .all(&self.db)
            .await?;
        facts.approaches = known.into_iter().map(Into::into).collect();
        let known: Vec<Uuid> = skills::Entity::find()
            .select_only()
            .column(skills::Column::Id)
            .filter(skills::Column::Id.is_in(uuids(skills)))
            .into_tuple()
            .all(&self.db)
            .await?;
        facts.skills = known.into_iter().map(Into::into).collect();
        Ok(facts)
    }

    async fn trainees_by_email(&self, scope: &ClientScope, emails: &[Email]) -> anyhow::Result<HashMap<Email, UserId>> {
        let mut people = users::Entity::find()
            .select_only()
            .columns([users::Column::Email, users::Column::Id])
            .filter(users::Column::Email.is_in(emails.iter().map(Email::as_str)))
            .filter(users::Column::Role.eq(kernel::Role::User.as_str()));
        if let ClientScope::Companies(companies) = scope {
            people = people.filter(users::Column::CompanyId.is_in(uuids(companies)));
        }
        let found: Vec<(String, Uuid)> = people.into_tuple().all(&self.db).await?;
        found.into_iter().map(|(email, id)| Ok((Email::parse(&email)?, id.into()))).collect()
    }

    async fn record(
        &self,
        client: ApiClientId,
        batch: &[(Attempt, Option<SeatId>)],
        keep: &(dyn Fn(&Recorded) -> bool + Sync),
    ) -> anyhow::Result<Recorded> {
        let tx = self.db.begin().await?;
        let mut recorded = Recorded::default();
        for chunk in batch.chunks(ROWS_PER_STATEMENT) {
            let mut insert = Query::insert();
            insert.into_table(attempts::Entity).columns([
                attempts::Column::Id,
                attempts::Column::ApiClientId,
                attempts::Column::ExternalId,
                attempts::Column::UserId,
                attempts::Column::CompanyId,
                attempts::Column::LevelId,
                attempts::Column::Difficulty,
                attempts::Column::ApproachId,
                attempts::Column::Score,
                attempts::Column::MaxScore,
                attempts::Column::DurationSeconds,
                attempts::Column::StartedAt,
                attempts::Column::CompletedAt,
                attempts::Column::ReceivedAt,
                attempts::Column::ContentHash,
            ]);
            for (attempt, _) in chunk {
                let r = &attempt.report;
                insert.values([
                    Expr::val(attempt.id.as_uuid()),
                    Expr::val(client.as_uuid()),
                    Expr::val(r.external_id.as_str()),
                    Expr::val(r.trainee.as_uuid()),
                    Expr::val(attempt.company.as_uuid()),
                    Expr::val(r.level.as_uuid()),
                    Expr::val(r.difficulty.as_str()),
                    Expr::val(r.approach.as_uuid()),
                    Expr::val(i64::from(r.score)),
                    Expr::val(i64::from(r.max_score)),
                    Expr::val(i64::from(r.duration_seconds)),
                    // In UTC, as results keep them: SQLite compares instants as text.
                    Expr::val(r.started_at.to_offset(UtcOffset::UTC)),
                    Expr::val(r.completed_at.to_offset(UtcOffset::UTC)),
                    Expr::val(attempt.received_at.to_offset(UtcOffset::UTC)),
                    Expr::val(attempt.digest.as_str()),
                ])?;
            }
            insert
                .on_conflict(
                    OnConflict::columns([attempts::Column::ApiClientId, attempts::Column::ExternalId])
                        .do_nothing()
                        .to_owned(),
                )
                .returning_col(attempts::Column::Id);
            for row in tx.query_all(&insert).await? {
                recorded.inserted.insert(row.try_get::<Uuid>("", "id")?.into());
            }
        }
        let new = || batch.iter().filter(|(a, _)| recorded.inserted.contains(&a.id));
        let rows: Vec<(Uuid, Uuid, Earned)> = new()
            .flat_map(|(a, _)| a.skills.iter().map(|(skill, earned)| (a.id.as_uuid(), skill.as_uuid(), *earned)))
            .collect();
        for chunk in rows.chunks(ROWS_PER_STATEMENT * 3) {
            let mut insert = Query::insert();
            insert.into_table(points::Entity).columns([
                points::Column::AttemptId,
                points::Column::SkillId,
                points::Column::Points,
                points::Column::MaxPoints,
            ]);
            for (attempt, skill, earned) in chunk {
                insert.values([
                    Expr::val(*attempt),
                    Expr::val(*skill),
                    Expr::val(i64::from(earned.points)),
                    Expr::val(i64::from(earned.max)),
                ])?;
            }
            tx.execute(&insert).await?;
        }
        let stored: Vec<&Attempt> = new().map(|(a, _)| a).collect();
        super::fold::queue(&tx, &stored).await?;
        let statements: Vec<(Uuid, &str)> =
            new().filter_map(|(a, _)| a.report.statement.as_ref().map(|s| (a.id.as_uuid(), s.json.as_str()))).collect();
        // Statements are long: fewer rows a statement than the attempts'.
        for chunk in statements.chunks(ROWS_PER_STATEMENT / 4) {
            let mut insert = Query::insert();
            insert
                .into_table(xapi_statements::Entity)
                .columns([xapi_statements::Column::AttemptId, xapi_statements::Column::Statement]);
            for (attempt, statement) in chunk {
                insert.values([Expr::val(*attempt), Expr::val(*statement)])?;
            }
            tx.execute(&insert).await?;
        }
        // A seat is activated by the first attempt played on it.
        let mut first_play: HashMap<SeatId, OffsetDateTime> = HashMap::new();
        for (attempt, seat) in new() {
            if let Some(seat) = seat {
                let at = first_play.entry(*seat).or_insert(attempt.report.completed_at);
                *at = (*at).min(attempt.report.completed_at);
            }
        }
        let mut first_play: Vec<_> = first_play.into_iter().collect();
        first_play.sort_unstable();
        // One statement for them all; only seats not yet activated are written (and locked).
        for chunk in first_play.chunks(ROWS_PER_STATEMENT) {
            let mut activated = CaseStatement::new();
            for (seat, at) in chunk {
                activated = activated.case(seats::Column::Id.eq(seat.as_uuid()), Expr::val(*at));
            }
            seats::Entity::update_many()
                .col_expr(seats::Column::ActivatedAt, activated.into())
                .filter(seats::Column::Id.is_in(chunk.iter().map(|(seat, _)| seat.as_uuid())))
                .filter(seats::Column::ActivatedAt.is_null())
                .exec(&tx)
                .await?;
        }
        let others: HashSet<&str> = batch
            .iter()
            .filter(|(a, _)| !recorded.inserted.contains(&a.id))
            .map(|(a, _)| a.report.external_id.as_str())
            .collect();
        let others: Vec<&str> = others.into_iter().collect();
        for chunk in others.chunks(ROWS_PER_STATEMENT * 4) {
            let found: Vec<(String, Uuid, String)> = attempts::Entity::find()
                .select_only()
                .columns([attempts::Column::ExternalId, attempts::Column::Id, attempts::Column::ContentHash])
                .filter(attempts::Column::ApiClientId.eq(client.as_uuid()))
                .filter(attempts::Column::ExternalId.is_in(chunk.iter().copied()))
                .into_tuple()
                .all(&tx)
                .await?;
            recorded.existing.extend(found.into_iter().map(|(key, id, digest)| (key, (id.into(), digest))));
        }
        if !keep(&recorded) {
            tx.rollback().await?;
            return Ok(recorded);
        }
        tx.commit().await?;
        self.wake_folder();
        Ok(recorded)
    }

    async fn statement(&self, client: ApiClientId, external_id: &str) -> anyhow::Result<Option<StoredStatement>> {
        let attempt: Option<(Uuid, OffsetDateTime)> = attempts::Entity::find()
            .select_only()
            .columns([attempts::Column::Id, attempts::Column::ReceivedAt])
            .filter(attempts::Column::ApiClientId.eq(client.as_uuid()))
            .filter(attempts::Column::ExternalId.eq(external_id))
            .into_tuple()
            .one(&self.db)
            .await?;
        let Some((attempt, received_at)) = attempt else { return Ok(None) };
        let statement = xapi_statements::Entity::find_by_id(attempt).one(&self.db).await?;
        Ok(statement.map(|row| StoredStatement { attempt: attempt.into(), json: row.statement, received_at }))
    }

    async fn count_now(&self, trainee: UserId) -> anyhow::Result<()> {
        super::fold::fold_trainee(&self.db, trainee).await.map(drop)
    }
}
