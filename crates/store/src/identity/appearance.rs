//! Each person's appearance: the [`identity::AppearanceRepository`] port.

use identity::{Appearance, AppearanceRepository, ColourTheme, LayoutType, NavStyle, ThemeType};
use kernel::UserId;
use sea_orm::{ActiveValue::Set, EntityTrait, sea_query::OnConflict};
use time::OffsetDateTime;

use super::failed;
use crate::{Store, entities::user_appearances as appearances};

impl AppearanceRepository for Store {
    async fn appearance(&self, user: UserId) -> anyhow::Result<Option<Appearance>> {
        let row = appearances::Entity::find_by_id(user.as_uuid())
            .one(&self.db)
            .await
            .map_err(failed("reading an appearance"))?;
        row.map(|r| {
            let unknown = || anyhow::anyhow!("user {user} has an appearance this build does not know");
            Ok(Appearance {
                theme_type: ThemeType::parse(&r.theme_type).ok_or_else(unknown)?,
                colour_theme: ColourTheme::parse(&r.colour_theme).ok_or_else(unknown)?,
                nav_style: NavStyle::parse(&r.nav_style).ok_or_else(unknown)?,
                layout_type: LayoutType::parse(&r.layout_type).ok_or_else(unknown)?,
            })
        })
        .transpose()
    }

    async fn save_appearance(&self, user: UserId, appearance: Appearance, at: OffsetDateTime) -> anyhow::Result<()> {
        let row = appearances::ActiveModel {
            user_id: Set(user.as_uuid()),
            theme_type: Set(appearance.theme_type.as_str().to_owned()),
            colour_theme: Set(appearance.colour_theme.as_str().to_owned()),
            nav_style: Set(appearance.nav_style.as_str().to_owned()),
            layout_type: Set(appearance.layout_type.as_str().to_owned()),
            updated_at: Set(at),
        };
        appearances::Entity::insert(row)
            .on_conflict(
                OnConflict::column(appearances::Column::UserId)
                    .update_columns([
                        appearances::Column::ThemeType,
                        appearances::Column::ColourTheme,
                        appearances::Column::NavStyle,
                        appearances::Column::LayoutType,
                        appearances::Column::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .map_err(failed("saving an appearance"))?;
        Ok(())
    }
}
