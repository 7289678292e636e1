//! How someone likes each of the portal's tables: which columns they hid and how dense the rows
//! are, kept with them so that it follows them to any browser.

use std::future::Future;

use anyhow::Result;
use kernel::{Clock, FieldCode, UserId};
use time::OffsetDateTime;

use crate::{IdentityStore, Notifier, PasswordHasher, Principal, SignIn};

choices! {
    /// Every table of the portal that remembers its reader's view. A closed list, so that one
    /// person holds at most one row per table.
    TableName {
        Companies = "companies",
        Batches = "batches",
        Industries = "industries",
        Countries = "countries",
        CompanyAdmins = "company-admins",
        Trainees = "trainees",
        BatchMembers = "batch-members",
        Seats = "seats",
        Allocations = "allocations",
        ApiClients = "api-clients",
        Audit = "audit",
        ReportOverview = "report-overview",
        ReportSkill = "report-skill",
        ReportDifficulty = "report-difficulty",
        ReportLevel = "report-level",
        ReportApproach = "report-approach",
        ReportAttempts = "report-attempts",
        ReportChapter = "report-chapter",
    }
}

choices! {
    /// How tall a table's rows are.
    Density { Compact = "compact", Standard = "standard", Comfortable = "comfortable" }
}

/// One table as its reader left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub density: Density,
    /// The columns' field names; a name the table does not have (any more) hides nothing.
    pub hidden_columns: Vec<String>,
}

impl TableView {
    /// No table has more columns than this.
    pub const MAX_HIDDEN: usize = 64;
    /// A column's field name is at most this many characters.
    pub const COLUMN_MAX: usize = 64;

    /// What is wrong with `hidden_columns`, if anything: too many, a name that is no field name
    /// (letters, digits, `_`, `-`, `.` and `:`, up to [`Self::COLUMN_MAX`]), or one twice.
    #[must_use]
    pub fn problem(hidden_columns: &[String]) -> Option<FieldCode> {
        if hidden_columns.len() > Self::MAX_HIDDEN {
            return Some(FieldCode::TooLong);
        }
        let field_name = |name: &String| {
            (1..=Self::COLUMN_MAX).contains(&name.len())
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-.:".contains(&b))
        };
        if !hidden_columns.iter().all(field_name) {
            return Some(FieldCode::Malformed);
        }
        let mut names: Vec<&String> = hidden_columns.iter().collect();
        names.sort_unstable();
        names.dedup();
        (names.len() != hidden_columns.len()).then_some(FieldCode::Duplicate)
    }
}

/// Each person's table views.
pub trait TableViewRepository: Clone + Send + Sync + 'static {
    /// Every table whose view `user` saved, in [`TableName::ALL`]'s order.
    fn table_views(&self, user: UserId) -> impl Future<Output = Result<Vec<(TableName, TableView)>>> + Send;

    /// Keeps `view` as `user`'s view of `table`, in place of the one saved before.
    fn save_table_view(
        &self,
        user: UserId,
        table: TableName,
        view: &TableView,
        at: OffsetDateTime,
    ) -> impl Future<Output = Result<()>> + Send;
}

impl<S: IdentityStore, N: Notifier, H: PasswordHasher, C: Clock> SignIn<S, N, H, C> {
    /// The signed-in person's saved table views.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn table_views(&self, who: &Principal) -> Result<Vec<(TableName, TableView)>> {
        self.store().table_views(who.user).await
    }

    /// Keeps the signed-in person's view of `table` for every browser they sign in from. The
    /// caller has checked `view` with [`TableView::problem`].
    ///
    /// # Errors
    /// Storage failures.
    pub async fn save_table_view(&self, who: &Principal, table: TableName, view: &TableView) -> Result<()> {
        self.store().save_table_view(who.user, table, view, self.clock().now()).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|&n| n.to_owned()).collect()
    }

    #[test]
    fn field_names_pass_and_anything_else_is_named() {
        assert_eq!(TableView::problem(&names(&["email", "created_at", "skill:3f2a-b1", "x.y"])), None);
        assert_eq!(TableView::problem(&[]), None);
        assert_eq!(TableView::problem(&names(&["name", ""])), Some(FieldCode::Malformed));
        assert_eq!(TableView::problem(&names(&["<script>"])), Some(FieldCode::Malformed));
        assert_eq!(TableView::problem(&["a".repeat(65)]), Some(FieldCode::Malformed));
        assert_eq!(TableView::problem(&names(&["email", "email"])), Some(FieldCode::Duplicate));
        let many: Vec<String> = (0..=TableView::MAX_HIDDEN).map(|i| format!("c{i}")).collect();
        assert_eq!(TableView::problem(&many), Some(FieldCode::TooLong));
    }

    #[test]
    fn every_table_reads_back_from_its_name() {
        for table in TableName::ALL {
            assert_eq!(TableName::parse(table.as_str()), Some(*table));
        }
    }
}
