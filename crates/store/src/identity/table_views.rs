//! Each person's table views: the [`identity::TableViewRepository`] port.

use identity::{Density, TableName, TableView, TableViewRepository};
use kernel::UserId;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, sea_query::OnConflict};
use time::OffsetDateTime;

use super::failed;
use crate::{Store, entities::user_table_views as views};

impl TableViewRepository for Store {
    async fn table_views(&self, user: UserId) -> anyhow::Result<Vec<(TableName, TableView)>> {
        let rows = views::Entity::find()
            .filter(views::Column::UserId.eq(user.as_uuid()))
            .all(&self.db)
            .await
            .map_err(failed("reading table views"))?;
        let mut saved = Vec::with_capacity(rows.len());
        for row in rows {
            // A table a later build dropped is no longer shown anywhere: skip it.
            let Some(table) = TableName::parse(&row.table_name) else { continue };
            let density = Density::parse(&row.density)
                .ok_or_else(|| anyhow::anyhow!("user {user} has a density this build does not know"))?;
            let hidden_columns = serde_json::from_str(&row.hidden_columns)?;
            saved.push((table, TableView { density, hidden_columns }));
        }
        saved.sort_by_key(|(table, _)| TableName::ALL.iter().position(|t| t == table));
        Ok(saved)
    }

    async fn save_table_view(
        &self,
        user: UserId,
        table: TableName,
        view: &TableView,
        at: OffsetDateTime,
    ) -> anyhow::Result<()> {
        let row = views::ActiveModel {
            user_id: Set(user.as_uuid()),
            table_name: Set(table.as_str().to_owned()),
            density: Set(view.density.as_str().to_owned()),
            hidden_columns: Set(serde_json::to_string(&view.hidden_columns)?),
            updated_at: Set(at),
        };
        views::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([views::Column::UserId, views::Column::TableName])
                    .update_columns([views::Column::Density, views::Column::HiddenColumns, views::Column::UpdatedAt])
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("saving a table view"))?;
        Ok(())
    }
}
