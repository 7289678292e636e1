//! The languages Playtrack speaks, in its screens and its mail.

/// Every supported language; the first is the default.
pub const LOCALES: [&str; 6] = ["en", "zh", "ar", "it", "es", "fr"];

/// The first supported language of an `Accept-Language` header (`ar-EG,ar;q=0.9` → `ar`),
/// in the order the browser lists them, as the web UI picks its own from `navigator.languages`.
pub fn preferred_locale(accept: &str) -> &'static str {
    accept
        .split(',')
        .filter_map(|part| part.split(';').next())
        .map(|tag| tag.trim().split('-').next().unwrap_or_default().to_ascii_lowercase())
        .find_map(|language| LOCALES.into_iter().find(|l| *l == language))
        .unwrap_or(LOCALES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_supported_language_wins() {
        assert_eq!(preferred_locale("ar-EG,ar;q=0.9,en;q=0.8"), "ar");
        assert_eq!(preferred_locale("de-DE,fr;q=0.7"), "fr");
        assert_eq!(preferred_locale("de-DE"), "en");
        assert_eq!(preferred_locale("zh-Hans-CN"), "zh");
    }
}
