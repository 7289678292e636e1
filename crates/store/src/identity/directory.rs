//! The admin screens' user lists: the [`identity::UserDirectory`] port.

use identity::{User, UserDirectory, UserFilter, UserStatus};
use kernel::{Page, PageRequest, Scope, UserId};
use sea_orm::{
    ColumnTrait, EntityTrait, Order, QueryFilter,
    prelude::Expr,
    sea_query::{ExprTrait, Query},
};

use super::{failed, users::to_user};
use crate::{
    Store,
    entities::{batch_members, users},
    listing::{contains, page_of, search_term, sorted},
};

impl UserDirectory for Store {
    async fn list_users(&self, scope: Scope, filter: &UserFilter, page: &PageRequest) -> anyhow::Result<Page<User>> {
        let mut query = users::Entity::find();
        match scope {
            Scope::All => {}
            Scope::Company(company) => query = query.filter(users::Column::CompanyId.eq(company.as_uuid())),
            Scope::User { user, .. } => query = query.filter(users::Column::Id.eq(user.as_uuid())),
        }
        if let Some(role) = filter.role {
            query = query.filter(users::Column::Role.eq(role.as_str()));
        }
        if let Some(status) = filter.status {
            query = query.filter(users::Column::Status.eq(status.as_str()));
        }
        if let Some(company) = filter.company {
            query = query.filter(users::Column::CompanyId.eq(company.as_uuid()));
        }
        if let Some(batch) = filter.batch {
            query = query.filter(
                users::Column::Id.in_subquery(
                    Query::select()
                        .column(batch_members::Column::UserId)
                        .from(batch_members::Entity)
                        .and_where(batch_members::Column::BatchId.eq(batch.as_uuid()))
                        .take(),
                ),
            );
        }
        if let Some(search) = search_term(filter.search.as_ref()) {
            query = query.filter(contains(users::Column::Name, search).or(contains(users::Column::Email, search)));
        }
        let sortable = [
            ("name", users::Column::Name),
            ("email", users::Column::Email),
            ("role", users::Column::Role),
            ("status", users::Column::Status),
            ("created_at", users::Column::CreatedAt),
        ];
        let query = sorted(query, page, &sortable, (users::Column::Name, Order::Asc), users::Column::Id);
        page_of(&self.db, query, page, to_user).await
    }

    async fn update_profile(&self, id: UserId, name: &str, locale: &str) -> anyhow::Result<()> {
        users::Entity::update_many()
            .col_expr(users::Column::Name, Expr::value(name))
            .col_expr(users::Column::Locale, Expr::value(locale))
            .filter(users::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("updating a user"))?;
        Ok(())
    }

    async fn activate_invited(&self, id: UserId) -> anyhow::Result<()> {
        users::Entity::update_many()
            .col_expr(users::Column::Status, Expr::value(UserStatus::Active.as_str()))
            .filter(users::Column::Id.eq(id.as_uuid()))
            .filter(users::Column::Status.eq(UserStatus::Invited.as_str()))
            .exec(&self.db)
            .await
            .map_err(failed("activating an invited user"))?;
        Ok(())
    }

    async fn set_enabled(&self, id: UserId, enabled: bool) -> anyhow::Result<()> {
        let status = if enabled {
            Expr::case(users::Column::PasswordHash.is_null(), UserStatus::Invited.as_str())
                .finally(UserStatus::Active.as_str())
                .into()
        } else {
            Expr::value(UserStatus::Disabled.as_str())
        };
        users::Entity::update_many()
            .col_expr(users::Column::Status, status)
            .filter(users::Column::Id.eq(id.as_uuid()))
            .exec(&self.db)
            .await
            .map_err(failed("enabling or disabling a user"))?;
        Ok(())
    }
}
