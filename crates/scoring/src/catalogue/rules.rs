//! What makes a catalogue entry acceptable on its own; what it must agree with in the rest of
//! the catalogue is checked where the change is planned.

use kernel::{FieldCode, LOCALES};

use super::{CatalogueError, ChapterDraft, LevelDraft, Translated};
use crate::{ItemProblem, judge::MAX_SCORE};

pub const MAX_TITLE_CHARS: usize = 200;
/// Chapters and levels are numbered from 1 up to this.
pub const MAX_LEVEL_NUMBER: u32 = 999;
pub const MAX_SKILLS_PER_LEVEL: usize = 20;
/// The most entries (chapters, levels, skills and approaches together) one import takes.
pub const MAX_IMPORT_ENTRIES: usize = 5_000;

/// The problems of a title: English required, known languages only, each text short and
/// printable. Blank translations are dropped.
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
        } else if text.chars().any(char::is_control) {
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

pub(super) fn check_level(mut draft: LevelDraft) -> Result<LevelDraft, CatalogueError> {
    draft.title = tidy(&draft.title);
    draft.skills.sort_unstable();
    draft.skills.dedup();
    let mut problems = title_problems("title", &draft.title);
    problems.extend(number_problems("number", draft.number));
    problems.extend(level_problems(draft.max_score, draft.skills.len()));
    if problems.is_empty() { Ok(draft) } else { Err(CatalogueError::Invalid(problems)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(problems: &[ItemProblem]) -> Vec<(&str, FieldCode)> {
        problems.iter().map(|p| (p.field.as_str(), p.code)).collect()
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
