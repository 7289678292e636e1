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

impl PageRequest {
    pub const DEFAULT_PER_PAGE: u64 = 25;
    pub const MAX_PER_PAGE: u64 = 200;

    /// Page numbers start at 1; a page size is clamped to `1..=MAX_PER_PAGE` so no caller can
    /// ask the database for an unbounded list.
    #[must_use]
    pub fn new(page: u64, per_page: u64) -> Self {
        Self { page: page.max(1), per_page: per_page.clamp(1, Self::MAX_PER_PAGE), sort: None }
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
        Self::new(1, Self::DEFAULT_PER_PAGE)
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
    fn a_page_request_is_clamped_to_sane_bounds() {
        let request = PageRequest::new(0, 10_000);
        assert_eq!((request.page(), request.per_page()), (1, PageRequest::MAX_PER_PAGE));
        assert_eq!(PageRequest::new(3, 20).offset(), 40);
    }
}
