//! A report as a table: its columns (translated headers), its rows (named, with a cell per
//! column), sorted and paged. The store aggregates; this decides what the cells mean.

use std::{cmp::Ordering, collections::HashMap};

use kernel::{Page, PageRequest, SortDirection};
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Group, Measure, ReportQuery, View, labels::header};
use crate::{Catalogue, Difficulty};

/// One aggregate the store computed: the counted results of one row (and one column, for
/// views with a column per skill, difficulty, approach or level).
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub row: Uuid,
    /// The column's key: a skill, approach or level id, or a difficulty's name.
    pub column: Option<String>,
    /// Trainee-level results counted.
    pub results: u64,
    /// Distinct trainees among them (only without columns).
    pub trainees: u64,
    pub attempts: u64,
    /// Counted points and the maxima they are out of.
    pub score: f64,
    pub max: f64,
    /// The highest percent among the results.
    pub best: f64,
    pub last_played: Option<OffsetDateTime>,
}

/// What a column holds, so clients format it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Percent,
    Points,
    Count,
    Time,
    Text,
}

impl Unit {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Percent => "percent",
            Self::Points => "points",
            Self::Count => "count",
            Self::Time => "time",
            Self::Text => "text",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub key: String,
    pub label: String,
    pub unit: Unit,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Number(f64),
    Time(OffsetDateTime),
    Text(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub id: Uuid,
    pub label: String,
    pub cells: Vec<Option<Value>>,
    /// Whether the company, batch or trainee has any result in the selection; a row of
    /// someone who has not started has no cells.
    pub started: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub group: Group,
    /// The header of the rows' names (company, batch, trainee, level).
    pub row_header: String,
    pub columns: Vec<Column>,
    pub rows: Page<Row>,
    /// `None`: the rows count every attempt stored. Else attempts that came in from this time
    /// on may not be counted yet ([`crate::ReportStore::as_of`]).
    pub as_of: Option<OffsetDateTime>,
}

/// How a score reads: percent of the maximum, or average points per level played.
#[must_use]
pub fn measured(measure: Measure, score: f64, max: f64, results: u64) -> Option<f64> {
    match measure {
        Measure::Percent => (max > 0.0).then(|| score * 100.0 / max),
        #[allow(clippy::cast_precision_loss)]
        Measure::Absolute => (results > 0).then(|| score / results as f64),
    }
}

/// The columns of `view` (not [`View::Attempts`]) in `locale`, keyed as the store keys cells.
#[must_use]
pub fn columns(view: View, measure: Measure, group: Group, catalogue: &Catalogue, locale: &str) -> Vec<Column> {
    let unit = if measure == Measure::Percent { Unit::Percent } else { Unit::Points };
    let column = |key: String, label: String| Column { key, label, unit };
    match view {
        View::Overview => {
            // A trainee's row counts no trainees, a level's row no levels (each of its trainees
            // played it once over).
            let mut fixed = vec![];
            if group != Group::Trainee {
                fixed.push(("trainees", Unit::Count));
            }
            if group != Group::Level {
                fixed.push(("levels", Unit::Count));
            }
            fixed.extend([
                ("attempts", Unit::Count),
                ("points", Unit::Points),
                ("score", unit),
                ("best", Unit::Percent),
                ("last_played", Unit::Time),
            ]);
            fixed
                .into_iter()
                .map(|(key, unit)| Column { key: key.to_owned(), label: header(key, locale).to_owned(), unit })
                .collect()
        }
        View::Skill => {
            catalogue.skills.iter().map(|s| column(s.id.to_string(), s.name.get(locale).to_owned())).collect()
        }
        View::Approach => {
            catalogue.approaches.iter().map(|a| column(a.id.to_string(), a.name.get(locale).to_owned())).collect()
        }
        View::Difficulty => Difficulty::ALL
            .into_iter()
            .map(|d| column(d.as_str().to_owned(), header(d.as_str(), locale).to_owned()))
            .collect(),
        View::Level => levels_in_order(catalogue)
            .into_iter()
            .map(|(chapter, level)| {
                column(level.id.to_string(), format!("{}.{} {}", chapter, level.number, level.title.get(locale)))
            })
            .collect(),
        View::Chapter => catalogue
            .chapters
            .iter()
            .map(|c| column(c.id.to_string(), format!("{} {}", c.number, c.title.get(locale))))
            .collect(),
        View::Attempts => Vec::new(),
    }
}

/// Levels by chapter number, then level number, with their chapter's number.
#[must_use]
pub fn levels_in_order(catalogue: &Catalogue) -> Vec<(u32, &crate::Level)> {
    let chapter_number: HashMap<_, _> = catalogue.chapters.iter().map(|c| (c.id, c.number)).collect();
    let mut levels: Vec<_> =
        catalogue.levels.iter().map(|l| (chapter_number.get(&l.chapter).copied().unwrap_or_default(), l)).collect();
    levels.sort_by_key(|(chapter, level)| (*chapter, level.number));
    levels
}

/// Folds level cells into chapter cells (the chapter view is kept per level).
#[must_use]
pub fn by_chapter(cells: Vec<Cell>, catalogue: &Catalogue) -> Vec<Cell> {
    let chapter_of: HashMap<String, String> =
        catalogue.levels.iter().map(|l| (l.id.to_string(), l.chapter.to_string())).collect();
    let mut folded: HashMap<(Uuid, String), Cell> = HashMap::new();
    for cell in cells {
        let Some(chapter) = cell.column.as_ref().and_then(|level| chapter_of.get(level)) else { continue };
        match folded.entry((cell.row, chapter.clone())) {
            std::collections::hash_map::Entry::Vacant(entry) => {
                entry.insert(Cell { column: Some(chapter.clone()), ..cell });
            }
            std::collections::hash_map::Entry::Occupied(mut entry) => {
                let sum = entry.get_mut();
                sum.results += cell.results;
                sum.attempts += cell.attempts;
                sum.score += cell.score;
                sum.max += cell.max;
                sum.best = sum.best.max(cell.best);
                sum.last_played = sum.last_played.max(cell.last_played);
            }
        }
    }
    folded.into_values().collect()
}

/// The table: a row per row id in `cells`, named by `names` (an unnamed row is left out: it
/// is outside what the reader may see or was searched away), sorted by `sort` (a column key;
/// otherwise by name), all on one page.
#[must_use]
pub fn assemble(
    query: &ReportQuery,
    group: Group,
    columns: Vec<Column>,
    cells: &[Cell],
    names: &HashMap<Uuid, String>,
    sort_by: Option<&(String, SortDirection)>,
    locale: &str,
) -> Table {
    let (view, measure) = (query.view, query.measure);
    let position: HashMap<&str, usize> = columns.iter().enumerate().map(|(i, c)| (c.key.as_str(), i)).collect();
    let mut rows: HashMap<Uuid, Row> = HashMap::new();
    for cell in cells {
        let Some(name) = names.get(&cell.row) else { continue };
        let row = rows.entry(cell.row).or_insert_with(|| Row {
            id: cell.row,
            label: name.clone(),
            cells: vec![None; columns.len()],
            started: true,
        });
        let score = measured(measure, cell.score, cell.max, cell.results).map(Value::Number);
        if view == View::Overview {
            #[allow(clippy::cast_precision_loss)]
            let count = |n: u64| Some(Value::Number(n as f64));
            for (key, value) in [
                ("trainees", count(cell.trainees)),
                ("levels", count(cell.results)),
                ("attempts", count(cell.attempts)),
                ("points", Some(Value::Number(cell.score))),
                ("score", score),
                ("best", Some(Value::Number(cell.best))),
                ("last_played", cell.last_played.map(Value::Time)),
            ] {
                if let Some(&i) = position.get(key) {
                    row.cells[i] = value;
                }
            }
        } else if let Some(&i) = cell.column.as_deref().and_then(|key| position.get(key)) {
            row.cells[i] = score;
        }
    }
    let mut rows: Vec<Row> = rows.into_values().collect();
    sort(&mut rows, &columns, sort_by);
    let total = rows.len() as u64;
    Table {
        group,
        row_header: header(group_key(group), locale).to_owned(),
        columns,
        rows: Page { items: rows, total, page: 1, per_page: total },
        as_of: None,
    }
}

impl Table {
    /// Only the rows of `page`.
    #[must_use]
    pub fn page(mut self, page: &PageRequest) -> Self {
        let items = std::mem::take(&mut self.rows.items)
            .into_iter()
            .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
            .take(usize::try_from(page.per_page()).unwrap_or(usize::MAX))
            .collect();
        self.rows = Page { items, total: self.rows.total, page: page.page(), per_page: page.per_page() };
        self
    }
}

/// The header key of a row group.
#[must_use]
pub const fn group_key(group: Group) -> &'static str {
    match group {
        Group::Company => "company",
        Group::Batch => "batch",
        Group::Trainee => "trainee",
        Group::Level => "level",
        Group::All => "all",
    }
}

/// By a column (empty cells last, whichever the direction) or by name; ties by name, then id,
/// so pages never overlap.
pub fn sort(rows: &mut [Row], columns: &[Column], by: Option<&(String, SortDirection)>) {
    let column = by.and_then(|(key, _)| columns.iter().position(|c| c.key == *key));
    let descending = by.is_some_and(|(_, direction)| *direction == SortDirection::Desc);
    let by_name = |a: &Row, b: &Row| a.label.to_lowercase().cmp(&b.label.to_lowercase()).then(a.id.cmp(&b.id));
    rows.sort_by(|a, b| {
        let Some(i) = column else {
            let order = by_name(a, b);
            return if descending { order.reverse() } else { order };
        };
        match (&a.cells[i], &b.cells[i]) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(x), Some(y)) => {
                let order = compare(x, y);
                if descending { order.reverse() } else { order }
            }
        }
        .then_with(|| by_name(a, b))
    });
}

fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.total_cmp(y),
        (Value::Time(x), Value::Time(y)) => x.cmp(y),
        (Value::Text(x), Value::Text(y)) => x.to_lowercase().cmp(&y.to_lowercase()),
        _ => Ordering::Equal,
    }
}
