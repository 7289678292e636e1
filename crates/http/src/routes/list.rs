//! What every list endpoint shares: paging, sorting and a search term in the query string,
//! and one page of items with the total in the answer.

use kernel::{Page, PageRequest, SortDirection};

use crate::ApiError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Clone, Copy, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// From 1; a larger number than the last page answers an empty page.
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u64>,
    /// 25 by default; more than 200 is refused.
    #[param(minimum = 1, maximum = 200)]
    per_page: Option<u64>,
    /// A column of the list; unknown columns fall back to the list's default order. Without
    /// it, `order` turns the default order (`desc`: the default column descending).
    sort: Option<String>,
    #[param(inline)]
    order: Option<Order>,
    /// Part of a name or e-mail, case-insensitive.
    #[param(max_length = 120, pattern = r"^[^\u0000-\u001F\u007F-\u009F]*$")]
    q: Option<String>,
}

impl ListQuery {
    /// # Errors
    /// `MALFORMED_REQUEST` naming `page`, `per_page` or `q` when out of range.
    pub fn request(&self) -> Result<PageRequest, ApiError> {
        let mut request =
            PageRequest::new(self.page.unwrap_or(1), self.per_page.unwrap_or(PageRequest::DEFAULT_PER_PAGE))?;
        let direction = if matches!(self.order, Some(Order::Desc)) { SortDirection::Desc } else { SortDirection::Asc };
        // An order without a column orders by the list's default column (named by "").
        request.sort = match (&self.sort, self.order) {
            (Some(column), _) => Some((column.clone(), direction)),
            (None, Some(_)) => Some((String::new(), direction)),
            (None, None) => None,
        };
        if let Some(q) = &self.q
            && (q.chars().count() > 120 || q.chars().any(char::is_control))
        {
            return Err(ApiError::out_of_range("q", "a search of at most 120 characters without control characters"));
        }
        Ok(request)
    }

    #[must_use]
    pub fn search(&self) -> Option<String> {
        self.q.clone()
    }
}

/// One page of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paged<T> {
    pub items: Vec<T>,
    /// Items on every page together.
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

impl<T> Paged<T> {
    pub fn of<U>(page: Page<U>, convert: impl FnMut(U) -> T) -> Self {
        Self {
            items: page.items.into_iter().map(convert).collect(),
            total: page.total,
            page: page.page,
            per_page: page.per_page,
        }
    }
}

time::serde::format_description!(pub iso_date, Date, "[year]-[month]-[day]");

/// A whole number in a JSON body, written `5` or `5.0`: JSON (and JSON Schema's `integer`)
/// do not tell the two apart, so neither does the API. A fraction or a number beyond `i64` is
/// refused like any malformed body.
pub mod whole_number {
    use serde::{Deserialize, Deserializer, de::Error};

    fn whole<E: Error>(number: &serde_json::Number) -> Result<i64, E> {
        number
            .as_i64()
            .or_else(|| {
                number.as_f64().filter(|f| f.fract() == 0.0 && (-9.0e15..=9.0e15).contains(f)).map(|f| f as i64)
            })
            .ok_or_else(|| E::custom(format!("{number} is not a whole number")))
    }

    /// For `Option<i64>` fields (with `#[serde(default)]`).
    ///
    /// # Errors
    /// Anything but a whole number or null.
    pub fn option<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
        Option::<serde_json::Number>::deserialize(deserializer)?.map(|n| whole(&n)).transpose()
    }

    /// For `i64` fields.
    ///
    /// # Errors
    /// Anything but a whole number.
    pub fn int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
        whole(&serde_json::Number::deserialize(deserializer)?)
    }

    /// For maps of whole numbers by key (`BTreeMap<K, i64>`, with `#[serde(default)]`).
    ///
    /// # Errors
    /// Anything but an object of whole numbers.
    pub fn map<'de, D, K>(deserializer: D) -> Result<std::collections::BTreeMap<K, i64>, D::Error>
    where
        D: Deserializer<'de>,
        K: Deserialize<'de> + Ord,
    {
        std::collections::BTreeMap::<K, serde_json::Number>::deserialize(deserializer)?
            .into_iter()
            .map(|(key, n)| Ok((key, whole(&n)?)))
            .collect()
    }

    /// For unsigned fields (`u32`, `usize`): a whole number from 0 to the type's largest.
    ///
    /// # Errors
    /// Anything but a whole number in that range.
    pub fn unsigned<'de, D: Deserializer<'de>, T: TryFrom<i64>>(deserializer: D) -> Result<T, D::Error> {
        in_range(whole(&serde_json::Number::deserialize(deserializer)?)?)
    }

    /// For `Option<u32>` fields (with `#[serde(default)]`).
    ///
    /// # Errors
    /// Anything but null or a whole number from 0 to the type's largest.
    pub fn unsigned_option<'de, D: Deserializer<'de>, T: TryFrom<i64>>(deserializer: D) -> Result<Option<T>, D::Error> {
        Option::<serde_json::Number>::deserialize(deserializer)?.map(|n| in_range(whole(&n)?)).transpose()
    }

    /// For maps of unsigned numbers by key (`BTreeMap<K, u32>`, with `#[serde(default)]`).
    ///
    /// # Errors
    /// Anything but an object of whole numbers from 0 to the type's largest.
    pub fn unsigned_map<'de, D, K, T>(deserializer: D) -> Result<std::collections::BTreeMap<K, T>, D::Error>
    where
        D: Deserializer<'de>,
        K: Deserialize<'de> + Ord,
        T: TryFrom<i64>,
    {
        map(deserializer)?.into_iter().map(|(key, n)| Ok((key, in_range(n)?))).collect()
    }

    fn in_range<E: Error, T: TryFrom<i64>>(n: i64) -> Result<T, E> {
        T::try_from(n).map_err(|_| E::custom(format!("{n} is out of range")))
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::whole_number;

    #[derive(Debug, Deserialize)]
    struct Counts {
        #[serde(deserialize_with = "whole_number::unsigned")]
        seats: u32,
        #[serde(default, deserialize_with = "whole_number::unsigned_option")]
        limit: Option<u32>,
    }

    fn read(json: &str) -> Option<(u32, Option<u32>)> {
        serde_json::from_str::<Counts>(json).ok().map(|c| (c.seats, c.limit))
    }

    #[test]
    fn a_whole_number_is_taken_written_either_way_and_nothing_else_is() {
        assert_eq!(read(r#"{"seats": 5, "limit": 972.0}"#), Some((5, Some(972))));
        assert_eq!(read(r#"{"seats": 5.0, "limit": null}"#), Some((5, None)));
        assert_eq!(read(r#"{"seats": 4294967295}"#), Some((u32::MAX, None)));
        for wrong in [r#"{"seats": 5.5}"#, r#"{"seats": -1}"#, r#"{"seats": 4294967296}"#, r#"{"seats": "5"}"#] {
            assert_eq!(read(wrong), None, "{wrong}");
        }
    }
}
