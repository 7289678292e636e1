//! What makes a catalogue entry acceptable on its own; what it must agree with in the rest of
//! the catalogue is checked where the change is planned.

use kernel::{FieldCode, LOCALES, SkillId};

use super::{CatalogueError, ChapterDraft, LevelDraft, LevelSkill, Translated};
use crate::{ItemProblem, judge::MAX_SCORE};

pub const MAX_TITLE_CHARS: usize = 200;
/// Chapters and levels are numbered from 1 up to this.
pub const MAX_LEVEL_NUMBER: u32 = 999;
pub const MAX_SKILLS_PER_LEVEL: usize = 20;
/// The most entries (chapters, levels, skills and approaches together) one import takes.
pub const MAX_IMPORT_ENTRIES: usize = 5_000;

/// The problems of a title: English required, known languages only, each text short and
/// printable once trimmed. Blank translations are dropped.
pub(super) fn title_problems(field: &str, title: &Translated) -> Vec<ItemProblem> {
    let mut problems = Vec::new();
    if title.en().trim().is_empty() {
        problems.push(ItemProblem::new(format!("{field}.en"), FieldCode::Required));
    }
    for (locale, text) in title.iter() {
        let at = format!("{field}.{locale}");
        if !LOCALES.contains(&locale) {
            problems.push(ItemProblem::new(at, FieldCode::UnknownLanguage));
        } else if text.chars().count() > MAX_TITLE_CHARS {
            problems.push(ItemProblem::new(at, FieldCode::TooLong));
        } else if text.trim().chars().any(char::is_control) {
            // Spaces, tabs and line breaks around it are trimmed away, as around a name.
            problems.push(ItemProblem::new(at, FieldCode::ControlCharacter));
        }
    }
    problems
}

/// The title trimmed, without blank translations.
pub(super) fn tidy(title: &Translated) -> Translated {
    Translated::new(title.iter().map(|(l, t)| (l.to_owned(), t.trim().to_owned())).filter(|(_, t)| !t.is_empty()))
}

pub(super) fn number_problems(field: &str, number: u32) -> Option<ItemProblem> {
    (!(1..=MAX_LEVEL_NUMBER).contains(&number)).then(|| ItemProblem::new(field, FieldCode::OutOfRange))
}

pub(super) fn level_problems(max_score: u32, skills: usize) -> Vec<ItemProblem> {
    let mut problems = Vec::new();
    if !(1..=MAX_SCORE).contains(&max_score) {
        problems.push(ItemProblem::new("max_score", FieldCode::OutOfRange));
    }
    if skills == 0 {
        problems.push(ItemProblem::new("skills", FieldCode::Required));
    } else if skills > MAX_SKILLS_PER_LEVEL {
        problems.push(ItemProblem::new("skills", FieldCode::OutOfRange));
    }
    problems
}

/// A level's skills with their maxima, once each and by id: an omitted maximum is an even share
/// of the level's (the remainder going to the first skills, and at least 1 point); a given one
/// lies between 1 and the level's maximum. Unknown ids are the caller's to find.
pub(super) fn skill_maxima(max_score: u32, skills: &[(SkillId, Option<u32>)]) -> (Vec<LevelSkill>, Vec<ItemProblem>) {
    let mut skills = skills.to_vec();
    skills.sort_by_key(|(skill, _)| *skill);
    skills.dedup_by_key(|(skill, _)| *skill);
    let count = u32::try_from(skills.len()).unwrap_or(u32::MAX).max(1);
    let mut problems = Vec::new();
    let maxima = skills
        .iter()
        .zip(0..)
        .map(|(&(skill, given), k)| {
            let share = (max_score / count + u32::from(k < max_score % count)).max(1);
            let max_points = given.unwrap_or(share);
            if !(1..=max_score.max(1)).contains(&max_points) {
                problems.push(ItemProblem::new(format!("skills.{skill}"), FieldCode::OutOfRange));
            }
            LevelSkill { skill, max_points }
        })
        .collect();
    (maxima, problems)
}

pub(super) fn check_title(field: &str, title: Translated) -> Result<Translated, CatalogueError> {
    let title = tidy(&title);
    let problems = title_problems(field, &title);
    if problems.is_empty() { Ok(title) } else { Err(CatalogueError::Invalid(problems)) }
}

pub(super) fn check_chapter(draft: ChapterDraft) -> Result<ChapterDraft, CatalogueError> {
    let title = tidy(&draft.title);
    let mut problems = title_problems("title", &title);
    problems.extend(number_problems("number", draft.number));
    if problems.is_empty() { Ok(ChapterDraft { title, ..draft }) } else { Err(CatalogueError::Invalid(problems)) }
}

/// The draft tidied, and its skills with their maxima.
pub(super) fn check_level(mut draft: LevelDraft) -> Result<(LevelDraft, Vec<LevelSkill>), CatalogueError> {
    draft.title = tidy(&draft.title);
    let mut problems = title_problems("title", &draft.title);
    problems.extend(number_problems("number", draft.number));
    let (skills, maxima_problems) = skill_maxima(draft.max_score, &draft.skills);
    problems.extend(level_problems(draft.max_score, skills.len()));
    problems.extend(maxima_problems);
    if problems.is_empty() { Ok((draft, skills)) } else { Err(CatalogueError::Invalid(problems)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(problems: &[ItemProblem]) -> Vec<(&str, FieldCode)> {
        problems.iter().map(|p| (p.field.as_str(), p.code)).collect()
    }

    #[test]
    fn omitted_skill_maxima_share_the_level_evenly_and_given_ones_stay_within_it() {
        let mut ids = [SkillId::new(), SkillId::new(), SkillId::new()];
        ids.sort_unstable();
        let (maxima, problems) =
            skill_maxima(100, &[(ids[2], None), (ids[0], None), (ids[1], None), (ids[0], Some(7))]);
        let points: Vec<u32> = maxima.iter().map(|s| s.max_points).collect();
        assert_eq!(points, [34, 33, 33], "by id, once each, the remainder to the first");
        assert!(problems.is_empty());
        let (maxima, problems) = skill_maxima(60, &[(ids[0], Some(45)), (ids[1], Some(61)), (ids[2], Some(0))]);
        assert_eq!(maxima[0].max_points, 45, "a skill need not take an even share");
        assert_eq!(
            fields(&problems),
            [
                (format!("skills.{}", ids[1]).as_str(), FieldCode::OutOfRange),
                (format!("skills.{}", ids[2]).as_str(), FieldCode::OutOfRange)
            ]
        );
    }

    #[test]
    fn a_title_needs_english_and_known_languages() {
        let title = Translated::new([
            ("fr".to_owned(), "x".repeat(MAX_TITLE_CHARS + 1)),
            ("de".to_owned(), "Kapitel".to_owned()),
            ("zh".to_owned(), "第\u{7}章".to_owned()),
        ]);
        assert_eq!(
            fields(&title_problems("title", &title)),
            [
                ("title.en", FieldCode::Required),
                ("title.de", FieldCode::UnknownLanguage),
                ("title.fr", FieldCode::TooLong),
                ("title.zh", FieldCode::ControlCharacter)
            ]
        );
    }

    #[test]
    fn blank_translations_are_dropped_and_texts_trimmed() {
        let title = check_title(
            "name",
            Translated::new([("en".to_owned(), " Leadership ".to_owned()), ("it".to_owned(), "  ".to_owned())]),
        )
        .unwrap();
        assert_eq!(title, Translated::english("Leadership"));
    }

    #[test]
    fn numbers_scores_and_skills_have_ranges() {
        assert_eq!(number_problems("number", 0).map(|p| p.code), Some(FieldCode::OutOfRange));
        assert_eq!(number_problems("number", MAX_LEVEL_NUMBER), None);
        assert_eq!(
            fields(&level_problems(0, 0)),
            [("max_score", FieldCode::OutOfRange), ("skills", FieldCode::Required)]
        );
        assert_eq!(fields(&level_problems(MAX_SCORE + 1, MAX_SKILLS_PER_LEVEL + 1)).len(), 2);
        assert!(level_problems(100, 3).is_empty());
    }
}
