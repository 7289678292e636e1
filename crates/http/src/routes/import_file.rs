//! Reading the rows of an uploaded trainee list: CSV (UTF-8, comma or semicolon) or XLSX
//! (the first sheet). Columns are found by their header — `name`, `email`, and optionally
//! `batch` and `language` — in any order and case.

use kernel::FieldCode;
use std::io::Cursor;

use calamine::{Reader, Xlsx};
use licensing::ImportRow;

/// The most rows one import takes.
pub const MAX_ROWS: usize = 5_000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FileError {
    #[error("the file is not a readable CSV or XLSX file")]
    Unreadable,
    #[error("the header has no `{0}` column")]
    MissingColumn(&'static str),
    #[error("the file has more than {MAX_ROWS} rows")]
    TooManyRows,
}

impl FileError {
    /// The stable code of the `file` field's problem.
    #[must_use]
    pub fn code(&self) -> FieldCode {
        match self {
            Self::Unreadable => FieldCode::FileUnreadable,
            Self::MissingColumn("name") => FieldCode::ColumnNameMissing,
            Self::MissingColumn(_) => FieldCode::ColumnEmailMissing,
            Self::TooManyRows => FieldCode::TooManyRows,
        }
    }
}

/// The rows of `bytes`, an XLSX workbook (a ZIP archive) or CSV text.
///
/// # Errors
/// [`FileError`] for a file that cannot be read or lacks a column.
pub fn read_rows(bytes: &[u8]) -> Result<Vec<ImportRow>, FileError> {
    let table = if bytes.starts_with(b"PK\x03\x04") { xlsx_table(bytes)? } else { csv_table(bytes)? };
    let mut lines = table.into_iter();
    let header: Vec<String> = lines.next().unwrap_or_default().1.iter().map(|h| normalise(h)).collect();
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let name = column(&["name", "fullname", "trainee"]).ok_or(FileError::MissingColumn("name"))?;
    let email = column(&["email", "emailaddress", "mail"]).ok_or(FileError::MissingColumn("email"))?;
    let batch = column(&["batch", "batchname"]);
    let locale = column(&["language", "locale", "lang"]);
    let cell = |row: &[String], index: usize| row.get(index).map(|c| c.trim().to_owned()).unwrap_or_default();
    let rows: Vec<ImportRow> = lines
        .filter(|(_, row)| row.iter().any(|c| !c.trim().is_empty()))
        .map(|(line, row)| ImportRow {
            line,
            name: cell(&row, name),
            email: cell(&row, email),
            batch: batch.map(|b| cell(&row, b)).unwrap_or_default(),
            locale: locale.map(|l| cell(&row, l)).unwrap_or_default(),
        })
        .collect();
    if rows.len() > MAX_ROWS {
        return Err(FileError::TooManyRows);
    }
    Ok(rows)
}

/// `E-mail Address` → `emailaddress`.
fn normalise(header: &str) -> String {
    header.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// Each row of the file with its line number (from 1).
type Table = Vec<(usize, Vec<String>)>;

fn csv_table(bytes: &[u8]) -> Result<Table, FileError> {
    let text =
        std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).map_err(|_| FileError::Unreadable)?;
    let first_line = text.lines().next().unwrap_or_default();
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() { b';' } else { b',' };
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes())
        .records()
        .map(|record| {
            let record = record.map_err(|_| FileError::Unreadable)?;
            let line = record.position().map_or(0, |p| usize::try_from(p.line()).unwrap_or(usize::MAX));
            Ok((line, record.iter().map(str::to_owned).collect()))
        })
        .collect()
}

fn xlsx_table(bytes: &[u8]) -> Result<Table, FileError> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| FileError::Unreadable)?;
    let range = workbook.worksheet_range_at(0).ok_or(FileError::Unreadable)?.map_err(|_| FileError::Unreadable)?;
    Ok(range
        .rows()
        .enumerate()
        .map(|(index, row)| (index + 1, row.iter().map(ToString::to_string).collect()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_columns_are_found_by_header_in_any_order() {
        let rows = read_rows(
            b"\xEF\xBB\xBFE-mail,Batch,Name\nasha@orbis.example,Cohort A,Asha Rao\n\n,,\nravi@orbis.example,,Ravi\n",
        )
        .unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].line, rows[0].name.as_str(), rows[0].batch.as_str()), (2, "Asha Rao", "Cohort A"));
        assert_eq!((rows[1].line, rows[1].email.as_str()), (5, "ravi@orbis.example"));
    }

    #[test]
    fn an_optional_language_column_is_read_too() {
        let rows = read_rows(b"Name;E-mail;Language\nLena;lena@orbis.example;fr\nRavi;ravi@orbis.example;\n").unwrap();
        let languages: Vec<_> = rows.iter().map(|r| r.locale.as_str()).collect();
        assert_eq!(languages, ["fr", ""]);
        assert_eq!(read_rows(b"name,email\nLena,lena@orbis.example\n").unwrap()[0].locale, "");
    }

    #[test]
    fn semicolons_work_as_separators_too() {
        let rows = read_rows(b"name;email\nLena;lena@orbis.example\n").unwrap();
        assert_eq!(rows[0].email, "lena@orbis.example");
    }

    #[test]
    fn the_first_sheet_of_a_workbook_is_read_like_a_csv() {
        let mut workbook = rust_xlsxwriter::Workbook::new();
        let sheet = workbook.add_worksheet();
        for (row, cells) in
            [["Email", "Name"], ["asha@orbis.example", "Asha Rao"], ["", ""], ["ravi@orbis.example", "Ravi"]]
                .iter()
                .enumerate()
        {
            for (column, cell) in cells.iter().enumerate() {
                sheet.write_string(u32::try_from(row).unwrap(), u16::try_from(column).unwrap(), *cell).unwrap();
            }
        }
        let rows = read_rows(&workbook.save_to_buffer().unwrap()).unwrap();
        let read: Vec<_> = rows.iter().map(|r| (r.line, r.name.as_str(), r.email.as_str())).collect();
        assert_eq!(read, [(2, "Asha Rao", "asha@orbis.example"), (4, "Ravi", "ravi@orbis.example")]);
    }

    #[test]
    fn a_file_without_an_email_column_is_refused() {
        assert_eq!(read_rows(b"name,phone\nAsha,123\n"), Err(FileError::MissingColumn("email")));
        assert_eq!(read_rows(b"PK\x03\x04not really a workbook"), Err(FileError::Unreadable));
    }
}
