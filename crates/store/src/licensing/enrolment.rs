//! Creating trainees in bulk: the [`licensing::Enrolment`] port. One transaction per import,
//! so a row that fails leaves no trainee, membership or seat of the others behind.

use std::collections::HashSet;

use kernel::{AllocationId, CompanyId, Email, Role, UserId};
use licensing::{EnrolError, Enrolee, Enrolment, TakeError};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect, SqlErr, TransactionTrait};
use time::OffsetDateTime;

use super::{batches::add_member, failed, seats::take_seat};
use crate::{Store, entities::users};

/// Rows per `IN (…)` list: well under every driver's bound-parameter limit.
const CHUNK: usize = 500;

impl Enrolment for Store {
    async fn existing_emails(&self, emails: &[Email]) -> anyhow::Result<HashSet<Email>> {
        let mut found = HashSet::new();
        for chunk in emails.chunks(CHUNK) {
            let rows: Vec<String> = users::Entity::find()
                .select_only()
                .column(users::Column::Email)
                .filter(users::Column::Email.is_in(chunk.iter().map(Email::as_str)))
                .into_tuple()
                .all(&self.db)
                .await
                .map_err(failed("reading e-mails"))?;
            found.extend(rows.iter().filter_map(|e| Email::parse(e).ok()));
        }
        Ok(found)
    }

    async fn enrol(
        &self,
        company: CompanyId,
        enrolees: &[(Enrolee, Option<AllocationId>)],
        at: OffsetDateTime,
    ) -> Result<Vec<UserId>, EnrolError> {
        let tx = self.db.begin().await.map_err(failed("starting an import"))?;
        let mut created = Vec::with_capacity(enrolees.len());
        for (index, (enrolee, allocation)) in enrolees.iter().enumerate() {
            let id = UserId::new();
            let inserted = users::Entity::insert(users::ActiveModel {
                id: Set(id.as_uuid()),
                email: Set(enrolee.email.as_str().to_owned()),
                name: Set(enrolee.name.clone()),
                role: Set(Role::User.as_str().to_owned()),
                company_id: Set(Some(company.as_uuid())),
                status: Set(identity::UserStatus::Invited.as_str().to_owned()),
                password_hash: Set(None),
                mfa_required: Set(false),
                locale: Set(enrolee.locale.clone()),
                created_at: Set(at),
            })
            .exec_without_returning(&tx)
            .await;
            match inserted {
                Ok(_) => {}
                Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                    return Err(EnrolError::Row { index, field: "email", code: kernel::FieldCode::Taken });
                }
                Err(e) => return Err(failed("creating a trainee")(e).into()),
            }
            if let Some(batch) = enrolee.batch {
                add_member(&tx, batch, id, at).await?;
            }
            if let Some(allocation) = allocation {
                match take_seat(&tx, *allocation, id, at).await? {
                    Ok(_) => {}
                    Err(TakeError::Full | TakeError::Held) => {
                        return Err(EnrolError::Row { index, field: "seat", code: kernel::FieldCode::NoSeatLeft });
                    }
                }
            }
            created.push(id);
        }
        tx.commit().await.map_err(failed("committing an import"))?;
        Ok(created)
    }
}
