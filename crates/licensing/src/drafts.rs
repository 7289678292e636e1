//! What an admin typed into a form, and the checks that turn it into a record. Each failed
//! check names its field and a stable code the UI translates with the seed's messages.

use kernel::FieldCode;
pub use kernel::FieldProblem;
use kernel::{AllocationId, BatchId, CompanyId, CountryId, Email, EmailError, IndustryId, SessionMinutes};
use time::Date;

use crate::{Allocation, Batch, Company, Country, Industry};

/// The longest name (of a company, batch, country, industry) a form accepts.
pub const NAME_MAX: usize = 120;
/// The longest remark.
pub const REMARK_MAX: usize = 1_000;
/// The most seats one allocation may hold.
pub const SEATS_MAX: i64 = 100_000;

/// The earliest and latest date a form accepts: a year like −1 or 9999 is a typing mistake,
/// and every date the portal stores must survive the spec's `date` format and the UI.
pub const EARLIEST_DATE: Date = time::macros::date!(2000 - 01 - 01);
pub const LATEST_DATE: Date = time::macros::date!(2100 - 12 - 31);

/// The problems of one form; never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid fields: {0:?}")]
pub struct Invalid(pub Vec<FieldProblem>);

/// Collects field problems while a draft is checked.
#[derive(Default)]
struct Checks(Vec<FieldProblem>);

impl Checks {
    fn text(&mut self, field: &'static str, value: &str, max: usize) -> String {
        text(field, value, max).unwrap_or_else(|problem| {
            self.0.push(problem);
            value.trim().to_owned()
        })
    }

    /// Multi-line free text that may be left empty (`TOO_LONG`, `CONTROL_CHARACTER`).
    fn free_text(&mut self, field: &'static str, value: &str, max: usize) -> String {
        let value = value.trim();
        if value.chars().count() > max {
            self.problem(field, FieldCode::TooLong);
        } else if value.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
            self.problem(field, FieldCode::ControlCharacter);
        }
        value.to_owned()
    }

    /// A date within [`EARLIEST_DATE`]..=[`LATEST_DATE`] (`DATE_RANGE`).
    fn date(&mut self, field: &'static str, value: Option<Date>) -> Option<Date> {
        if value.is_some_and(|d| !(EARLIEST_DATE..=LATEST_DATE).contains(&d)) {
            self.problem(field, FieldCode::DateRange);
        }
        value
    }

    fn required<T: Copy>(&mut self, field: &'static str, value: Option<T>) -> Option<T> {
        if value.is_none() {
            self.0.push(FieldProblem::new(field, FieldCode::Required));
        }
        value
    }

    fn problem(&mut self, field: &'static str, code: FieldCode) {
        self.0.push(FieldProblem::new(field, code));
    }

    fn finish<T>(self, record: impl FnOnce() -> Option<T>) -> Result<T, Invalid> {
        match (self.0.is_empty(), record()) {
            (true, Some(record)) => Ok(record),
            _ => Err(Invalid(self.0)),
        }
    }
}

/// A required one-line text field such as a name, trimmed (`REQUIRED`, `TOO_LONG`,
/// `CONTROL_CHARACTER`: NUL, line breaks and their kin never belong in a name).
///
/// # Errors
/// The field's problem.
pub fn text(field: &'static str, raw: &str, max: usize) -> Result<String, FieldProblem> {
    let value = raw.trim();
    match kernel::text_problem(value, max) {
        Some(code) => Err(FieldProblem::new(field, code)),
        None => Ok(value.to_owned()),
    }
}

/// Parses an e-mail field (`REQUIRED`, `INVALID_EMAIL`).
///
/// # Errors
/// The field's problem.
pub fn email(field: &'static str, raw: &str) -> Result<Email, FieldProblem> {
    Email::parse(raw).map_err(|e| match e {
        EmailError::Empty => FieldProblem::new(field, FieldCode::Required),
        EmailError::Invalid(_) => FieldProblem::new(field, FieldCode::InvalidEmail),
    })
}

/// A language field: one of [`kernel::LOCALES`] in any case, or `default` when left empty
/// (`UNKNOWN_LANGUAGE`).
///
/// # Errors
/// The field's problem.
pub fn locale(field: &'static str, raw: &str, default: &'static str) -> Result<&'static str, FieldProblem> {
    let wanted = raw.trim();
    if wanted.is_empty() {
        return Ok(default);
    }
    kernel::LOCALES
        .into_iter()
        .find(|l| l.eq_ignore_ascii_case(wanted))
        .ok_or(FieldProblem::new(field, FieldCode::UnknownLanguage))
}

#[derive(Clone, Debug, Default)]
pub struct CountryDraft {
    pub name: String,
    pub iso_code: String,
    pub active: bool,
}

impl CountryDraft {
    /// # Errors
    /// [`Invalid`] naming every field at fault.
    pub fn check(&self, id: CountryId) -> Result<Country, Invalid> {
        let mut checks = Checks::default();
        let name = checks.text("name", &self.name, NAME_MAX);
        let iso_code = self.iso_code.trim().to_ascii_uppercase();
        if iso_code.len() != 2 || !iso_code.bytes().all(|b| b.is_ascii_uppercase()) {
            checks.problem("iso_code", FieldCode::IsoCode);
        }
        checks.finish(|| Some(Country { id, name, iso_code, active: self.active }))
    }
}

#[derive(Clone, Debug, Default)]
pub struct IndustryDraft {
    pub name: String,
    pub active: bool,
}

impl IndustryDraft {
    /// # Errors
    /// [`Invalid`] naming every field at fault.
    pub fn check(&self, id: IndustryId) -> Result<Industry, Invalid> {
        let mut checks = Checks::default();
        let name = checks.text("name", &self.name, NAME_MAX);
        checks.finish(|| Some(Industry { id, name, active: self.active }))
    }
}

#[derive(Clone, Debug, Default)]
pub struct CompanyDraft {
    pub name: String,
    pub email: String,
    pub contact_person: String,
    pub industry: Option<IndustryId>,
    pub country: Option<CountryId>,
    pub remark: String,
    pub session_minutes: Option<i64>,
    pub active: bool,
}

impl CompanyDraft {
    /// # Errors
    /// [`Invalid`] naming every field at fault.
    pub fn check(&self, id: CompanyId) -> Result<Company, Invalid> {
        let mut checks = Checks::default();
        let name = checks.text("name", &self.name, NAME_MAX);
        let email = email("email", &self.email).map_err(|p| checks.0.push(p)).ok();
        let contact_person = checks.text("contact_person", &self.contact_person, NAME_MAX);
        let industry = checks.required("industry_id", self.industry);
        let country = checks.required("country_id", self.country);
        let remark = checks.free_text("remark", &self.remark, REMARK_MAX);
        let session_minutes = match self.session_minutes.map(SessionMinutes::new) {
            None => checks.required::<SessionMinutes>("session_minutes", None),
            Some(Ok(minutes)) => Some(minutes),
            Some(Err(_)) => {
                checks.problem("session_minutes", FieldCode::SessionMinutes);
                None
            }
        };
        checks.finish(|| {
            Some(Company {
                id,
                name,
                email: email?,
                contact_person,
                industry: industry?,
                country: country?,
                remark,
                session_minutes: session_minutes?,
                active: self.active,
            })
        })
    }
}

#[derive(Clone, Debug, Default)]
pub struct BatchDraft {
    pub company: Option<CompanyId>,
    pub name: String,
    pub starts_on: Option<Date>,
    pub ends_on: Option<Date>,
    pub active: bool,
}

impl BatchDraft {
    /// # Errors
    /// [`Invalid`] naming every field at fault.
    pub fn check(&self, id: BatchId) -> Result<Batch, Invalid> {
        let mut checks = Checks::default();
        let company = checks.required("company_id", self.company);
        let name = checks.text("name", &self.name, NAME_MAX);
        let starts_on = checks.date("starts_on", self.starts_on);
        let ends_on = checks.date("ends_on", self.ends_on);
        if let (Some(start), Some(end)) = (starts_on, ends_on)
            && end < start
        {
            checks.problem("ends_on", FieldCode::DateOrder);
        }
        checks.finish(|| Some(Batch { id, company: company?, name, starts_on, ends_on, active: self.active }))
    }
}

#[derive(Clone, Debug, Default)]
pub struct AllocationDraft {
    pub company: Option<CompanyId>,
    pub batch: Option<BatchId>,
    pub seats: Option<i64>,
    pub valid_from: Option<Date>,
    pub valid_until: Option<Date>,
}

impl AllocationDraft {
    /// # Errors
    /// [`Invalid`] naming every field at fault.
    pub fn check(&self, id: AllocationId) -> Result<Allocation, Invalid> {
        let mut checks = Checks::default();
        let company = checks.required("company_id", self.company);
        let seats = match self.seats {
            None => checks.required::<u32>("seats", None),
            Some(n) if (1..=SEATS_MAX).contains(&n) => u32::try_from(n).ok(),
            Some(_) => {
                checks.problem("seats", FieldCode::Seats);
                None
            }
        };
        let valid_from = checks.required("valid_from", self.valid_from);
        let valid_from = checks.date("valid_from", valid_from);
        let valid_until = checks.required("valid_until", self.valid_until);
        let valid_until = checks.date("valid_until", valid_until);
        if let (Some(from), Some(until)) = (valid_from, valid_until)
            && until < from
        {
            checks.problem("valid_until", FieldCode::DateOrder);
        }
        checks.finish(|| {
            Some(Allocation {
                id,
                company: company?,
                batch: self.batch,
                seats: seats?,
                valid_from: valid_from?,
                valid_until: valid_until?,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_session_time_outside_one_to_sixty_minutes_is_refused() {
        let draft = CompanyDraft {
            name: "Meridian".into(),
            email: "ops@meridian.example".into(),
            contact_person: "Priya".into(),
            industry: Some(IndustryId::new()),
            country: Some(CountryId::new()),
            remark: "Pilot".into(),
            session_minutes: Some(61),
            active: true,
        };
        assert_eq!(
            draft.check(CompanyId::new()),
            Err(Invalid(vec![FieldProblem::new("session_minutes", FieldCode::SessionMinutes)]))
        );
        assert!(CompanyDraft { session_minutes: Some(60), ..draft }.check(CompanyId::new()).is_ok());
    }

    #[test]
    fn an_empty_company_form_names_every_required_field() {
        let Err(Invalid(problems)) = CompanyDraft::default().check(CompanyId::new()) else { panic!("accepted") };
        let fields: Vec<_> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(
            fields,
            ["name", "email", "contact_person", "industry_id", "country_id", "session_minutes"],
            "a remark is optional"
        );
    }

    #[test]
    fn an_allocation_needs_a_positive_count_and_ordered_dates() {
        let draft = AllocationDraft {
            company: Some(CompanyId::new()),
            batch: None,
            seats: Some(0),
            valid_from: Some(date!(2026 - 12 - 01)),
            valid_until: Some(date!(2026 - 11 - 01)),
        };
        assert_eq!(
            draft.check(AllocationId::new()),
            Err(Invalid(vec![
                FieldProblem::new("seats", FieldCode::Seats),
                FieldProblem::new("valid_until", FieldCode::DateOrder)
            ]))
        );
    }

    #[test]
    fn dates_outside_2000_to_2100_are_refused() {
        let batch = |starts_on| BatchDraft {
            company: Some(CompanyId::new()),
            name: "Cohort".into(),
            starts_on,
            ends_on: Some(date!(2026 - 12 - 31)),
            active: true,
        };
        let year_minus_one = Date::from_calendar_date(-1, time::Month::January, 1).unwrap();
        assert_eq!(
            batch(Some(year_minus_one)).check(BatchId::new()),
            Err(Invalid(vec![FieldProblem::new("starts_on", FieldCode::DateRange)]))
        );
        assert!(batch(Some(EARLIEST_DATE)).check(BatchId::new()).is_ok());
        let allocation = AllocationDraft {
            company: Some(CompanyId::new()),
            batch: None,
            seats: Some(5),
            valid_from: Some(date!(2026 - 01 - 01)),
            valid_until: LATEST_DATE.next_day(),
        };
        assert_eq!(
            allocation.check(AllocationId::new()),
            Err(Invalid(vec![FieldProblem::new("valid_until", FieldCode::DateRange)]))
        );
    }

    #[test]
    fn names_refuse_control_characters_and_remarks_keep_their_line_breaks() {
        for name in ["Meri\0dian", "Meri\ndian", "Meri\u{1b}dian", "Meri\u{7f}dian"] {
            assert_eq!(
                text("name", name, NAME_MAX),
                Err(FieldProblem::new("name", FieldCode::ControlCharacter)),
                "{name:?}"
            );
        }
        assert_eq!(text("name", "  Méridien 東京 ", NAME_MAX), Ok("Méridien 東京".into()));
        let mut checks = Checks::default();
        assert_eq!(checks.free_text("remark", "Pilot.\r\nSecond line\tok", REMARK_MAX), "Pilot.\r\nSecond line\tok");
        checks.free_text("remark", "nul\0", REMARK_MAX);
        assert_eq!(checks.0, [FieldProblem::new("remark", FieldCode::ControlCharacter)]);
    }

    #[test]
    fn iso_codes_are_two_letters_stored_upper_case() {
        let country = CountryDraft { name: " India ".into(), iso_code: "in".into(), active: true };
        let checked = country.check(CountryId::new()).unwrap();
        assert_eq!((checked.name.as_str(), checked.iso_code.as_str()), ("India", "IN"));
        let bad = CountryDraft { iso_code: "IND".into(), ..country };
        assert!(bad.check(CountryId::new()).is_err());
    }
}
