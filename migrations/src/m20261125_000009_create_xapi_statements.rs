//! The xAPI statements attempts came in as: one row per attempt, holding the statement as the
//! portal keeps it (id and version filled in, `stored` and `authority` left out: those are
//! added when it is read back), so `GET /xapi/statements?statementId=…` answers what was sent.
//! The attempt is the statement's owner: deleting it deletes the statement.

use sea_orm_migration::{prelude::*, schema::*};

use crate::helpers::fk;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("xapi_statements")
                .col(uuid("attempt_id").primary_key())
                .col(text("statement"))
                .foreign_key(&mut fk("xapi_statements", "attempt_id", "attempts", ForeignKeyAction::Cascade))
                .take(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("xapi_statements").take()).await
    }
}
