//! The rules of ingestion: what makes a reported attempt acceptable, judged against what the
//! portal knows of its trainee, level and approach, and how each item of a batch ends.

use std::collections::{HashMap, HashSet};

use kernel::{ApproachId, CompanyId, FieldCode, LevelId, SeatId, SkillId, UserId};
use time::{Date, Duration, OffsetDateTime};

use crate::{AttemptReport, reports::Earned};

/// How far ahead of the portal's clock a completion may lie (the game's clock may run fast).
pub const CLOCK_SKEW: Duration = Duration::minutes(5);
pub const MAX_EXTERNAL_ID_CHARS: usize = 128;
/// A day: longer plays are a game's bug, not training.
pub const MAX_DURATION_SECONDS: u32 = 86_400;
pub const MAX_SCORE: u32 = 1_000_000;
const MAX_SKILLS: usize = 50;

/// What the portal knows of a level an attempt names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelFacts {
    /// The number of the level's chapter.
    pub chapter: u16,
    pub max_score: u32,
    /// The skills it trains, with the most points each can earn here.
    pub skills: HashMap<SkillId, u32>,
    pub retired_at: Option<OffsetDateTime>,
}

/// A seat a trainee holds or held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatFacts {
    pub id: SeatId,
    /// The later of its assignment and its allocation's first day.
    pub starts_at: OffsetDateTime,
    /// Its allocation's last day.
    pub valid_until: Date,
    /// When it was revoked or replaced, if it was.
    pub ended_at: Option<OffsetDateTime>,
    pub activated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraineeFacts {
    pub company: CompanyId,
    pub seats: Vec<SeatFacts>,
}

/// What one batch's judgement needs, read in one go. A trainee outside the client's scope
/// (or not a trainee) is simply absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    pub trainees: HashMap<UserId, TraineeFacts>,
    pub levels: HashMap<LevelId, LevelFacts>,
    pub approaches: HashSet<ApproachId>,
    pub skills: HashSet<SkillId>,
}

/// Why one item was refused: the field at fault and a stable code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemProblem {
    pub field: String,
    pub code: FieldCode,
    /// A human explanation, when the code alone says too little (a malformed item).
    pub detail: Option<String>,
}

impl ItemProblem {
    #[must_use]
    pub fn new(field: impl Into<String>, code: FieldCode) -> Self {
        Self { field: field.into(), code, detail: None }
    }

    #[must_use]
    pub fn malformed(detail: impl Into<String>) -> Self {
        Self { field: String::new(), code: FieldCode::Malformed, detail: Some(detail.into()) }
    }
}

/// Where an acceptable attempt goes: its trainee's company, and the seat it was played on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub company: CompanyId,
    pub seat: SeatId,
    /// Whether this attempt may be the one that activates the seat.
    pub seat_unused: bool,
    /// What it earned in each skill it reported, out of that skill's maximum at the level.
    pub skills: Vec<(SkillId, Earned)>,
}

/// Judges one report; every problem is named, not just the first.
///
/// # Errors
/// The problems, when there is any.
pub fn judge(report: &AttemptReport, facts: &Facts, now: OffsetDateTime) -> Result<Placement, Vec<ItemProblem>> {
    let mut problems = Vec::new();
    let mut problem = |field: &str, code| problems.push(ItemProblem::new(field, code));
    check_text(&report.external_id, &mut problem);
    if report.score > MAX_SCORE || report.max_score > MAX_SCORE {
        problem(if report.score > MAX_SCORE { "score" } else { "max_score" }, FieldCode::OutOfRange);
    }
    if report.duration_seconds > MAX_DURATION_SECONDS {
        problem("duration_seconds", FieldCode::OutOfRange);
    }
    for (field, at) in [("started_at", report.started_at), ("completed_at", report.completed_at)] {
        if !(2000..=2100).contains(&at.year()) {
            problem(field, FieldCode::DateRange);
        }
    }
    if report.completed_at > now + CLOCK_SKEW {
        problem("completed_at", FieldCode::InFuture);
    }
    if report.started_at > report.completed_at {
        problem("started_at", FieldCode::DateOrder);
    }
    if report.score > report.max_score {
        problem("score", FieldCode::AboveMaximum);
    }
    if !facts.approaches.contains(&report.approach) {
        problem("approach", FieldCode::Unknown);
    }
    let level = facts.levels.get(&report.level);
    match level {
        None => problem("level", FieldCode::Unknown),
        Some(level) => {
            if level.max_score != report.max_score {
                problem("max_score", FieldCode::MaxScoreMismatch);
            }
            if level.retired_at.is_some_and(|at| at <= report.completed_at) {
                problem("level", FieldCode::Retired);
            }
            if report.chapter.is_some_and(|chapter| chapter != level.chapter) {
                problem("chapter", FieldCode::ChapterMismatch);
            }
        }
    }
    if report.skill_points.len() > MAX_SKILLS {
        problem("skill_points", FieldCode::OutOfRange);
    }
    let mut seen = HashSet::new();
    let mut earned = Vec::with_capacity(report.skill_points.len());
    for (skill, points) in &report.skill_points {
        let field = format!("skill_points.{skill}");
        if !seen.insert(skill) {
            problem(&field, FieldCode::Duplicate);
        } else if !facts.skills.contains(skill) {
            problem(&field, FieldCode::Unknown);
        } else if let Some(level) = level {
            match level.skills.get(skill) {
                None => problem(&field, FieldCode::NotTrained),
                Some(max) if points > max => problem(&field, FieldCode::AboveMaximum),
                Some(max) => earned.push((*skill, Earned { points: *points, max: *max })),
            }
        }
    }
    let placement = match facts.trainees.get(&report.trainee) {
        None => {
            problem("trainee", FieldCode::Unknown);
            None
        }
        Some(trainee) => match seat_for(trainee, report) {
            Ok(seat) => Some((trainee.company, seat.id, !seat.activated)),
            Err((field, code)) => {
                problem(field, code);
                None
            }
        },
    };
    match placement {
        Some((company, seat, seat_unused)) if problems.is_empty() => {
            Ok(Placement { company, seat, seat_unused, skills: earned })
        }
        _ => Err(problems),
    }
}

fn check_text(external_id: &str, problem: &mut impl FnMut(&str, FieldCode)) {
    if external_id.trim().is_empty() {
        problem("external_id", FieldCode::Required);
    } else if external_id.chars().count() > MAX_EXTERNAL_ID_CHARS {
        problem("external_id", FieldCode::TooLong);
    } else if external_id.chars().any(char::is_control) {
        problem("external_id", FieldCode::ControlCharacter);
    }
}

/// The seat the attempt was played on: one that had started when the play started and was
/// still valid (not past its last day, not revoked or replaced) when it ended.
fn seat_for<'a>(trainee: &'a TraineeFacts, report: &AttemptReport) -> Result<&'a SeatFacts, (&'static str, FieldCode)> {
    let covering = trainee.seats.iter().filter(|seat| {
        seat.starts_at <= report.completed_at
            && report.completed_at.to_offset(time::UtcOffset::UTC).date() <= seat.valid_until
            && seat.ended_at.is_none_or(|end| report.completed_at < end)
    });
    let mut late = false;
    for seat in covering {
        if seat.starts_at <= report.started_at {
            return Ok(seat);
        }
        late = true;
    }
    Err(if late { ("started_at", FieldCode::BeforeSeat) } else { ("trainee", FieldCode::NoValidSeat) })
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::*;
    use crate::Difficulty;

    struct World {
        facts: Facts,
        report: AttemptReport,
        seat: SeatId,
    }

    const NOW: OffsetDateTime = datetime!(2026-11-25 12:00 UTC);

    fn world() -> World {
        let (trainee, level, approach, skill) = (UserId::new(), LevelId::new(), ApproachId::new(), SkillId::new());
        let seat = SeatId::new();
        let facts = Facts {
            trainees: HashMap::from([(
                trainee,
                TraineeFacts {
                    company: CompanyId::new(),
                    seats: vec![SeatFacts {
                        id: seat,
                        starts_at: datetime!(2026-11-01 09:00 UTC),
                        valid_until: date!(2026 - 12 - 31),
                        ended_at: None,
                        activated: false,
                    }],
                },
            )]),
            levels: HashMap::from([(
                level,
                LevelFacts { chapter: 2, max_score: 60, skills: HashMap::from([(skill, 45)]), retired_at: None },
            )]),
            approaches: HashSet::from([approach]),
            skills: HashSet::from([skill]),
        };
        let report = AttemptReport {
            external_id: "run-1".into(),
            trainee,
            level,
            difficulty: Difficulty::Easy,
            approach,
            score: 45,
            max_score: 60,
            skill_points: vec![(skill, 45)],
            duration_seconds: 300,
            started_at: datetime!(2026-11-20 10:00 UTC),
            completed_at: datetime!(2026-11-20 10:05 UTC),
            chapter: None,
            statement: None,
        };
        World { facts, report, seat }
    }

    fn codes(result: Result<Placement, Vec<ItemProblem>>) -> Vec<(String, FieldCode)> {
        result.err().unwrap_or_default().into_iter().map(|p| (p.field, p.code)).collect()
    }

    #[test]
    fn a_sound_report_is_placed_on_the_seat_it_was_played_on() {
        let w = world();
        let placement = judge(&w.report, &w.facts, NOW).unwrap();
        assert_eq!(placement.seat, w.seat);
        assert!(placement.seat_unused);
        let skill = w.report.skill_points[0].0;
        assert_eq!(placement.skills, [(skill, Earned { points: 45, max: 45 })], "out of the skill's own maximum");
    }

    #[test]
    fn every_problem_is_named() {
        let mut w = world();
        w.report.score = 61;
        w.report.level = LevelId::new();
        w.report.approach = ApproachId::new();
        w.report.completed_at = NOW + Duration::hours(1);
        w.report.external_id = String::new();
        assert_eq!(
            codes(judge(&w.report, &w.facts, NOW)),
            vec![
                ("external_id".into(), FieldCode::Required),
                ("completed_at".into(), FieldCode::InFuture),
                ("score".into(), FieldCode::AboveMaximum),
                ("approach".into(), FieldCode::Unknown),
                ("level".into(), FieldCode::Unknown),
            ]
        );
    }

    #[test]
    fn skills_must_exist_be_trained_by_the_level_and_stay_within_their_maximum_there() {
        let mut w = world();
        let other = SkillId::new();
        w.facts.skills.insert(other);
        let trained = w.report.skill_points[0].0;
        // 46 is within the level's 60 but above the skill's 45.
        w.report.skill_points = vec![(trained, 46), (other, 1), (SkillId::new(), 1)];
        let problems = codes(judge(&w.report, &w.facts, NOW));
        let kinds: Vec<FieldCode> = problems.iter().map(|p| p.1).collect();
        assert_eq!(kinds, vec![FieldCode::AboveMaximum, FieldCode::NotTrained, FieldCode::Unknown]);
    }

    #[test]
    fn the_maximum_must_match_the_catalogue_and_a_retired_level_takes_no_new_plays() {
        let mut w = world();
        w.report.max_score = 80;
        w.facts.levels.values_mut().for_each(|l| l.retired_at = Some(datetime!(2026-11-15 00:00 UTC)));
        assert_eq!(
            codes(judge(&w.report, &w.facts, NOW)),
            vec![("max_score".into(), FieldCode::MaxScoreMismatch), ("level".into(), FieldCode::Retired)]
        );
    }

    #[test]
    fn a_chapter_named_must_be_the_levels() {
        let mut w = world();
        w.report.chapter = Some(2);
        assert!(judge(&w.report, &w.facts, NOW).is_ok());
        w.report.chapter = Some(3);
        assert_eq!(codes(judge(&w.report, &w.facts, NOW)), vec![("chapter".into(), FieldCode::ChapterMismatch)]);
    }

    #[test]
    fn a_play_needs_a_seat_valid_from_its_start_to_its_end() {
        let mut w = world();
        w.report.started_at = datetime!(2026-11-01 08:55 UTC);
        w.report.completed_at = datetime!(2026-11-01 09:10 UTC);
        assert_eq!(codes(judge(&w.report, &w.facts, NOW)), vec![("started_at".into(), FieldCode::BeforeSeat)]);

        let mut w = world();
        w.facts.trainees.values_mut().for_each(|t| t.seats[0].ended_at = Some(datetime!(2026-11-20 10:00 UTC)));
        assert_eq!(codes(judge(&w.report, &w.facts, NOW)), vec![("trainee".into(), FieldCode::NoValidSeat)]);

        let mut w = world();
        w.facts.trainees.values_mut().for_each(|t| t.seats[0].valid_until = date!(2026 - 11 - 19));
        assert_eq!(codes(judge(&w.report, &w.facts, NOW)), vec![("trainee".into(), FieldCode::NoValidSeat)]);

        let mut w = world();
        w.facts.trainees.clear();
        assert_eq!(codes(judge(&w.report, &w.facts, NOW)), vec![("trainee".into(), FieldCode::Unknown)]);
    }

    #[test]
    fn a_game_clock_a_little_ahead_is_tolerated() {
        let mut w = world();
        w.report.completed_at = NOW + Duration::minutes(4);
        w.report.started_at = NOW;
        assert!(judge(&w.report, &w.facts, NOW).is_ok());
    }
}
