//! Attempts: the [`scoring::AttemptRepository`] port.

use anyhow::Context;
use scoring::{Attempt, AttemptRepository, RecordAttemptError};
use sea_orm::{ActiveValue::Set, EntityTrait, SqlErr, TransactionTrait};

use crate::{
    Store,
    entities::{attempt_skill_points, attempts},
};

impl AttemptRepository for Store {
    async fn record(&self, attempt: Attempt) -> Result<(), RecordAttemptError> {
        let unknown =
            |e: sea_orm::DbErr| RecordAttemptError::Unknown(anyhow::Error::new(e).context("recording an attempt"));
        let tx = self.db.begin().await.map_err(unknown)?;
        let row = attempts::ActiveModel {
            id: Set(attempt.id.as_uuid()),
            api_client_id: Set(attempt.client.as_uuid()),
            external_id: Set(attempt.external_id.clone()),
            user_id: Set(attempt.user.as_uuid()),
            level_id: Set(attempt.level.as_uuid()),
            difficulty: Set(attempt.difficulty.as_str().to_owned()),
            approach_id: Set(attempt.approach.as_uuid()),
            score: Set(to_i32(attempt.score)?),
            max_score: Set(to_i32(attempt.max_score)?),
            duration_seconds: Set(to_i32(attempt.duration_seconds)?),
            started_at: Set(attempt.started_at),
            completed_at: Set(attempt.completed_at),
            received_at: Set(attempt.received_at),
        };
        match attempts::Entity::insert(row).exec(&tx).await {
            Ok(_) => {}
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                return Err(RecordAttemptError::Duplicate(attempt.external_id));
            }
            Err(e) => return Err(unknown(e)),
        }
        if !attempt.skill_points.is_empty() {
            let points = attempt
                .skill_points
                .iter()
                .map(|(skill, points)| {
                    Ok(attempt_skill_points::ActiveModel {
                        attempt_id: Set(attempt.id.as_uuid()),
                        skill_id: Set(skill.as_uuid()),
                        points: Set(to_i32(*points)?),
                    })
                })
                .collect::<Result<Vec<_>, RecordAttemptError>>()?;
            attempt_skill_points::Entity::insert_many(points).exec(&tx).await.map_err(unknown)?;
        }
        tx.commit().await.map_err(unknown)
    }
}

fn to_i32(value: u32) -> Result<i32, RecordAttemptError> {
    i32::try_from(value).context("value exceeds the stored range").map_err(RecordAttemptError::Unknown)
}
