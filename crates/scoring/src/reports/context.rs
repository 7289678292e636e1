//! What an export says about itself above its table, in the reader's language: its title (the
//! view), the filters in words, who exported it and when.

use time::{Date, OffsetDateTime};

use super::{Filter, Measure, View, labels::header, levels_in_order};
use crate::Catalogue;

/// An export's title and its facts, one per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    pub title: String,
    pub facts: Vec<Fact>,
}

/// A labelled fact: a filter, or who exported the report and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub label: String,
    pub value: FactValue,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactValue {
    Text(String),
    Day(Date),
    At(OffsetDateTime),
}

/// The names of the company, batch and trainee a filter gives, as the reader may know them:
/// the id asked for where the reader sees no results of it.
#[derive(Clone, Debug, Default)]
pub(super) struct FilterNames {
    pub company: Option<String>,
    pub batch: Option<String>,
    pub trainee: Option<String>,
}

/// Who exported, and when.
pub(super) struct Signature<'a> {
    pub by: &'a str,
    pub at: OffsetDateTime,
}

/// The context of an export of `view`: the filters that were given (which attempt counts and
/// the measure, except for the attempts themselves), then who exported it and when.
pub(super) fn context(
    view: View,
    measure: Measure,
    filter: &Filter,
    names: FilterNames,
    catalogue: &Catalogue,
    signature: &Signature<'_>,
    locale: &str,
) -> Context {
    let mut facts = Vec::new();
    let mut fact = |key: &str, value: FactValue| facts.push(Fact { label: header(key, locale).to_owned(), value });
    for (key, name) in [("company", names.company), ("batch", names.batch), ("trainee", names.trainee)] {
        if let Some(name) = name {
            fact(key, FactValue::Text(name));
        }
    }
    if let Some(id) = filter.chapter {
        let chapter = catalogue.chapters.iter().find(|c| c.id == id);
        fact(
            "chapter",
            FactValue::Text(chapter.map_or(id.to_string(), |c| format!("{} {}", c.number, c.title.get(locale)))),
        );
    }
    if let Some(id) = filter.level {
        let level = levels_in_order(catalogue).into_iter().find(|(_, l)| l.id == id);
        let name =
            level.map_or(id.to_string(), |(chapter, l)| format!("{chapter}.{} {}", l.number, l.title.get(locale)));
        fact("level", FactValue::Text(name));
    }
    for (key, day) in [("from", filter.from), ("to", filter.to)] {
        if let Some(day) = day {
            fact(key, FactValue::Day(day));
        }
    }
    if view != View::Attempts {
        fact("attempt", FactValue::Text(header(&format!("pick_{}", filter.pick.as_str()), locale).to_owned()));
        let measure = match measure {
            Measure::Percent => "measure_percent",
            Measure::Absolute => "measure_absolute",
        };
        fact("measure", FactValue::Text(header(measure, locale).to_owned()));
    }
    fact("exported_by", FactValue::Text(signature.by.to_owned()));
    fact("exported_at", FactValue::At(signature.at));
    Context { title: header(&format!("view_{}", view.as_str()), locale).to_owned(), facts }
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::*;
    use crate::reports::Pick;

    #[test]
    fn an_export_says_its_view_the_given_filters_and_who_exported_it_when() {
        let filter = Filter { from: Some(date!(2025 - 03 - 01)), pick: Pick::Latest, ..Filter::default() };
        let names = FilterNames { company: Some("Orbis".into()), ..FilterNames::default() };
        let at = datetime!(2025-04-02 10:30 UTC);
        let signature = Signature { by: "Ada Admin", at };
        let said = context(View::Skill, Measure::Percent, &filter, names, &Catalogue::default(), &signature, "fr");
        assert_eq!(said.title, "Résultats par compétence");
        let facts: Vec<(&str, &FactValue)> = said.facts.iter().map(|f| (f.label.as_str(), &f.value)).collect();
        assert_eq!(
            facts,
            [
                ("Entreprise", &FactValue::Text("Orbis".into())),
                ("Du", &FactValue::Day(date!(2025 - 03 - 01))),
                ("Tentative retenue", &FactValue::Text("La dernière".into())),
                ("Mesure", &FactValue::Text("En pourcentage".into())),
                ("Exporté par", &FactValue::Text("Ada Admin".into())),
                ("Exporté le", &FactValue::At(at)),
            ]
        );
        let attempts = context(
            View::Attempts,
            Measure::Percent,
            &filter,
            FilterNames::default(),
            &Catalogue::default(),
            &signature,
            "en",
        );
        assert_eq!(attempts.title, "Attempts");
        assert_eq!(attempts.facts.len(), 3, "neither the counted attempt nor the measure: every attempt is listed");
    }
}
