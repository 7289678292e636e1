//! Where a trainee's seat comes from, and the check of an import before anything is written.
//! Both are pure: the import preview and the import itself run the same plan.

use kernel::FieldCode;
use std::collections::{HashMap, HashSet};

use kernel::{AllocationId, BatchId, Email};
use time::Date;

use crate::{AllocationUse, Batch, FieldProblem, drafts};

/// The allocations a trainee of `batches` may take a seat from on `today`, best first: one
/// reserved for their batch before a company-wide one, the one ending soonest first (so seats
/// that would lapse are used before those that last).
#[must_use]
pub fn seat_sources<'a>(open: &'a [AllocationUse], batches: &[BatchId], today: Date) -> Vec<&'a AllocationUse> {
    let mut sources: Vec<_> = open
        .iter()
        .filter(|u| u.allocation.valid_on(today) && u.taken < u.allocation.seats)
        .filter(|u| u.allocation.batch.is_none_or(|b| batches.contains(&b)))
        .collect();
    sources.sort_by_key(|u| (u.allocation.batch.is_none(), u.allocation.valid_until, u.allocation.id));
    sources
}

/// One row of an uploaded file, as read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportRow {
    /// The line in the file (the header is line 1).
    pub line: usize,
    pub name: String,
    pub email: String,
    /// A batch name of the company; empty for the import's default batch.
    pub batch: String,
    /// The trainee's language (of their invitation and screens); empty for the import's
    /// default language.
    pub locale: String,
}

/// The verdict on one row: where the trainee would go, or why they cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowPlan {
    pub row: ImportRow,
    pub email: Option<Email>,
    pub batch: Option<BatchId>,
    pub allocation: Option<AllocationId>,
    pub locale: Option<&'static str>,
    /// Empty when the row can be imported.
    pub problems: Vec<FieldProblem>,
}

impl RowPlan {
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// What an import needs to know of the company.
#[derive(Clone, Debug)]
pub struct ImportContext<'a> {
    pub batches: &'a [Batch],
    pub default_batch: Option<BatchId>,
    /// The language of rows that name none.
    pub default_locale: &'static str,
    /// E-mails already used by anyone.
    pub taken_emails: &'a HashSet<Email>,
    pub open: Vec<AllocationUse>,
    pub today: Date,
}

/// Checks every row — e-mail, name, duplicates (in the file and in the portal), batch,
/// language, and a seat for each — as if the rows were imported in order.
#[must_use]
pub fn plan_import(rows: Vec<ImportRow>, context: ImportContext<'_>) -> Vec<RowPlan> {
    let by_name: HashMap<String, BatchId> =
        context.batches.iter().map(|b| (b.name.trim().to_lowercase(), b.id)).collect();
    let mut open = context.open;
    let mut seen = HashSet::new();
    rows.into_iter()
        .map(|row| {
            let mut problems = Vec::new();
            if let Err(problem) = drafts::text("name", &row.name, drafts::NAME_MAX) {
                problems.push(problem);
            }
            let email = drafts::email("email", &row.email).map_err(|p| problems.push(p)).ok();
            if let Some(email) = &email {
                if !seen.insert(email.clone()) {
                    problems.push(FieldProblem::new("email", FieldCode::Duplicate));
                } else if context.taken_emails.contains(email) {
                    problems.push(FieldProblem::new("email", FieldCode::Taken));
                }
            }
            let batch = if row.batch.trim().is_empty() {
                context.default_batch
            } else {
                let found = by_name.get(&row.batch.trim().to_lowercase()).copied();
                if found.is_none() {
                    problems.push(FieldProblem::new("batch", FieldCode::UnknownBatch));
                }
                found
            };
            let locale =
                drafts::locale("locale", &row.locale, context.default_locale).map_err(|p| problems.push(p)).ok();
            let mut allocation = None;
            if problems.is_empty() {
                let batches: Vec<BatchId> = batch.into_iter().collect();
                let source = seat_sources(&open, &batches, context.today).first().map(|u| u.allocation.id);
                match source.and_then(|id| open.iter_mut().find(|u| u.allocation.id == id)) {
                    Some(source) => {
                        source.taken += 1;
                        allocation = Some(source.allocation.id);
                    }
                    None => problems.push(FieldProblem::new("seat", FieldCode::NoSeatLeft)),
                }
            }
            RowPlan { row, email, batch, allocation, locale, problems }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Allocation;
    use kernel::CompanyId;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 22);

    fn allocation(company: CompanyId, batch: Option<BatchId>, seats: u32, until: Date) -> AllocationUse {
        AllocationUse {
            allocation: Allocation {
                id: AllocationId::new(),
                company,
                batch,
                seats,
                valid_from: date!(2026 - 01 - 01),
                valid_until: until,
            },
            taken: 0,
            activated: 0,
        }
    }

    fn batch(company: CompanyId, name: &str) -> Batch {
        Batch { id: BatchId::new(), company, name: name.into(), starts_on: None, ends_on: None, active: true }
    }

    fn row(line: usize, name: &str, email: &str, batch: &str) -> ImportRow {
        ImportRow { line, name: name.into(), email: email.into(), batch: batch.into(), locale: String::new() }
    }

    #[test]
    fn a_batch_seat_is_used_before_a_company_wide_one_and_the_soonest_ending_first() {
        let company = CompanyId::new();
        let cohort = BatchId::new();
        let open = [
            allocation(company, None, 5, date!(2027 - 01 - 01)),
            allocation(company, Some(cohort), 5, date!(2027 - 06 - 01)),
            allocation(company, None, 5, date!(2026 - 12 - 01)),
            allocation(company, Some(BatchId::new()), 5, date!(2026 - 12 - 01)),
        ];
        let order: Vec<_> = seat_sources(&open, &[cohort], TODAY).iter().map(|u| u.allocation.id).collect();
        assert_eq!(order, [open[1].allocation.id, open[2].allocation.id, open[0].allocation.id]);
    }

    #[test]
    fn every_bad_row_is_reported_with_its_reason_and_the_fourth_trainee_finds_no_seat() {
        let company = CompanyId::new();
        let cohort = batch(company, "Cohort A");
        let taken = HashSet::from([Email::parse("ravi@orbis.example").unwrap()]);
        let rows = vec![
            row(2, "Asha", "asha@orbis.example", ""),
            row(3, "Ravi", "RAVI@orbis.example", ""),
            row(4, "Bad", "not-an-email", ""),
            row(5, "Lena", "lena@orbis.example", "cohort a"),
            row(6, "Lena again", "lena@orbis.example", ""),
            row(7, "Omar", "omar@orbis.example", "Cohort Z"),
            row(8, "Chen", "chen@orbis.example", ""),
            row(9, "Dara", "dara@orbis.example", ""),
        ];
        let context = ImportContext {
            batches: std::slice::from_ref(&cohort),
            default_batch: Some(cohort.id),
            default_locale: "en",
            taken_emails: &taken,
            open: vec![allocation(company, None, 3, date!(2027 - 01 - 01))],
            today: TODAY,
        };
        let verdicts: Vec<_> = plan_import(rows, context)
            .into_iter()
            .map(|p| (p.row.line, p.problems.iter().map(|f| f.code.as_str()).collect::<Vec<_>>()))
            .collect();
        assert_eq!(
            verdicts,
            [
                (2, vec![]),
                (3, vec!["TAKEN"]),
                (4, vec!["INVALID_EMAIL"]),
                (5, vec![]),
                (6, vec!["DUPLICATE"]),
                (7, vec!["UNKNOWN_BATCH"]),
                (8, vec![]),
                (9, vec!["NO_SEAT_LEFT"]),
            ]
        );
    }

    #[test]
    fn a_row_keeps_its_language_takes_the_default_without_one_and_names_an_unknown_one() {
        let company = CompanyId::new();
        let languages = ["fr", " AR ", "", "klingon"];
        let rows = languages
            .iter()
            .enumerate()
            .map(|(i, locale)| ImportRow {
                locale: (*locale).into(),
                ..row(i + 2, "Asha", &format!("a{i}@orbis.example"), "")
            })
            .collect();
        let context = ImportContext {
            batches: &[],
            default_batch: None,
            default_locale: "it",
            taken_emails: &HashSet::new(),
            open: vec![allocation(company, None, 9, date!(2027 - 01 - 01))],
            today: TODAY,
        };
        let plans = plan_import(rows, context);
        let verdicts: Vec<_> = plans.iter().map(|p| (p.locale, p.problems.clone())).collect();
        assert_eq!(
            verdicts,
            [
                (Some("fr"), vec![]),
                (Some("ar"), vec![]),
                (Some("it"), vec![]),
                (None, vec![FieldProblem::new("locale", FieldCode::UnknownLanguage)]),
            ]
        );
    }
}
