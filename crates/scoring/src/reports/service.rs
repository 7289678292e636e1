//! The reports service: answers a report for a reader from the counted results.

use std::collections::HashMap;

use kernel::{ApiClientId, AuditAction, AuditEvent, Clock, LevelId, PageRequest, UserId};

use super::{
    Cell, Column, Group, Reader, ReportQuery, Row, Table, Unit, Value, View, assemble, by_chapter, columns, header,
    levels_in_order,
};
use crate::{Catalogue, CellQuery, ReportStore, Split, percent};

#[derive(Clone, Debug)]
pub struct Reports<S, C> {
    store: S,
    clock: C,
}

/// Who downloads an export, and in which format, for the audit log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exporter {
    /// The person, when a person exports.
    pub user: Option<UserId>,
    /// The partner client, when a client exports.
    pub client: Option<ApiClientId>,
    pub ip: Option<String>,
    /// `csv` or `xlsx`.
    pub format: &'static str,
}

impl<S: ReportStore, C: Clock> Reports<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// Every row of the report (sorted as `sort` says), for `exporter` to download; the
    /// download is audited.
    ///
    /// # Errors
    /// The store's.
    pub async fn export(
        &self,
        reader: &Reader,
        exporter: &Exporter,
        query: &ReportQuery,
        sort: &PageRequest,
        search: Option<&str>,
        locale: &str,
    ) -> anyhow::Result<Table> {
        let table = self.report(reader, query, sort, true, search, locale).await?;
        let f = &query.filter;
        let id = |id: Option<uuid::Uuid>| id.map(|id| id.to_string());
        let company = f.company.or(match reader {
            Reader::Companies(own) if own.len() == 1 => own.first().copied(),
            _ => None,
        });
        self.store
            .record(AuditEvent {
                at: self.clock.now(),
                actor: exporter.user,
                action: AuditAction::ReportExported,
                target_type: "report",
                target_id: Some(query.view.as_str().to_owned()),
                company,
                details: serde_json::json!({
                    "format": exporter.format,
                    "rows": table.rows.total,
                    "client": exporter.client.map(|c| c.to_string()),
                    "attempt": f.pick.as_str(),
                    "batch": id(f.batch.map(|b| b.as_uuid())),
                    "user": id(f.user.map(|u| u.as_uuid())),
                    "from": f.from.map(|d| d.to_string()),
                    "to": f.to.map(|d| d.to_string()),
                }),
                ip: exporter.ip.clone(),
            })
            .await?;
        Ok(table)
    }

    /// The report `query` asks, as `reader` may see it, in `locale`: the rows whose name
    /// holds `search`, sorted as `page` says, that page of them or (`whole`) all.
    ///
    /// # Errors
    /// The store's.
    pub async fn report(
        &self,
        reader: &Reader,
        query: &ReportQuery,
        page: &PageRequest,
        whole: bool,
        search: Option<&str>,
        locale: &str,
    ) -> anyhow::Result<Table> {
        let catalogue = self.store.catalogue().await?;
        let levels = selected_levels(&catalogue, query);
        let split = match query.view {
            View::Attempts => {
                return self.attempts(reader, query, &catalogue, page, whole, locale).await;
            }
            View::Overview => Split::None,
            View::Skill => Split::Skill,
            View::Difficulty => Split::Difficulty,
            View::Approach => Split::Approach,
            View::Level | View::Chapter => Split::Level,
        };
        let group = query.rows(reader);
        let cell_query = CellQuery { group, split, filter: &query.filter, levels: levels.as_deref() };
        let mut cells = self.store.cells(reader, &cell_query).await?;
        if query.view == View::Chapter {
            cells = by_chapter(cells, &catalogue);
        }
        let names = self.names(reader, group, &cells, &catalogue, locale).await?;
        let columns = columns(query.view, query.measure, group, &catalogue, locale);
        let names = match search.map(str::to_lowercase) {
            Some(search) => names.into_iter().filter(|(_, name)| name.to_lowercase().contains(&search)).collect(),
            None => names,
        };
        let table = assemble(query, group, columns, &cells, &names, page.sort.as_ref(), locale);
        Ok(if whole { table } else { table.page(page) })
    }

    async fn names(
        &self,
        reader: &Reader,
        group: Group,
        cells: &[Cell],
        catalogue: &Catalogue,
        locale: &str,
    ) -> anyhow::Result<HashMap<uuid::Uuid, String>> {
        if group == Group::All {
            return Ok(HashMap::from([(uuid::Uuid::nil(), header("all", locale).to_owned())]));
        }
        if group == Group::Level {
            return Ok(levels_in_order(catalogue)
                .into_iter()
                .map(|(chapter, level)| {
                    (level.id.as_uuid(), format!("{chapter}.{} {}", level.number, level.title.get(locale)))
                })
                .collect());
        }
        let mut ids: Vec<uuid::Uuid> = cells.iter().map(|c| c.row).collect();
        ids.sort_unstable();
        ids.dedup();
        self.store.row_names(reader, group, &ids).await
    }

    async fn attempts(
        &self,
        reader: &Reader,
        query: &ReportQuery,
        catalogue: &Catalogue,
        page: &PageRequest,
        whole: bool,
        locale: &str,
    ) -> anyhow::Result<Table> {
        let levels = selected_levels(catalogue, query);
        let levels = levels.as_deref();
        let mut lines = self.store.attempts(reader, &query.filter, levels, page).await?;
        if whole {
            // Every page, in the order asked, from the first.
            lines = self.store.attempts(reader, &query.filter, levels, &largest(1, page)?).await?;
            let mut number = 1;
            while number * PageRequest::MAX_PER_PAGE < lines.total {
                number += 1;
                let next = self.store.attempts(reader, &query.filter, levels, &largest(number, page)?).await?;
                lines.items.extend(next.items);
            }
            lines.page = 1;
            lines.per_page = lines.total;
        }
        let level_names: HashMap<LevelId, String> = levels_in_order(catalogue)
            .into_iter()
            .map(|(chapter, level)| (level.id, format!("{chapter}.{} {}", level.number, level.title.get(locale))))
            .collect();
        let approach_names: HashMap<_, _> = catalogue.approaches.iter().map(|a| (a.id, a.name.get(locale))).collect();
        let column = |key: &str, unit| Column { key: key.to_owned(), label: header(key, locale).to_owned(), unit };
        let columns = vec![
            column("trainee", Unit::Text),
            column("difficulty", Unit::Text),
            column("approach", Unit::Text),
            column("score", Unit::Points),
            column("max_score", Unit::Points),
            column("percent", Unit::Percent),
            column("duration", Unit::Count),
            column("completed_at", Unit::Time),
        ];
        let text = |s: &str| Some(Value::Text(s.to_owned()));
        let number = |n: f64| Some(Value::Number(n));
        let rows = lines.items.into_iter().map(|line| Row {
            id: line.id.as_uuid(),
            label: level_names.get(&line.level).cloned().unwrap_or_default(),
            cells: vec![
                text(&line.trainee_name),
                text(header(line.difficulty.as_str(), locale)),
                text(approach_names.get(&line.approach).copied().unwrap_or_default()),
                number(f64::from(line.score)),
                number(f64::from(line.max_score)),
                number(percent(line.score, line.max_score)),
                number(f64::from(line.duration_seconds)),
                Some(Value::Time(line.completed_at)),
            ],
        });
        Ok(Table {
            group: Group::Level,
            row_header: header("level", locale).to_owned(),
            columns,
            rows: kernel::Page {
                items: rows.collect(),
                total: lines.total,
                page: lines.page,
                per_page: lines.per_page,
            },
        })
    }
}

/// Page `number` of the largest size, sorted as `like`.
fn largest(number: u64, like: &PageRequest) -> anyhow::Result<PageRequest> {
    let mut page = PageRequest::largest(number)?;
    page.sort.clone_from(&like.sort);
    Ok(page)
}

/// The levels a chapter or level filter leaves (`None`: no such filter); a level outside the
/// named chapter leaves none.
fn selected_levels(catalogue: &Catalogue, query: &ReportQuery) -> Option<Vec<LevelId>> {
    let filter = &query.filter;
    if filter.chapter.is_none() && filter.level.is_none() {
        return None;
    }
    Some(
        catalogue
            .levels
            .iter()
            .filter(|l| filter.chapter.is_none_or(|c| l.chapter == c))
            .filter(|l| filter.level.is_none_or(|id| l.id == id))
            .map(|l| l.id)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::{Filter, Measure};

    #[test]
    fn a_level_outside_the_named_chapter_selects_nothing() {
        let catalogue = Catalogue::default();
        let query = |chapter, level| ReportQuery {
            view: View::Overview,
            measure: Measure::Percent,
            group: None,
            filter: Filter { chapter, level, ..Filter::default() },
        };
        assert_eq!(selected_levels(&catalogue, &query(None, None)), None);
        assert_eq!(selected_levels(&catalogue, &query(None, Some(LevelId::new()))), Some(vec![]));
    }
}
