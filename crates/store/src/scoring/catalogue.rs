//! The level catalogue: the [`scoring::CatalogueStore`] port. A change reads the catalogue and
//! writes in one transaction that holds every other catalogue change off (an advisory lock on
//! PostgreSQL, the write lock on SQLite), so its checks see what it writes over; foreign keys
//! decide what a delete would orphan.

use std::collections::{BTreeMap, HashMap};

use anyhow::Context;
use kernel::{AuditLog, FieldCode, LevelId};
use scoring::{
    Approach, Catalogue, CatalogueError, CatalogueStore, Change, Changes, Chapter, Difficulty, ItemProblem, Level,
    LevelSkill, Skill, Translated,
};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, QueryFilter, RuntimeErr, SqlErr,
    sea_query::{Expr, Func, OnConflict, Query},
};

use crate::{
    Store,
    entities::{approaches, chapters, level_skills, levels, skills},
};

impl CatalogueStore for Store {
    async fn catalogue(&self) -> anyhow::Result<Catalogue> {
        read(&self.db).await
    }

    async fn change_catalogue<T: Send>(
        &self,
        plan: impl FnOnce(&Catalogue) -> Result<(Changes, T), CatalogueError> + Send,
    ) -> Result<T, CatalogueError> {
        let tx = self.begin().await?;
        lock(&tx.db).await.context("locking the catalogue")?;
        let current = read(&tx.db).await?;
        let (changes, answer) = plan(&current)?;
        for change in &changes.changes {
            write(&tx.db, change).await.map_err(|e| refusal(e, change))?;
        }
        for line in changes.audit {
            tx.record(line).await?;
        }
        tx.commit().await?;
        Ok(answer)
    }
}

/// Holds other catalogue changes off until the transaction ends. SQLite queues writers on
/// its one write lock, which an UPDATE takes even when it matches no row.
async fn lock(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Postgres {
        let lock = Query::select()
            .expr(Func::cust("pg_advisory_xact_lock").arg(Func::cust("hashtextextended").arg("catalogue").arg(0)))
            .take();
        db.query_one(&lock).await?;
    } else {
        chapters::Entity::update_many()
            .col_expr(chapters::Column::Number, Expr::col(chapters::Column::Number))
            .filter(Expr::val(false))
            .exec(db)
            .await?;
    }
    Ok(())
}

async fn read(db: &impl ConnectionTrait) -> anyhow::Result<Catalogue> {
    let mut chapters: Vec<Chapter> = chapters::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| {
            Ok(Chapter { id: row.id.into(), number: number(row.number)?, title: title(&row.title, &row.translations)? })
        })
        .collect::<anyhow::Result<_>>()?;
    chapters.sort_by_key(|c| c.number);
    let mut trained: HashMap<LevelId, Vec<LevelSkill>> = HashMap::new();
    for row in level_skills::Entity::find().all(db).await? {
        let max_points = u32::try_from(row.max_points).context("a skill's maximum at a level")?;
        trained.entry(row.level_id.into()).or_default().push(LevelSkill { skill: row.skill_id.into(), max_points });
    }
    let chapter_number: HashMap<_, _> = chapters.iter().map(|c| (c.id, c.number)).collect();
    let mut levels: Vec<Level> = levels::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| {
            let id = LevelId::from(row.id);
            let mut skills = trained.remove(&id).unwrap_or_default();
            skills.sort_unstable_by_key(|s| s.skill);
            Ok(Level {
                id,
                chapter: row.chapter_id.into(),
                number: number(row.number)?,
                title: title(&row.title, &row.translations)?,
                max_score: u32::try_from(row.max_score).context("a level's maximum score")?,
                difficulty: Difficulty::parse(&row.difficulty).context("a level's difficulty")?,
                skills,
                retired_at: row.retired_at,
            })
        })
        .collect::<anyhow::Result<_>>()?;
    levels.sort_by_key(|l| (chapter_number.get(&l.chapter).copied(), l.number));
    let mut skills: Vec<Skill> = skills::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| Ok(Skill { id: row.id.into(), name: title(&row.name, &row.translations)? }))
        .collect::<anyhow::Result<_>>()?;
    skills.sort_by_key(|s| s.name.en().to_lowercase());
    let mut approaches: Vec<Approach> = approaches::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|row| Ok(Approach { id: row.id.into(), name: title(&row.name, &row.translations)? }))
        .collect::<anyhow::Result<_>>()?;
    approaches.sort_by_key(|a| a.name.en().to_lowercase());
    Ok(Catalogue { chapters, levels, skills, approaches })
}

fn number(stored: i32) -> anyhow::Result<u32> {
    u32::try_from(stored).context("a catalogue number")
}

/// A title from its English column and the JSON of its translations.
fn title(english: &str, translations: &str) -> anyhow::Result<Translated> {
    let others: BTreeMap<String, String> = serde_json::from_str(translations).context("a title's translations")?;
    Ok(Translated::new(others.into_iter().chain([("en".to_owned(), english.to_owned())])))
}

fn translations(title: &Translated) -> String {
    serde_json::Value::from(serde_json::Map::from_iter(
        title.others().into_iter().map(|(locale, text)| (locale, serde_json::Value::String(text))),
    ))
    .to_string()
}

fn stored(number: u32) -> Result<i32, DbErr> {
    i32::try_from(number).map_err(|e| DbErr::Custom(e.to_string()))
}

async fn write(db: &impl ConnectionTrait, change: &Change) -> Result<(), DbErr> {
    match change {
        Change::Chapter(c) => {
            let row = chapters::ActiveModel {
                id: Set(c.id.as_uuid()),
                number: Set(stored(c.number)?),
                title: Set(c.title.en().to_owned()),
                translations: Set(translations(&c.title)),
            };
            chapters::Entity::insert(row)
                .on_conflict(
                    OnConflict::column(chapters::Column::Id)
                        .update_columns([
                            chapters::Column::Number,
                            chapters::Column::Title,
                            chapters::Column::Translations,
                        ])
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
        }
        Change::Level(l) => {
            let row = levels::ActiveModel {
                id: Set(l.id.as_uuid()),
                chapter_id: Set(l.chapter.as_uuid()),
                number: Set(stored(l.number)?),
                title: Set(l.title.en().to_owned()),
                max_score: Set(stored(l.max_score)?),
                difficulty: Set(l.difficulty.as_str().to_owned()),
                translations: Set(translations(&l.title)),
                retired_at: Set(l.retired_at),
            };
            levels::Entity::insert(row)
                .on_conflict(
                    OnConflict::column(levels::Column::Id)
                        .update_columns([
                            levels::Column::ChapterId,
                            levels::Column::Number,
                            levels::Column::Title,
                            levels::Column::MaxScore,
                            levels::Column::Difficulty,
                            levels::Column::Translations,
                            levels::Column::RetiredAt,
                        ])
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
            level_skills::Entity::delete_many()
                .filter(level_skills::Column::LevelId.eq(l.id.as_uuid()))
                .exec(db)
                .await?;
            let trained = l.skills.iter().map(|s| level_skills::ActiveModel {
                level_id: Set(l.id.as_uuid()),
                skill_id: Set(s.skill.as_uuid()),
                max_points: Set(i32::try_from(s.max_points).unwrap_or(i32::MAX)),
            });
            level_skills::Entity::insert_many(trained).exec_without_returning(db).await?;
        }
        Change::Skill(s) => {
            let row = skills::ActiveModel {
                id: Set(s.id.as_uuid()),
                name: Set(s.name.en().to_owned()),
                translations: Set(translations(&s.name)),
            };
            skills::Entity::insert(row)
                .on_conflict(
                    OnConflict::column(skills::Column::Id)
                        .update_columns([skills::Column::Name, skills::Column::Translations])
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
        }
        Change::Approach(a) => {
            let row = approaches::ActiveModel {
                id: Set(a.id.as_uuid()),
                name: Set(a.name.en().to_owned()),
                translations: Set(translations(&a.name)),
            };
            approaches::Entity::insert(row)
                .on_conflict(
                    OnConflict::column(approaches::Column::Id)
                        .update_columns([approaches::Column::Name, approaches::Column::Translations])
                        .to_owned(),
                )
                .exec_without_returning(db)
                .await?;
        }
        Change::DeleteChapter(id) => {
            chapters::Entity::delete_by_id(id.as_uuid()).exec(db).await?;
        }
        Change::DeleteLevel(id) => {
            levels::Entity::delete_by_id(id.as_uuid()).exec(db).await?;
        }
        Change::DeleteSkill(id) => {
            skills::Entity::delete_by_id(id.as_uuid()).exec(db).await?;
        }
        Change::DeleteApproach(id) => {
            approaches::Entity::delete_by_id(id.as_uuid()).exec(db).await?;
        }
    }
    Ok(())
}

/// SQLite refuses a delete that an `ON DELETE RESTRICT` key holds with its own code (1811,
/// `SQLITE_CONSTRAINT_TRIGGER`), which sea-orm does not map to a foreign key violation.
fn restricted(e: &DbErr) -> bool {
    matches!(e, DbErr::Exec(RuntimeErr::SqlxError(sqlx)) if matches!(
        &**sqlx,
        sea_orm::sqlx::Error::Database(db) if db.code().as_deref() == Some("1811")
    ))
}

/// What the database's refusal of `change` means: a reference still held, or a number or
/// name taken meanwhile.
fn refusal(e: DbErr, change: &Change) -> CatalogueError {
    match e.sql_err() {
        Some(SqlErr::ForeignKeyConstraintViolation(_)) => CatalogueError::InUse,
        Some(SqlErr::UniqueConstraintViolation(_)) => {
            let field = match change {
                Change::Skill(_) | Change::Approach(_) => "name.en",
                _ => "number",
            };
            CatalogueError::Invalid(vec![ItemProblem::new(field, FieldCode::Taken)])
        }
        _ if restricted(&e) => CatalogueError::InUse,
        _ => CatalogueError::Unknown(anyhow::Error::new(e).context("changing the catalogue")),
    }
}
