//! What every list query shares: case-insensitive search, sorting by a whitelisted column,
//! and one page with its total.

use kernel::{Page, PageRequest, SortDirection};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, Order, PaginatorTrait, QueryOrder, Select,
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
};

/// `column` contains `search`, ignoring case on SQLite and PostgreSQL alike; `%` and `_` in
/// the search are literal.
pub(crate) fn contains(column: impl ColumnTrait, search: &str) -> Expr {
    let escaped = search.trim().to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column.as_column_ref()))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

/// A non-blank search term.
pub(crate) fn search_term(search: Option<&String>) -> Option<&str> {
    search.map(|s| s.trim()).filter(|s| !s.is_empty())
}

/// Orders by the column the request names (when `sortable` knows it) or by `default` (in the
/// request's direction when it names no column: `""`), then by `tie` so pages never overlap.
pub(crate) fn sorted<E: EntityTrait>(
    select: Select<E>,
    page: &PageRequest,
    sortable: &[(&str, E::Column)],
    default: (E::Column, Order),
    tie: E::Column,
) -> Select<E> {
    let chosen = page.sort.as_ref().and_then(|(key, direction)| {
        let column = if key.is_empty() { default.0 } else { sortable.iter().find(|(name, _)| name == key)?.1 };
        Some((column, if *direction == SortDirection::Desc { Order::Desc } else { Order::Asc }))
    });
    let (column, order) = chosen.unwrap_or(default);
    select.order_by(column, order).order_by(tie, Order::Asc)
}

/// One page of `select`, mapped to domain records.
pub(crate) async fn page_of<E, T>(
    db: &impl ConnectionTrait,
    select: Select<E>,
    page: &PageRequest,
    map: impl Fn(E::Model) -> anyhow::Result<T>,
) -> anyhow::Result<Page<T>>
where
    E: EntityTrait,
    E::Model: FromQueryResult + Sized + Send + Sync,
{
    let paginator = select.paginate(db, page.per_page());
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page.page() - 1).await?;
    Ok(Page {
        items: rows.into_iter().map(map).collect::<anyhow::Result<_>>()?,
        total,
        page: page.page(),
        per_page: page.per_page(),
    })
}
