//! A dashboard's answer before its charts: per batch (a company admin's), per company (the
//! provider's) or for oneself (a trainee), the score's weekly trend and the weakest skill; the
//! trainees to nudge; and a trainee's next level to play.

use std::collections::{HashMap, HashSet};

use time::{Date, Duration, OffsetDateTime, UtcOffset};
use uuid::Uuid;

use super::{Cell, Group, Standing, insight, levels_in_order};
use crate::Catalogue;

/// The weeks a trend shows.
pub const TREND_WEEKS: usize = 8;
/// Points below their batch's score from which a trainee is worth a nudge.
pub const BEHIND_BY: f64 = 10.0;
/// The most trainees a dashboard names to nudge.
pub const NUDGES_SHOWN: usize = 100;

/// The points and maxima of the attempts completed in one week of a trend, for one row.
#[derive(Clone, Debug, PartialEq)]
pub struct WeekScore {
    pub row: Uuid,
    /// Index into the trend's weeks, oldest first.
    pub week: usize,
    pub score: f64,
    pub max: f64,
}

/// A trainee and one company or batch they belong to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub row: Uuid,
    pub trainee: Uuid,
    pub name: String,
    pub email: String,
}

/// What a reader's dashboard answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Dashboard {
    /// What the summaries are: batches (a company admin), companies (the provider) or
    /// [`Group::All`], the trainee themself.
    pub rows: Group,
    pub summaries: Vec<Summary>,
    /// A company admin's trainees to nudge (empty otherwise).
    pub nudges: Vec<Nudge>,
    /// A trainee's next level to play (`None` otherwise, or with an empty catalogue).
    pub next_level: Option<NextLevel>,
}

/// The first days of the last [`TREND_WEEKS`] weeks of seven days, oldest first, the last of
/// them ending today: the latest point is always the last seven days, whatever the weekday.
#[must_use]
pub fn week_starts(today: Date) -> Vec<Date> {
    (0..TREND_WEEKS).rev().map(|back| today - Duration::days(7 * i64::try_from(back).unwrap_or(0) + 6)).collect()
}

#[derive(Clone, Debug, PartialEq)]
pub struct Week {
    pub from: Date,
    /// Percent of the maximum over the week's attempts; `None`: nothing played.
    pub score: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Trend {
    pub weeks: Vec<Week>,
    /// The last week played minus the first week played, in points; `None` with fewer than
    /// two weeks played.
    pub change: Option<f64>,
}

/// The trend of `row` over the weeks beginning on `starts`.
#[must_use]
pub fn trend(starts: &[Date], row: Uuid, scores: &[WeekScore]) -> Trend {
    let weeks: Vec<Week> = starts
        .iter()
        .enumerate()
        .map(|(index, from)| {
            let (score, max) = scores
                .iter()
                .filter(|s| s.row == row && s.week == index)
                .fold((0.0, 0.0), |(s, m), w| (s + w.score, m + w.max));
            Week { from: *from, score: (max > 0.0).then(|| score * 100.0 / max) }
        })
        .collect();
    let mut played = weeks.iter().filter_map(|w| w.score);
    let first = played.next();
    let change = first.zip(played.next_back()).map(|(first, last)| last - first);
    Trend { weeks, change }
}

/// One batch, company, or the trainee themself, as the dashboard sums it up.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub id: Uuid,
    pub name: String,
    /// Percent of the maximum over every counted result (as the score report shows it).
    pub score: Option<f64>,
    pub trend: Trend,
    /// Beside the cohort one step up (a batch's company, a company's whole provider).
    pub weakest_skill: Option<Standing>,
    pub trainees: u64,
    /// Of them, those without a play in the last [`insight::QUIET_DAYS`] days.
    pub quiet: u64,
}

/// Whether a trainee last played at `last_played` counts as quiet `today`.
#[must_use]
pub fn is_quiet(last_played: Option<OffsetDateTime>, today: Date) -> bool {
    last_played.is_none_or(|at| at.to_offset(UtcOffset::UTC).date() < insight::quiet_since(today))
}

/// Why a trainee is worth a nudge.
#[derive(Clone, Debug, PartialEq)]
pub struct Nudge {
    pub trainee: Uuid,
    pub name: String,
    pub email: String,
    /// `None`: never played.
    pub last_played: Option<OffsetDateTime>,
    /// No play in the last [`insight::QUIET_DAYS`] days.
    pub quiet: bool,
    /// More than [`BEHIND_BY`] points below a batch of theirs (the one they trail most).
    pub behind: Option<Behind>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Behind {
    pub batch: Uuid,
    pub batch_name: String,
    pub score: f64,
    pub batch_score: f64,
}

/// The trainees (`people`, in a batch or not) who are quiet, or who trail a batch of theirs
/// (`members`) by more than [`BEHIND_BY`] points: the quiet first (never played, then longest
/// idle), then those furthest behind; at most [`NUDGES_SHOWN`]. `trainees` and `batches` are
/// one cell per trainee and per batch.
#[must_use]
pub fn nudges(
    people: &[Member],
    members: &[Member],
    trainees: &[Cell],
    batches: &[Cell],
    batch_names: &HashMap<Uuid, String>,
    today: Date,
) -> Vec<Nudge> {
    let percent = |cell: &Cell| insight::overall(std::slice::from_ref(cell));
    let trainee_of: HashMap<Uuid, &Cell> = trainees.iter().map(|c| (c.row, c)).collect();
    let batch_score: HashMap<Uuid, f64> = batches.iter().filter_map(|c| Some((c.row, percent(c)?))).collect();
    let mut by_trainee: HashMap<Uuid, Nudge> = people
        .iter()
        .map(|person| {
            let last_played = trainee_of.get(&person.trainee).and_then(|c| c.last_played);
            let nudge = Nudge {
                trainee: person.trainee,
                name: person.name.clone(),
                email: person.email.clone(),
                last_played,
                quiet: is_quiet(last_played, today),
                behind: None,
            };
            (person.trainee, nudge)
        })
        .collect();
    for member in members {
        let cell = trainee_of.get(&member.trainee);
        let (Some(nudge), Some(score), Some(batch)) =
            (by_trainee.get_mut(&member.trainee), cell.and_then(|c| percent(c)), batch_score.get(&member.row))
        else {
            continue;
        };
        let gap = batch - score;
        let trails_more = nudge.behind.as_ref().is_none_or(|b| gap > b.batch_score - b.score);
        if gap > BEHIND_BY && trails_more {
            nudge.behind = Some(Behind {
                batch: member.row,
                batch_name: batch_names.get(&member.row).cloned().unwrap_or_default(),
                score,
                batch_score: *batch,
            });
        }
    }
    let mut list: Vec<Nudge> = by_trainee.into_values().filter(|n| n.quiet || n.behind.is_some()).collect();
    let gap = |n: &Nudge| n.behind.as_ref().map_or(0.0, |b| b.batch_score - b.score);
    list.sort_by(|a, b| {
        b.quiet
            .cmp(&a.quiet)
            .then_with(|| if a.quiet { a.last_played.cmp(&b.last_played) } else { gap(b).total_cmp(&gap(a)) })
            .then_with(|| a.name.cmp(&b.name))
    });
    list.truncate(NUDGES_SHOWN);
    list
}

/// The level a trainee plays next.
#[derive(Clone, Debug, PartialEq)]
pub struct NextLevel {
    pub id: Uuid,
    pub name: String,
    /// Their percent there; `None`: not played yet.
    pub score: Option<f64>,
}

/// The first level in catalogue order (chapter, then number; retired ones left out) the
/// trainee has not played; once they played every one, the level they score lowest in.
/// `played` is one cell per level (column: the level's id).
#[must_use]
pub fn next_level(catalogue: &Catalogue, played: &[Cell], names: &HashMap<String, String>) -> Option<NextLevel> {
    let done: HashSet<&str> = played.iter().filter_map(|c| c.column.as_deref()).collect();
    let unplayed = levels_in_order(catalogue)
        .into_iter()
        .map(|(_, level)| level)
        .find(|level| level.retired_at.is_none() && !done.contains(level.id.to_string().as_str()));
    if let Some(level) = unplayed {
        let key = level.id.to_string();
        return Some(NextLevel { id: level.id.as_uuid(), name: names.get(&key).cloned().unwrap_or(key), score: None });
    }
    let (weakest, _) = insight::extremes(played, &[], |key| names.get(key).cloned());
    weakest.map(|w| NextLevel { id: w.id, name: w.name, score: Some(w.score) })
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::*;

    fn cell(row: Uuid, score: f64, max: f64, last_played: Option<OffsetDateTime>) -> Cell {
        Cell { row, column: None, results: 1, trainees: 1, attempts: 1, score, max, best: 0.0, last_played }
    }

    #[test]
    fn eight_weeks_of_seven_days_end_today_and_the_change_is_last_played_minus_first_played() {
        let starts = week_starts(date!(2026 - 11 - 28));
        assert_eq!((starts[0], starts[7]), (date!(2026 - 10 - 04), date!(2026 - 11 - 22)));
        let row = Uuid::now_v7();
        let scores = [
            WeekScore { row, week: 1, score: 30.0, max: 60.0 },
            WeekScore { row, week: 1, score: 10.0, max: 40.0 },
            WeekScore { row, week: 6, score: 70.0, max: 100.0 },
            WeekScore { row: Uuid::now_v7(), week: 7, score: 1.0, max: 100.0 },
        ];
        let trend = trend(&starts, row, &scores);
        let points: Vec<Option<f64>> = trend.weeks.iter().map(|w| w.score).collect();
        assert_eq!(points, [None, Some(40.0), None, None, None, None, Some(70.0), None]);
        assert_eq!(trend.change, Some(30.0));
        assert_eq!(super::trend(&starts, row, &scores[2..3]).change, None, "one week played is no change");
    }

    #[test]
    fn the_quiet_and_those_more_than_ten_points_behind_their_batch_are_nudged() {
        let today = date!(2026 - 11 - 28);
        let (batch, quiet, behind, close, never) =
            (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let member =
            |trainee: Uuid, name: &str| Member { row: batch, trainee, name: name.into(), email: format!("{name}@x") };
        let members = [member(quiet, "Quinn"), member(behind, "Bea"), member(close, "Cleo"), member(never, "Nico")];
        let lately = Some(datetime!(2026 - 11 - 15 00:00 UTC));
        let trainees = [
            cell(quiet, 80.0, 100.0, Some(datetime!(2026 - 11 - 14 23:59 UTC))),
            cell(behind, 50.0, 100.0, lately),
            cell(close, 61.0, 100.0, lately),
        ];
        let batches = [cell(batch, 200.0, 300.0, lately)];
        let names = HashMap::from([(batch, "Onboarding".to_owned())]);
        let company = Uuid::now_v7();
        let people: Vec<Member> = members.iter().map(|m| Member { row: company, ..m.clone() }).collect();
        let list = nudges(&people, &members[..3], &trainees, &batches, &names, today);
        let who: Vec<&str> = list.iter().map(|n| n.name.as_str()).collect();
        assert_eq!(who, ["Nico", "Quinn", "Bea"], "never played first, then idle, then behind; 61 is not behind 66.7");
        // Nico is in no batch: quiet all the same.
        let bea = list[2].behind.as_ref().unwrap();
        assert_eq!((bea.batch_name.as_str(), bea.score), ("Onboarding", 50.0));
        assert!(!list[2].quiet && list[1].behind.is_none());
    }
}
