//! The signed-in person's preferences, saved with them so that they follow them to another
//! browser: the appearance (theme type, colour theme, navigation style, layout) and each table's
//! view (hidden columns, row density).

use actix_web::{get, put, web};
use identity::{ColourTheme, Density, LayoutType, NavStyle, TableName, ThemeType};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::{ApiError, AppState, FieldError, Problem, auth::extract::Authenticated};

pub(super) fn routes(cfg: &mut ServiceConfig) {
    cfg.service(preferences).service(save_appearance).service(save_table_view);
}

choice_schema!(ThemeTypes, ThemeType, "Light throughout, a dark header and sidebar, or dark throughout.");
choice_schema!(ColourThemes, ColourTheme, "The primary and secondary colours.");
choice_schema!(NavStyles, NavStyle, "Where the navigation sits and how it opens.");
choice_schema!(LayoutTypes, LayoutType, "The whole window, a centred box, or inside a frame.");
choice_schema!(TableNames, TableName, "A table of the portal that remembers its reader's view.");
choice_schema!(Densities, Density, "How tall a table's rows are.");

/// How the portal looks to its reader.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Appearance {
    #[schema(value_type = ThemeTypes)]
    theme_type: ThemeType,
    #[schema(value_type = ColourThemes)]
    colour_theme: ColourTheme,
    #[schema(value_type = NavStyles)]
    nav_style: NavStyle,
    #[schema(value_type = LayoutTypes)]
    layout_type: LayoutType,
}

impl From<identity::Appearance> for Appearance {
    fn from(a: identity::Appearance) -> Self {
        Self {
            theme_type: a.theme_type,
            colour_theme: a.colour_theme,
            nav_style: a.nav_style,
            layout_type: a.layout_type,
        }
    }
}

impl From<Appearance> for identity::Appearance {
    fn from(a: Appearance) -> Self {
        Self {
            theme_type: a.theme_type,
            colour_theme: a.colour_theme,
            nav_style: a.nav_style,
            layout_type: a.layout_type,
        }
    }
}

/// How a table shows its rows to its reader.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TableView {
    #[schema(value_type = Densities)]
    density: Density,
    /// The field names of the columns they hid: at most 64, each of letters, digits, `_`, `-`,
    /// `.` and `:` and at most 64 long. A name the table lacks hides nothing.
    #[schema(schema_with = column_names)]
    hidden_columns: Vec<String>,
}

/// The schema of [`TableView`]'s `hidden_columns` (`identity::TableView::problem`).
fn column_names() -> utoipa::openapi::schema::Array {
    let name = utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .pattern(Some("^[A-Za-z0-9_.:-]{1,64}$"));
    utoipa::openapi::schema::ArrayBuilder::new().items(name).max_items(Some(64)).unique_items(true).build()
}

/// One table's saved view: which table, then its [`TableView`]'s fields (spelt out, as that
/// one refuses fields it lacks).
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedTableView {
    #[schema(value_type = TableNames)]
    table: TableName,
    #[schema(value_type = Densities)]
    density: Density,
    hidden_columns: Vec<String>,
}

/// What the signed-in person chose for the portal.
#[derive(Debug, Serialize, ToSchema)]
pub struct Preferences {
    /// `null` until they first choose one: the browser's own choice stands until then.
    appearance: Option<Appearance>,
    /// The tables whose view they changed; every other table shows all its columns, standard.
    tables: Vec<SavedTableView>,
}

/// The signed-in person's preferences.
#[utoipa::path(
    operation_id = "getPreferences",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = OK, description = "What they chose", body = Preferences),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[get("/me/preferences")]
async fn preferences(state: web::Data<AppState>, who: Authenticated) -> Result<web::Json<Preferences>, ApiError> {
    let appearance = state.identity.appearance(&who.0).await.map_err(ApiError::internal)?;
    let tables = state.identity.table_views(&who.0).await.map_err(ApiError::internal)?;
    Ok(web::Json(Preferences {
        appearance: appearance.map(Appearance::from),
        tables: tables
            .into_iter()
            .map(|(table, view)| SavedTableView { table, density: view.density, hidden_columns: view.hidden_columns })
            .collect(),
    }))
}

/// Saves the signed-in person's appearance, for every browser they sign in from.
#[utoipa::path(
    operation_id = "saveAppearance",
    tag = "account",
    security(("bearer" = [])),
    request_body = Appearance,
    responses(
        (status = OK, description = "Saved", body = Appearance),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`: a choice that does not exist", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/me/preferences/appearance")]
async fn save_appearance(
    state: web::Data<AppState>,
    who: Authenticated,
    input: web::Json<Appearance>,
) -> Result<web::Json<Appearance>, ApiError> {
    let appearance = identity::Appearance::from(input.into_inner());
    state.identity.save_appearance(&who.0, appearance).await.map_err(ApiError::internal)?;
    Ok(web::Json(appearance.into()))
}

/// Saves how the signed-in person left one table, for every browser they sign in from.
#[utoipa::path(
    operation_id = "saveTableView",
    tag = "account",
    security(("bearer" = [])),
    params(("table" = TableNames, Path, description = "The table")),
    request_body = TableView,
    responses(
        (status = OK, description = "Saved", body = TableView),
        (status = BAD_REQUEST, description = "`MALFORMED_REQUEST`: a density that does not exist", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "`UNAUTHENTICATED` or `SESSION_EXPIRED`", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "`NOT_FOUND`: no such table", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "`VALIDATION_FAILED`: `hidden_columns` is `TOO_LONG` (more than 64), `MALFORMED` (not a field name) or holds a `DUPLICATE`", body = Problem, content_type = "application/problem+json"),
    ),
)]
#[put("/me/preferences/tables/{table}")]
async fn save_table_view(
    state: web::Data<AppState>,
    who: Authenticated,
    table: web::Path<TableName>,
    input: web::Json<TableView>,
) -> Result<web::Json<TableView>, ApiError> {
    let TableView { density, hidden_columns } = input.into_inner();
    if let Some(code) = identity::TableView::problem(&hidden_columns) {
        return Err(ApiError::invalid(vec![FieldError::new("hidden_columns", code)]));
    }
    let view = identity::TableView { density, hidden_columns };
    state.identity.save_table_view(&who.0, table.into_inner(), &view).await.map_err(ApiError::internal)?;
    Ok(web::Json(TableView { density: view.density, hidden_columns: view.hidden_columns }))
}
