//! Server-side paging of lists: every list endpoint takes a `PageRequest` and answers a `Page`.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortDirection {
    Asc,
    Desc,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageRequest {
    page: u64,
    per_page: u64,
    pub sort: Option<(String, SortDirection)>,
}

/// A page number or size outside what a list serves: refused, never clamped, so a client
/// learns that it asked for something else than it gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PageOutOfRange {
    #[error("page must be between 1 and {}", PageRequest::MAX_PAGE)]
    Page,
    #[error("per_page must be between 1 and {}", PageRequest::MAX_PER_PAGE)]
    PerPage,
}

impl PageRequest {
    pub const DEFAULT_PER_PAGE: u64 = 25;
    pub const MAX_PER_PAGE: u64 = 200;
    /// Far beyond any list; keeps the offset well inside what every database accepts.
    pub const MAX_PAGE: u64 = 1_000_000;

    /// Page numbers start at 1; a page holds `1..=MAX_PER_PAGE` items, so no caller can ask
    /// the database for an unbounded list or an offset that overflows.
    ///
    /// # Errors
    /// Which of the two is out of range.
    pub const fn new(page: u64, per_page: u64) -> Result<Self, PageOutOfRange> {
        if page < 1 || page > Self::MAX_PAGE {
            return Err(PageOutOfRange::Page);
        }
        if per_page < 1 || per_page > Self::MAX_PER_PAGE {
            return Err(PageOutOfRange::PerPage);
        }
        Ok(Self { page, per_page, sort: None })
    }

    /// Page `page` of the largest size, for callers that walk a whole list.
    ///
    /// # Errors
    /// `Page` past [`Self::MAX_PAGE`].
    pub const fn largest(page: u64) -> Result<Self, PageOutOfRange> {
        Self::new(page, Self::MAX_PER_PAGE)
    }

    #[must_use]
    pub const fn page(&self) -> u64 {
        self.page
    }

    #[must_use]
    pub const fn per_page(&self) -> u64 {
        self.per_page
    }

    #[must_use]
    pub const fn offset(&self) -> u64 {
        (self.page - 1) * self.per_page
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self { page: 1, per_page: Self::DEFAULT_PER_PAGE, sort: None }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_request_outside_its_bounds_is_refused_not_clamped() {
        assert_eq!(PageRequest::new(0, 10), Err(PageOutOfRange::Page));
        assert_eq!(PageRequest::new(PageRequest::MAX_PAGE + 1, 10), Err(PageOutOfRange::Page));
        assert_eq!(PageRequest::new(u64::MAX, 10), Err(PageOutOfRange::Page));
        assert_eq!(PageRequest::new(1, 0), Err(PageOutOfRange::PerPage));
        assert_eq!(PageRequest::new(1, PageRequest::MAX_PER_PAGE + 1), Err(PageOutOfRange::PerPage));
        assert_eq!(PageRequest::new(3, 20).map(|r| r.offset()), Ok(40));
    }

    #[test]
    fn the_last_page_of_the_largest_size_has_an_offset_every_database_takes() {
        let last = PageRequest::new(PageRequest::MAX_PAGE, PageRequest::MAX_PER_PAGE).unwrap();
        assert!(i64::try_from(last.offset()).is_ok());
    }
}
