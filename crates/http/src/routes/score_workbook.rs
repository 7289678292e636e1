//! A score report as an Excel sheet: named after its view, its title and facts (filters, who
//! exported it and when) above the table, typed cells (percentages, durations, date-times as
//! Excel's), the header row frozen under an autofilter, written row by row in constant memory.

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};
use scoring::reports::{Column, Context, FactValue, Row, Unit, Value, header};
use time::{Date, OffsetDateTime};

/// The column key of the attempts' durations, in seconds: shown as a duration.
const DURATION: &str = "duration";
/// Excel's day 0 of its serial dates is 1899-12-30; 1970-01-01 is day 25,569.
const UNIX_EPOCH_SERIAL: f64 = 25_569.0;
const SECONDS_A_DAY: f64 = 86_400.0;

/// How a column's cells are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Text,
    Count,
    Points,
    /// Kept as 0–100, written as a share (0.3075 shown "30.8%").
    Percent,
    /// Kept in seconds, written as a fraction of a day.
    Duration,
    /// An instant in UTC.
    Time,
}

impl Kind {
    fn of(column: &Column) -> Self {
        match column.unit {
            _ if column.key == DURATION => Self::Duration,
            Unit::Text => Self::Text,
            Unit::Count => Self::Count,
            Unit::Points => Self::Points,
            Unit::Percent => Self::Percent,
            Unit::Time => Self::Time,
        }
    }

    /// The width of a typical value, in characters.
    const fn typical_width(self) -> usize {
        match self {
            Self::Text => 20,
            Self::Count | Self::Percent => 8,
            Self::Points | Self::Duration => 10,
            Self::Time => 20,
        }
    }
}

/// The number formats, made once.
struct Formats {
    title: Format,
    bold: Format,
    count: Format,
    points: Format,
    percent: Format,
    duration: Format,
    day: Format,
    time: Format,
}

impl Formats {
    fn new() -> Self {
        Self {
            title: Format::new().set_bold().set_font_size(14),
            bold: Format::new().set_bold(),
            count: Format::new().set_num_format("0"),
            points: Format::new().set_num_format("0.0"),
            percent: Format::new().set_num_format("0.0%"),
            duration: Format::new().set_num_format("[h]:mm:ss"),
            day: Format::new().set_num_format("yyyy-mm-dd"),
            time: Format::new().set_num_format("yyyy-mm-dd hh:mm \"UTC\""),
        }
    }
}

/// A workbook being written: its one sheet, its header row, and where the next row goes.
pub(super) struct ScoreWorkbook {
    workbook: Workbook,
    kinds: Vec<Kind>,
    formats: Formats,
    header_row: u32,
    next_row: u32,
}

impl ScoreWorkbook {
    /// The sheet with its title, facts and header row written, its columns sized from their
    /// headers and kinds (constant memory cannot fit them to the data afterwards).
    pub(super) fn new(
        context: &Context,
        row_header: &str,
        columns: &[Column],
        locale: &str,
    ) -> Result<Self, XlsxError> {
        let formats = Formats::new();
        let kinds: Vec<Kind> = columns.iter().map(Kind::of).collect();
        let labels: Vec<&str> = std::iter::once(row_header)
            .chain(columns.iter().zip(&kinds).map(|(column, kind)| match kind {
                Kind::Duration => header("duration_time", locale),
                _ => column.label.as_str(),
            }))
            .collect();
        let mut workbook = Workbook::new();
        // Rows go to a temporary file as they are written, not into memory.
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(sheet_name(&context.title))?;
        sheet.set_right_to_left(locale == "ar");
        let label_width = context.facts.iter().map(|f| display_width(&f.label)).max().unwrap_or(0);
        for (column, label) in (0u16..).zip(&labels) {
            let typical = match column {
                0 => label_width.max(30),
                // The facts' days and times stand in the first column of values.
                1 => Kind::Time.typical_width(),
                _ => kinds[usize::from(column) - 1].typical_width(),
            };
            // Room for the autofilter's button beside the header.
            let width = (display_width(label) + 3).max(typical).min(60);
            sheet.set_column_width(column, u32::try_from(width).unwrap_or(60))?;
        }
        sheet.write_string_with_format(0, 0, &context.title, &formats.title)?;
        for (row, fact) in (1u32..).zip(&context.facts) {
            sheet.write_string_with_format(row, 0, &fact.label, &formats.bold)?;
            match &fact.value {
                FactValue::Text(text) => sheet.write_string(row, 1, text)?,
                FactValue::Day(day) => sheet.write_number_with_format(row, 1, day_serial(*day), &formats.day)?,
                FactValue::At(at) => sheet.write_number_with_format(row, 1, time_serial(*at), &formats.time)?,
            };
        }
        let header_row = u32::try_from(context.facts.len()).unwrap_or(u32::MAX).saturating_add(1);
        for (column, label) in (0u16..).zip(&labels) {
            sheet.write_string_with_format(header_row, column, *label, &formats.bold)?;
        }
        sheet.set_freeze_panes(header_row + 1, 0)?;
        Ok(Self { workbook, kinds, formats, header_row, next_row: header_row + 1 })
    }

    /// Writes `rows` below the last: each cell as its column's kind (text is never a formula).
    pub(super) fn write(&mut self, rows: &[Row]) -> Result<(), XlsxError> {
        let sheet = self.workbook.worksheet_from_index(0)?;
        for row in rows {
            let r = self.next_row;
            sheet.write_string(r, 0, &row.label)?;
            for ((c, value), kind) in (1u16..).zip(&row.cells).zip(&self.kinds) {
                write_cell(sheet, &self.formats, (r, c), value.as_ref(), *kind)?;
            }
            self.next_row += 1;
        }
        Ok(())
    }

    /// The whole workbook, zipped into `file`, with the autofilter over the header and rows.
    pub(super) fn save(mut self, file: &mut std::fs::File) -> Result<(), XlsxError> {
        let last_column = u16::try_from(self.kinds.len()).unwrap_or(u16::MAX);
        let last_row = self.next_row - 1;
        self.workbook.worksheet_from_index(0)?.autofilter(self.header_row, 0, last_row, last_column)?;
        self.workbook.save_to_writer(file)
    }
}

fn write_cell(
    sheet: &mut Worksheet,
    formats: &Formats,
    (r, c): (u32, u16),
    value: Option<&Value>,
    kind: Kind,
) -> Result<(), XlsxError> {
    match (value, kind) {
        (None, _) => {}
        (Some(Value::Text(text)), _) => {
            sheet.write_string(r, c, text)?;
        }
        (Some(Value::Time(at)), _) => {
            sheet.write_number_with_format(r, c, time_serial(*at), &formats.time)?;
        }
        (Some(Value::Number(n)), Kind::Percent) => {
            sheet.write_number_with_format(r, c, n / 100.0, &formats.percent)?;
        }
        (Some(Value::Number(n)), Kind::Duration) => {
            sheet.write_number_with_format(r, c, n / SECONDS_A_DAY, &formats.duration)?;
        }
        (Some(Value::Number(n)), Kind::Count) => {
            sheet.write_number_with_format(r, c, *n, &formats.count)?;
        }
        (Some(Value::Number(n)), Kind::Points | Kind::Text | Kind::Time) => {
            sheet.write_number_with_format(r, c, *n, &formats.points)?;
        }
    }
    Ok(())
}

/// Excel's serial date of a day.
fn day_serial(day: Date) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let days = (day - OffsetDateTime::UNIX_EPOCH.date()).whole_days() as f64;
    UNIX_EPOCH_SERIAL + days
}

/// Excel's serial date-time of an instant, in UTC (Excel's date-times have no zone).
fn time_serial(at: OffsetDateTime) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let seconds = at.unix_timestamp_nanos() as f64 / 1e9;
    UNIX_EPOCH_SERIAL + seconds / SECONDS_A_DAY
}

/// A sheet name Excel takes: none of `[]:*?/\`, no `'` at either end, at most 31 characters.
fn sheet_name(title: &str) -> String {
    let name: String = title
        .chars()
        .map(|c| if "[]:*?/\\".contains(c) { ' ' } else { c })
        .collect::<String>()
        .trim_matches(|c: char| c == '\'' || c.is_whitespace())
        .chars()
        .take(31)
        .collect();
    let name = name.trim_end_matches('\'').trim_end().to_owned();
    if name.is_empty() { "Scores".to_owned() } else { name }
}

/// About how many character widths `text` takes: wide (CJK) characters count twice.
fn display_width(text: &str) -> usize {
    text.chars().map(|c| if ('\u{2E80}'..='\u{FFEF}').contains(&c) { 2 } else { 1 }).sum()
}

#[cfg(test)]
mod tests {
    use time::macros::{date, datetime};

    use super::*;

    #[test]
    fn a_sheet_name_is_one_excel_takes() {
        assert_eq!(sheet_name("Scores by skill"), "Scores by skill");
        assert_eq!(sheet_name("a/b[c]:d*e?f\\g"), "a b c  d e f g");
        assert_eq!(sheet_name("'Résultats par compétence, très longs'"), "Résultats par compétence, très");
        assert_eq!(sheet_name("[]"), "Scores");
    }

    #[test]
    fn days_and_instants_are_excel_serial_dates() {
        assert!((day_serial(date!(1970 - 01 - 01)) - 25_569.0).abs() < f64::EPSILON);
        assert!((day_serial(date!(2025 - 01 - 01)) - 45_658.0).abs() < f64::EPSILON);
        assert!((time_serial(datetime!(2025-01-01 18:00 UTC)) - 45_658.75).abs() < 1e-9);
        assert!((time_serial(datetime!(2025-01-01 20:00 +2)) - 45_658.75).abs() < 1e-9, "in UTC");
    }

    #[test]
    fn wide_characters_take_two_widths() {
        assert_eq!(display_width("Score"), 5);
        assert_eq!(display_width("得分"), 4);
    }
}
