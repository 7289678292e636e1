//! The languages Playtrack speaks, in its screens and its mail.

/// Every supported language; the first is the default.
pub const LOCALES: [&str; 6] = ["en", "zh", "ar", "it", "es", "fr"];
