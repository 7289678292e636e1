//! CSV cells that a spreadsheet opens safely, and read back as they were meant.

/// Characters a spreadsheet takes as the start of a formula.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A cell that starts like a formula (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a
/// leading `'`, so a spreadsheet shows it as text instead of running it (OWASP CSV injection).
pub(super) fn safe(cell: &str) -> String {
    if cell.starts_with(FORMULA_START) { format!("'{cell}") } else { cell.to_owned() }
}

/// A cell as [`safe`] meant it: without the `'` it put before a formula's first character.
pub(super) fn unescaped(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_START) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_looks_like_a_formula_is_written_as_text() {
        assert_eq!(safe("=HYPERLINK(\"http://evil\")"), "'=HYPERLINK(\"http://evil\")");
        assert_eq!(safe("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(safe("-1+2"), "'-1+2");
        assert_eq!(safe("Meridian Bank"), "Meridian Bank");
    }

    #[test]
    fn a_safe_cell_reads_back_as_it_was() {
        for cell in ["=1+1", "-ready", "'quoted'", "plain", "'"] {
            assert_eq!(unescaped(&safe(cell)), cell);
        }
    }
}
