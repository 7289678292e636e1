//! A report's answer in words, before its chart: for the selection, the overall score and how
//! it moved against the period before, the weakest and strongest skill and level with their gap
//! to the cohort, and how many trainees have not played lately.

use time::{Date, Duration};
use uuid::Uuid;

use super::{Cell, Filter, Measure, measured};

/// Days without a play after which a trainee counts as quiet.
pub const QUIET_DAYS: i64 = 14;
/// The period a selection without days compares: its last 30 days with the 30 before.
pub const PERIOD_DAYS: i64 = 30;

/// The first day a trainee must have played on by `today` not to be quiet.
#[must_use]
pub fn quiet_since(today: Date) -> Date {
    today - Duration::days(QUIET_DAYS - 1)
}

/// The days a change compares, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub from: Date,
    pub to: Date,
}

impl Period {
    /// The filter's days, or the last [`PERIOD_DAYS`] up to `today` where it names none.
    #[must_use]
    pub fn of(filter: &Filter, today: Date) -> Self {
        let to = filter.to.unwrap_or(today);
        let from = filter.from.unwrap_or(to - Duration::days(PERIOD_DAYS - 1));
        Self { from, to }
    }

    /// The as many days just before.
    #[must_use]
    pub fn before(self) -> Self {
        let days = (self.to - self.from) + Duration::days(1);
        Self { from: self.from - days, to: self.from - Duration::days(1) }
    }
}

/// A skill or level as the selection scores it, and as its cohort does.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub id: Uuid,
    pub name: String,
    /// Percent of the maximum.
    pub score: f64,
    /// The cohort's percent (the company, or all the reader sees), where it played it.
    pub cohort: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Insight {
    /// Percent of the maximum over everything the selection counts; `None`: nothing played.
    pub score: Option<f64>,
    pub period: Period,
    /// The period's percent minus the period before's, in points; `None` where either is empty.
    pub change: Option<f64>,
    pub weakest_skill: Option<Standing>,
    pub strongest_skill: Option<Standing>,
    pub weakest_level: Option<Standing>,
    pub strongest_level: Option<Standing>,
    /// Trainees of the selection (people rows only; none for a trainee's own selection).
    pub trainees: u64,
    /// Of them, those without a play in the last [`QUIET_DAYS`] days.
    pub quiet: u64,
    /// As [`super::Table::as_of`].
    pub as_of: Option<time::OffsetDateTime>,
}

/// The percent of everything `cells` count.
#[must_use]
pub fn overall(cells: &[Cell]) -> Option<f64> {
    let (score, max) = cells.iter().fold((0.0, 0.0), |(s, m), c| (s + c.score, m + c.max));
    measured(Measure::Percent, score, max, 1)
}

/// The lowest and the highest scoring columns of `cells` (one cell per column), ties by name,
/// each beside the cohort's cell of the same column.
#[must_use]
pub fn extremes(
    cells: &[Cell],
    cohort: &[Cell],
    name: impl Fn(&str) -> Option<String>,
) -> (Option<Standing>, Option<Standing>) {
    let percent_of = |cells: &[Cell], key: &str| {
        cells
            .iter()
            .find(|c| c.column.as_deref() == Some(key))
            .and_then(|c| measured(Measure::Percent, c.score, c.max, 1))
    };
    let mut standings: Vec<Standing> = cells
        .iter()
        .filter_map(|cell| {
            let key = cell.column.as_deref()?;
            Some(Standing {
                id: key.parse().ok()?,
                name: name(key)?,
                score: measured(Measure::Percent, cell.score, cell.max, 1)?,
                cohort: percent_of(cohort, key),
            })
        })
        .collect();
    standings.sort_by(|a, b| a.score.total_cmp(&b.score).then_with(|| a.name.cmp(&b.name)));
    // One standing is both the weakest and the strongest: say it once, as the weakest.
    let strongest = if standings.len() > 1 { standings.last().cloned() } else { None };
    (standings.first().cloned(), strongest)
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    fn cell(column: &str, score: f64, max: f64) -> Cell {
        Cell {
            row: Uuid::nil(),
            column: Some(column.to_owned()),
            results: 1,
            trainees: 1,
            attempts: 1,
            score,
            max,
            best: 0.0,
            last_played: None,
        }
    }

    #[test]
    fn a_period_is_the_filters_days_or_the_last_thirty_and_the_one_before_is_as_long() {
        let today = date!(2026 - 11 - 28);
        let last = Period::of(&Filter::default(), today);
        assert_eq!(last, Period { from: date!(2026 - 10 - 30), to: today });
        assert_eq!(last.before(), Period { from: date!(2026 - 09 - 30), to: date!(2026 - 10 - 29) });
        let week = Filter { from: Some(date!(2026 - 11 - 02)), to: Some(date!(2026 - 11 - 08)), ..Filter::default() };
        assert_eq!(
            Period::of(&week, today).before(),
            Period { from: date!(2026 - 10 - 26), to: date!(2026 - 11 - 01) }
        );
    }

    #[test]
    fn the_weakest_and_strongest_columns_stand_beside_their_cohort() {
        let (a, b, c) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let names = |key: &str| {
            Some(
                if key == a.to_string() {
                    "Listening"
                } else if key == b.to_string() {
                    "Planning"
                } else {
                    "Timing"
                }
                .to_owned(),
            )
        };
        let cells =
            [cell(&a.to_string(), 30.0, 40.0), cell(&b.to_string(), 18.0, 30.0), cell(&c.to_string(), 0.0, 0.0)];
        let cohort = [cell(&b.to_string(), 21.0, 30.0)];
        let (weakest, strongest) = extremes(&cells, &cohort, names);
        let weakest = weakest.unwrap();
        assert_eq!((weakest.name.as_str(), weakest.score, weakest.cohort), ("Planning", 60.0, Some(70.0)));
        let strongest = strongest.unwrap();
        assert_eq!((strongest.name.as_str(), strongest.score, strongest.cohort), ("Listening", 75.0, None));
        assert_eq!(overall(&cells), Some(48.0 * 100.0 / 70.0), "nothing out of nothing counts nothing");
        let (only, none) = extremes(&cells[..1], &[], names);
        assert!(only.is_some() && none.is_none(), "one skill is the weakest, not also the strongest");
    }
}
