//! Server-wide settings: the [`identity::SettingsRepository`] port.

use identity::SettingsRepository;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, sea_query::OnConflict};

use super::failed;
use crate::{Store, entities::server_settings as settings};

impl SettingsRepository for Store {
    async fn get_setting(&self, key: &str) -> anyhow::Result<Option<String>> {
        let row =
            settings::Entity::find_by_id(key.to_owned()).one(&self.db).await.map_err(failed("reading a setting"))?;
        Ok(row.map(|r| r.value))
    }

    async fn put_setting(&self, key: &str, value: &str) -> anyhow::Result<()> {
        settings::Entity::insert(settings::ActiveModel { key: Set(key.to_owned()), value: Set(value.to_owned()) })
            .on_conflict(OnConflict::column(settings::Column::Key).update_column(settings::Column::Value).to_owned())
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("writing a setting"))?;
        Ok(())
    }

    async fn init_setting(&self, key: &str, value: &str) -> anyhow::Result<String> {
        settings::Entity::insert(settings::ActiveModel { key: Set(key.to_owned()), value: Set(value.to_owned()) })
            .on_conflict(OnConflict::column(settings::Column::Key).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("initialising a setting"))?;
        self.get_setting(key).await?.ok_or_else(|| anyhow::anyhow!("setting {key} vanished after it was written"))
    }

    async fn take_setting(&self, key: &str) -> anyhow::Result<bool> {
        let result = settings::Entity::delete_many()
            .filter(settings::Column::Key.eq(key))
            .exec(&self.db)
            .await
            .map_err(failed("removing a setting"))?;
        Ok(result.rows_affected == 1)
    }
}
