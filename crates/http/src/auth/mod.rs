//! Who is calling: access tokens, the browser's session cookies, and the extractors that turn a
//! request into a principal.

pub mod cookies;
pub mod extract;
pub mod tokens;
