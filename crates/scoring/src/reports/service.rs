//! The reports service: answers a report for a reader from the counted results.

use std::collections::{HashMap, HashSet};

use kernel::{
    ApiClientId, ApproachId, AuditAction, AuditEvent, Clock, LevelId, Page, PageRequest, SortDirection, UserId,
};

use super::{
    Cell, Column, Context, Dashboard, Filter, Group, Insight, Period, Reader, ReportQuery, Row, Summary, Table, Unit,
    Value, View, assemble, by_chapter, columns,
    context::{FilterNames, Signature, context},
    dashboard, header, insight, levels_in_order,
};
use crate::{AttemptLine, Catalogue, CellQuery, ReportStore, Split, percent};

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
    /// The person's or the partner client's name, which the export names.
    pub name: String,
}

impl<S: ReportStore, C: Clock> Reports<S, C> {
    pub const fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// The report for `exporter` to download whole, sorted as `sort` says: its header now,
    /// its rows from [`Reports::next_rows`]. The download is audited before a row leaves.
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
    ) -> anyhow::Result<Export> {
        let catalogue = self.store.catalogue().await?;
        let at = self.clock.now();
        let names = self.filter_names(reader, &query.filter).await?;
        let signature = Signature { by: &exporter.name, at };
        let context = context(query.view, query.measure, &query.filter, names, &catalogue, &signature, locale);
        let export = if query.view == View::Attempts {
            Export {
                context,
                row_header: header("level", locale).to_owned(),
                columns: attempt_columns(locale),
                rest: Rest::Attempts(Box::new(AttemptWalk {
                    reader: reader.clone(),
                    filter: query.filter.clone(),
                    levels: selected_levels(&catalogue, query),
                    sort: sort.sort.clone(),
                    after: None,
                    names: AttemptNames::new(&catalogue, locale),
                })),
            }
        } else {
            let table = self.aggregated(reader, query, sort, None, search, locale).await?;
            Export { context, row_header: table.row_header, columns: table.columns, rest: Rest::Rows(table.rows.items) }
        };
        let f = &query.filter;
        let id = |id: Option<uuid::Uuid>| id.map(|id| id.to_string());
        let company = f.company.or(match reader {
            Reader::Companies(own) if own.len() == 1 => own.first().copied(),
            _ => None,
        });
        self.store
            .record(AuditEvent {
                at,
                actor: exporter.user,
                action: AuditAction::ReportExported,
                target_type: "report",
                target_id: Some(query.view.as_str().to_owned()),
                company,
                details: serde_json::json!({
                    "format": exporter.format,
                    // Attempts stream out uncounted.
                    "rows": match &export.rest { Rest::Rows(rows) => Some(rows.len()), _ => None },
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
        Ok(export)
    }

    /// The names of the company, batch and trainee `filter` gives. A reader who may not see
    /// everything gets a name only where they see results of it (the store names any trainee
    /// by id), else the id they asked for.
    async fn filter_names(&self, reader: &Reader, filter: &Filter) -> anyhow::Result<FilterNames> {
        let named = async |group: Group, id: Option<uuid::Uuid>, only: Filter| -> anyhow::Result<Option<String>> {
            let Some(id) = id else { return Ok(None) };
            if *reader != Reader::All {
                let of_it =
                    CellQuery { group, split: Split::None, filter: &only, levels: None, rows: None, rows_only: false };
                if self.store.cells(reader, &of_it).await?.is_empty() {
                    return Ok(Some(id.to_string()));
                }
            }
            Ok(Some(self.store.row_names(reader, group, &[id]).await?.remove(&id).unwrap_or_else(|| id.to_string())))
        };
        let none = Filter::default();
        Ok(FilterNames {
            company: named(
                Group::Company,
                filter.company.map(|c| c.as_uuid()),
                Filter { company: filter.company, ..none.clone() },
            )
            .await?,
            batch: named(
                Group::Batch,
                filter.batch.map(|b| b.as_uuid()),
                Filter { batch: filter.batch, ..none.clone() },
            )
            .await?,
            trainee: named(Group::Trainee, filter.user.map(|u| u.as_uuid()), Filter { user: filter.user, ..none })
                .await?,
        })
    }

    /// The export's next rows, `None` once all are out. Attempts come a chunk at a time, read
    /// on from the last one sent, so an export's memory stays flat whatever its size.
    ///
    /// # Errors
    /// The store's.
    pub async fn next_rows(&self, export: &mut Export) -> anyhow::Result<Option<Vec<Row>>> {
        match std::mem::replace(&mut export.rest, Rest::Done) {
            Rest::Done => Ok(None),
            Rest::Rows(rows) => Ok(Some(rows)),
            Rest::Attempts(mut walk) => {
                let w = &*walk;
                let lines = self
                    .store
                    .attempts_after(
                        &w.reader,
                        &w.filter,
                        w.levels.as_deref(),
                        w.sort.as_ref(),
                        w.after.as_ref(),
                        EXPORT_CHUNK,
                    )
                    .await?;
                let Some(last) = lines.last().cloned() else {
                    return Ok(None);
                };
                let rows = lines.into_iter().map(|line| walk.names.row(line)).collect();
                walk.after = Some(last);
                export.rest = Rest::Attempts(walk);
                Ok(Some(rows))
            }
        }
    }

    /// One page of the report `query` asks, as `reader` may see it, in `locale`: the rows
    /// whose name holds `search`, sorted as `page` says.
    ///
    /// # Errors
    /// The store's.
    pub async fn report(
        &self,
        reader: &Reader,
        query: &ReportQuery,
        page: &PageRequest,
        search: Option<&str>,
        locale: &str,
    ) -> anyhow::Result<Table> {
        if query.view == View::Attempts {
            let catalogue = self.store.catalogue().await?;
            return self.attempts(reader, query, &catalogue, page, locale).await;
        }
        // Asked first: what is counted by then is in the rows read after.
        let as_of = self.store.as_of(reader, &query.filter).await?;
        let table = self.aggregated(reader, query, page, Some(page), search, locale).await?;
        Ok(Table { as_of, ..table })
    }

    /// An aggregated view sorted as `sort` says: every row, or with `page` only its rows.
    ///
    /// A page of a view with columns, sorted by name, finds and names its rows from one cell
    /// per row and splits only the page's rows into columns: a large company's trainees by
    /// level are tens of thousands of cells, a page of them a few hundred.
    async fn aggregated(
        &self,
        reader: &Reader,
        query: &ReportQuery,
        sort: &PageRequest,
        page: Option<&PageRequest>,
        search: Option<&str>,
        locale: &str,
    ) -> anyhow::Result<Table> {
        let catalogue = self.store.catalogue().await?;
        let levels = selected_levels(&catalogue, query);
        let group = query.rows(reader);
        let split = split_of(query.view);
        let whole =
            CellQuery { group, split, filter: &query.filter, levels: levels.as_deref(), rows: None, rows_only: false };
        let columns = columns(query.view, query.measure, group, &catalogue, locale);
        let idle = self.not_started(reader, query, &whole, columns.len(), search).await?;
        let mut paged = None;
        let mut on_page: Vec<uuid::Uuid> = Vec::new();
        if let Some(page) = page.filter(|_| pages_by_name(query, reader, sort)) {
            // Every result has a level, difficulty and approach cell: those views have the rows
            // of their totals. A result without skill points has no skill cell.
            let rows_of = if split == Split::Skill { Split::Skill } else { Split::None };
            let rows = CellQuery { split: rows_of, rows_only: true, ..whole.clone() };
            let totals = self.store.cells(reader, &rows).await?;
            let names = searched(self.names(reader, group, &totals, &catalogue, locale).await?, search);
            let mut named: Vec<Row> = totals
                .iter()
                .filter_map(|cell| {
                    let label = names.get(&cell.row)?.clone();
                    Some(Row { id: cell.row, label, cells: Vec::new(), started: true })
                })
                .chain(idle.iter().cloned())
                .collect();
            super::table::sort(&mut named, &[], sort.sort.as_ref());
            let total = named.len() as u64;
            on_page = named
                .into_iter()
                .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
                .take(usize::try_from(page.per_page()).unwrap_or(usize::MAX))
                .map(|row| row.id)
                .collect();
            paged = Some((names, total));
        }
        let cell_query = CellQuery { rows: paged.is_some().then_some(on_page.as_slice()), ..whole };
        let mut cells = self.store.cells(reader, &cell_query).await?;
        if query.view == View::Chapter {
            cells = by_chapter(cells, &catalogue);
        }
        let (names, total) = match paged {
            Some((names, total)) => (names, Some(total)),
            None => (searched(self.names(reader, group, &cells, &catalogue, locale).await?, search), None),
        };
        let mut table = assemble(query, group, columns, &cells, &names, sort.sort.as_ref(), locale);
        // Those who have not started, where the page holds them (or every one of them).
        let shown: Option<HashSet<uuid::Uuid>> = total.map(|_| on_page.iter().copied().collect());
        table.rows.items.extend(idle.into_iter().filter(|row| shown.as_ref().is_none_or(|ids| ids.contains(&row.id))));
        super::table::sort(&mut table.rows.items, &table.columns, sort.sort.as_ref());
        table.rows.total = table.rows.items.len() as u64;
        Ok(match (page, total) {
            (Some(page), Some(total)) => Table {
                rows: Page { items: table.rows.items, total, page: page.page(), per_page: page.per_page() },
                ..table
            },
            (Some(page), None) => table.page(page),
            (None, _) => table,
        })
    }

    /// The selection's answer in words: its score and change over the period before, its
    /// weakest and strongest skill and level beside the cohort's (a batch's or trainee's
    /// company; a company's, all the reader sees where that is more), and its quiet trainees.
    ///
    /// # Errors
    /// The store's.
    pub async fn insight(&self, reader: &Reader, query: &ReportQuery, locale: &str) -> anyhow::Result<Insight> {
        let as_of = self.store.as_of(reader, &query.filter).await?;
        let catalogue = self.store.catalogue().await?;
        let levels = selected_levels(&catalogue, query);
        let filter = &query.filter;
        let today = self.clock.now().to_offset(time::UtcOffset::UTC).date();
        let cells = |filter: Filter, split: Split| {
            let levels = levels.clone();
            async move {
                let query = CellQuery {
                    group: Group::All,
                    split,
                    filter: &filter,
                    levels: levels.as_deref(),
                    rows: None,
                    rows_only: false,
                };
                self.store.cells(reader, &query).await
            }
        };
        let period = Period::of(filter, today);
        let days = |p: Period| Filter { from: Some(p.from), to: Some(p.to), ..filter.clone() };
        let (now, before) = (
            insight::overall(&cells(days(period), Split::None).await?),
            insight::overall(&cells(days(period.before()), Split::None).await?),
        );
        // The cohort: a batch's or trainee's company; a company's, everything the reader sees
        // when that is more. A selection of all the reader sees has none.
        let sees_more = match reader {
            Reader::All => true,
            Reader::Companies(own) => own.len() > 1,
            Reader::Trainee(_) => false,
        };
        let cohort = if filter.batch.is_some() || filter.user.is_some() {
            Some(Filter { batch: None, user: None, ..filter.clone() })
        } else {
            (filter.company.is_some() && sees_more).then(|| Filter { company: None, ..filter.clone() })
        };
        let cohort_cells = |split: Split| {
            let cohort = cohort.clone();
            async move {
                match cohort {
                    Some(cohort) => cells(cohort, split).await,
                    None => Ok(Vec::new()),
                }
            }
        };
        let skill_name = skill_names(&catalogue, locale);
        let skill_name = |key: &str| skill_name.get(key).cloned();
        let level_name = level_names(&catalogue, locale);
        let level_name = |key: &str| level_name.get(key).cloned();
        let (weakest_skill, strongest_skill) = insight::extremes(
            &cells(filter.clone(), Split::Skill).await?,
            &cohort_cells(Split::Skill).await?,
            skill_name,
        );
        let (weakest_level, strongest_level) = insight::extremes(
            &cells(filter.clone(), Split::Level).await?,
            &cohort_cells(Split::Level).await?,
            level_name,
        );
        // Trainees of the selection, whatever its days; quiet: none of their plays lately.
        let trainees =
            self.store.people(reader, Group::Trainee, &Filter { from: None, to: None, ..filter.clone() }).await?;
        // A trainee played lately where some level's latest attempt is that recent.
        let lately =
            Filter { from: Some(insight::quiet_since(today)), to: None, pick: super::Pick::Latest, ..filter.clone() };
        let played = CellQuery {
            group: Group::Trainee,
            split: Split::None,
            filter: &lately,
            levels: None,
            rows: None,
            rows_only: true,
        };
        let played: HashSet<uuid::Uuid> = self.store.cells(reader, &played).await?.iter().map(|c| c.row).collect();
        Ok(Insight {
            score: insight::overall(&cells(filter.clone(), Split::None).await?),
            period,
            change: now.zip(before).map(|(now, before)| now - before),
            weakest_skill,
            strongest_skill,
            weakest_level,
            strongest_level,
            trainees: trainees.len() as u64,
            quiet: trainees.keys().filter(|id| !played.contains(id)).count() as u64,
            as_of,
        })
    }

    /// The reader's dashboard: per batch (a company admin), company (the provider) or for the
    /// trainee themself, the score, its weekly trend and the weakest skill beside the cohort one
    /// step up; a company admin's trainees to nudge; a trainee's next level. A handful of
    /// statements whatever the number of batches.
    ///
    /// # Errors
    /// The store's.
    pub async fn dashboard(&self, reader: &Reader, locale: &str) -> anyhow::Result<Dashboard> {
        let catalogue = self.store.catalogue().await?;
        let today = self.clock.now().to_offset(time::UtcOffset::UTC).date();
        let rows = match reader {
            Reader::All => Group::Company,
            Reader::Companies(_) => Group::Batch,
            Reader::Trainee(_) => Group::All,
        };
        let everything = Filter::default();
        let cells = |group: Group, split: Split| {
            let query = CellQuery { group, split, filter: &everything, levels: None, rows: None, rows_only: false };
            async move { self.store.cells(reader, &query).await }
        };
        let weeks = dashboard::week_starts(today);
        let weekly = self.store.weekly_scores(reader, rows, &weeks).await?;
        let totals = cells(rows, Split::None).await?;
        let skills = cells(rows, Split::Skill).await?;
        // A batch stands beside its company and a company beside the provider: all the reader sees.
        let cohort = if rows == Group::All { Vec::new() } else { cells(Group::All, Split::Skill).await? };
        let (names, members, trainees) = if rows == Group::All {
            (HashMap::from([(uuid::Uuid::nil(), header("all", locale).to_owned())]), Vec::new(), Vec::new())
        } else {
            (
                self.store.people(reader, rows, &everything).await?,
                self.store.members(reader, rows).await?,
                cells(Group::Trainee, Split::None).await?,
            )
        };
        let skill_name = skill_names(&catalogue, locale);
        let last_played: HashMap<uuid::Uuid, _> = trainees.iter().map(|c| (c.row, c.last_played)).collect();
        let mut summaries: Vec<Summary> = names
            .iter()
            .map(|(&id, name)| {
                let of_row = |cells: &[Cell]| cells.iter().filter(|c| c.row == id).cloned().collect::<Vec<_>>();
                let people: Vec<_> = members.iter().filter(|m| m.row == id).collect();
                Summary {
                    id,
                    name: name.clone(),
                    score: insight::overall(&of_row(&totals)),
                    trend: dashboard::trend(&weeks, id, &weekly),
                    weakest_skill: insight::extremes(&of_row(&skills), &cohort, |key| skill_name.get(key).cloned()).0,
                    trainees: people.len() as u64,
                    quiet: people
                        .iter()
                        .filter(|m| dashboard::is_quiet(last_played.get(&m.trainee).copied().flatten(), today))
                        .count() as u64,
                }
            })
            .collect();
        summaries.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.id.cmp(&b.id)));
        let nudges = if rows == Group::Batch {
            // Everyone of the company, in a batch or not, may have gone quiet.
            let people = self.store.members(reader, Group::Company).await?;
            dashboard::nudges(&people, &members, &trainees, &totals, &names, today)
        } else {
            Vec::new()
        };
        let next_level = if rows == Group::All {
            dashboard::next_level(&catalogue, &cells(Group::All, Split::Level).await?, &level_names(&catalogue, locale))
        } else {
            None
        };
        Ok(Dashboard { rows, summaries, nudges, next_level })
    }

    /// Rows for the companies, batches or trainees the reader sees in the filter who have no
    /// result in the selection: a manager sees who has not played. Other rows are no one's.
    async fn not_started(
        &self,
        reader: &Reader,
        query: &ReportQuery,
        whole: &CellQuery<'_>,
        columns: usize,
        search: Option<&str>,
    ) -> anyhow::Result<Vec<Row>> {
        let group = whole.group;
        if !matches!(group, Group::Company | Group::Batch | Group::Trainee) {
            return Ok(Vec::new());
        }
        let any_result = CellQuery { split: Split::None, rows_only: true, ..whole.clone() };
        let started: HashSet<uuid::Uuid> = self.store.cells(reader, &any_result).await?.iter().map(|c| c.row).collect();
        let everyone = searched(self.store.people(reader, group, &query.filter).await?, search);
        Ok(everyone
            .into_iter()
            .filter(|(id, _)| !started.contains(id))
            .map(|(id, label)| Row { id, label, cells: vec![None; columns], started: false })
            .collect())
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
        locale: &str,
    ) -> anyhow::Result<Table> {
        let levels = selected_levels(catalogue, query);
        let lines = self.store.attempts(reader, &query.filter, levels.as_deref(), page).await?;
        let names = AttemptNames::new(catalogue, locale);
        Ok(Table {
            group: Group::Level,
            row_header: header("level", locale).to_owned(),
            columns: attempt_columns(locale),
            rows: kernel::Page {
                items: lines.items.into_iter().map(|line| names.row(line)).collect(),
                total: lines.total,
                page: lines.page,
                per_page: lines.per_page,
            },
            // The attempts are read as stored.
            as_of: None,
        })
    }
}

/// Skills' names in `locale`, by id.
fn skill_names(catalogue: &Catalogue, locale: &str) -> HashMap<String, String> {
    catalogue.skills.iter().map(|s| (s.id.to_string(), s.name.get(locale).to_owned())).collect()
}

/// Levels' names in `locale` (`chapter.number title`), by id.
fn level_names(catalogue: &Catalogue, locale: &str) -> HashMap<String, String> {
    levels_in_order(catalogue)
        .into_iter()
        .map(|(chapter, level)| {
            (level.id.to_string(), format!("{chapter}.{} {}", level.number, level.title.get(locale)))
        })
        .collect()
}

/// Attempts an export reads at a time.
const EXPORT_CHUNK: u64 = 5_000;

/// An export under way: its header, then its rows ([`Reports::next_rows`]).
#[derive(Debug)]
pub struct Export {
    /// What the export says about itself above its table.
    pub context: Context,
    pub row_header: String,
    pub columns: Vec<Column>,
    rest: Rest,
}

#[derive(Debug)]
enum Rest {
    /// An aggregated view's rows: one per company, batch, trainee or level, held whole to sort.
    Rows(Vec<Row>),
    Attempts(Box<AttemptWalk>),
    Done,
}

/// Where an export of the attempts view stands.
#[derive(Debug)]
struct AttemptWalk {
    reader: Reader,
    filter: Filter,
    levels: Option<Vec<LevelId>>,
    sort: Option<(String, SortDirection)>,
    after: Option<AttemptLine>,
    names: AttemptNames,
}

/// What an attempt's row names, in one language.
#[derive(Debug)]
struct AttemptNames {
    locale: String,
    levels: HashMap<LevelId, String>,
    approaches: HashMap<ApproachId, String>,
}

impl AttemptNames {
    fn new(catalogue: &Catalogue, locale: &str) -> Self {
        Self {
            locale: locale.to_owned(),
            levels: levels_in_order(catalogue)
                .into_iter()
                .map(|(chapter, level)| (level.id, format!("{chapter}.{} {}", level.number, level.title.get(locale))))
                .collect(),
            approaches: catalogue.approaches.iter().map(|a| (a.id, a.name.get(locale).to_owned())).collect(),
        }
    }

    fn row(&self, line: AttemptLine) -> Row {
        let text = |s: &str| Some(Value::Text(s.to_owned()));
        let number = |n: f64| Some(Value::Number(n));
        Row {
            id: line.id.as_uuid(),
            label: self.levels.get(&line.level).cloned().unwrap_or_default(),
            cells: vec![
                Some(Value::Text(line.trainee_name)),
                text(header(line.difficulty.as_str(), &self.locale)),
                text(self.approaches.get(&line.approach).map_or("", String::as_str)),
                number(f64::from(line.score)),
                number(f64::from(line.max_score)),
                number(percent(line.score, line.max_score)),
                number(f64::from(line.duration_seconds)),
                Some(Value::Time(line.completed_at)),
            ],
            started: true,
        }
    }
}

/// The columns `view` splits its cells into.
const fn split_of(view: View) -> Split {
    match view {
        View::Overview | View::Attempts => Split::None,
        View::Skill => Split::Skill,
        View::Difficulty => Split::Difficulty,
        View::Approach => Split::Approach,
        View::Level | View::Chapter => Split::Level,
    }
}

/// Whether a page of the view is split into columns from its rows alone: the view has
/// columns and many rows, sorted by name (no column named).
fn pages_by_name(query: &ReportQuery, reader: &Reader, page: &PageRequest) -> bool {
    let by_name = page.sort.as_ref().is_none_or(|(key, _)| key.is_empty() || key == "name");
    let many_rows = matches!(query.rows(reader), Group::Company | Group::Batch | Group::Trainee);
    by_name && many_rows && split_of(query.view) != Split::None
}

/// The names that hold `search` (any case).
fn searched(names: HashMap<uuid::Uuid, String>, search: Option<&str>) -> HashMap<uuid::Uuid, String> {
    match search.map(str::to_lowercase) {
        Some(search) => names.into_iter().filter(|(_, name)| name.to_lowercase().contains(&search)).collect(),
        None => names,
    }
}

/// The attempts view's columns.
fn attempt_columns(locale: &str) -> Vec<Column> {
    let column = |key: &str, unit| Column { key: key.to_owned(), label: header(key, locale).to_owned(), unit };
    vec![
        column("trainee", Unit::Text),
        column("difficulty", Unit::Text),
        column("approach", Unit::Text),
        column("score", Unit::Points),
        column("max_score", Unit::Points),
        column("percent", Unit::Percent),
        column("duration", Unit::Count),
        column("completed_at", Unit::Time),
    ]
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
