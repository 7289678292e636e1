//! What is wrong with one field of a request: a stable code clients switch on. The API's
//! specification lists every one (`FieldCode`), so the generated client knows them.

/// Declares the codes once: the enum, its wire names and the list of all of them.
macro_rules! field_codes {
    ($($(#[$doc:meta])* $code:ident => $wire:literal,)+) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FieldCode {
            $($(#[$doc])* $code,)+
        }

        impl FieldCode {
            /// Every code, in the order declared.
            pub const ALL: &'static [Self] = &[$(Self::$code),+];

            /// The code as clients see it.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$code => $wire,)+
                }
            }
        }
    };
}

field_codes! {
    Required => "REQUIRED",
    InvalidEmail => "INVALID_EMAIL",
    /// An e-mail address of a domain the sign-up link does not admit.
    DomainNotAllowed => "DOMAIN_NOT_ALLOWED",
    /// A value that must be unique is someone else's.
    Taken => "TAKEN",
    /// The same value twice in one upload.
    Duplicate => "DUPLICATE",
    TooLong => "TOO_LONG",
    ControlCharacter => "CONTROL_CHARACTER",
    /// A reference to a record that does not exist, or is outside the caller's scope.
    Unknown => "UNKNOWN",
    UnknownBatch => "UNKNOWN_BATCH",
    UnknownLanguage => "UNKNOWN_LANGUAGE",
    /// A query parameter the operation does not have.
    UnknownParameter => "UNKNOWN_PARAMETER",
    NoSeatLeft => "NO_SEAT_LEFT",
    Seats => "SEATS",
    IsoCode => "ISO_CODE",
    SessionMinutes => "SESSION_MINUTES",
    /// A date outside 2000–2100.
    DateRange => "DATE_RANGE",
    /// An end before its start.
    DateOrder => "DATE_ORDER",
    /// A number outside the documented range.
    OutOfRange => "OUT_OF_RANGE",
    /// The confirmation differs from the password.
    Mismatch => "MISMATCH",
    OtpFormat => "OTP_FORMAT",
    LogoType => "LOGO_TYPE",
    LogoSize => "LOGO_SIZE",
    LogoDimensions => "LOGO_DIMENSIONS",
    PhotoType => "PHOTO_TYPE",
    PhotoSize => "PHOTO_SIZE",
    PhotoDimensions => "PHOTO_DIMENSIONS",
    FileUnreadable => "FILE_UNREADABLE",
    ColumnNameMissing => "COLUMN_NAME_MISSING",
    ColumnEmailMissing => "COLUMN_EMAIL_MISSING",
    TooManyRows => "TOO_MANY_ROWS",
    /// A file's header lacks a column the import needs (`detail` names it).
    ColumnMissing => "COLUMN_MISSING",
    /// A cell that must hold a whole number does not.
    NotANumber => "NOT_A_NUMBER",
    /// A redirect URI a game app may not register (see `identity::oauth::RedirectUri`).
    RedirectUri => "REDIRECT_URI",
    /// Not a path of this portal (`/…`): another site, a scheme or `//host`.
    LocalPath => "LOCAL_PATH",
    /// An item of a batch that is not what the operation takes (its `detail` says why).
    Malformed => "MALFORMED",
    /// A moment later than now.
    InFuture => "IN_FUTURE",
    /// A score or points above the level's maximum.
    AboveMaximum => "ABOVE_MAXIMUM",
    /// A maximum score other than the catalogue's for the level.
    MaxScoreMismatch => "MAX_SCORE_MISMATCH",
    /// A retired level, which takes no new attempts.
    Retired => "RETIRED",
    /// A skill the level does not train.
    NotTrained => "NOT_TRAINED",
    /// A play that began before the trainee's seat did.
    BeforeSeat => "BEFORE_SEAT",
    /// No seat of the trainee was valid when the play ended.
    NoValidSeat => "NO_VALID_SEAT",
    /// A chapter other than the one the level is in.
    ChapterMismatch => "CHAPTER_MISMATCH",
    /// A well-formed value that the operation does not take (an xAPI verb outside the
    /// profile); the problem's `detail` says what it takes.
    Unsupported => "UNSUPPORTED",
    /// The password rules a new password breaks (`PASSWORD_POLICY`).
    MinimumLength => "MINIMUM_LENGTH",
    MaximumLength => "MAXIMUM_LENGTH",
    Digit => "DIGIT",
    Letter => "LETTER",
    Lowercase => "LOWERCASE",
    Uppercase => "UPPERCASE",
    Symbol => "SYMBOL",
    SpecialCharacter => "SPECIAL_CHARACTER",
    NoWhitespace => "NO_WHITESPACE",
    NotCommon => "NOT_COMMON",
    NoPersonalInfo => "NO_PERSONAL_INFO",
}

/// What is wrong with a short text a person typed (a name, a title), already trimmed: empty,
/// longer than `max_chars`, or holding a control character. `None` when it is fine.
#[must_use]
pub fn text_problem(value: &str, max_chars: usize) -> Option<FieldCode> {
    if value.is_empty() {
        Some(FieldCode::Required)
    } else if value.chars().count() > max_chars {
        Some(FieldCode::TooLong)
    } else if value.chars().any(char::is_control) {
        Some(FieldCode::ControlCharacter)
    } else {
        None
    }
}

impl serde::Serialize for FieldCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl std::fmt::Display for FieldCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_own_screaming_snake_case_name() {
        let names: std::collections::HashSet<_> = FieldCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(names.len(), FieldCode::ALL.len());
        for code in FieldCode::ALL {
            let name = code.as_str();
            assert!(name.bytes().all(|b| b.is_ascii_uppercase() || b == b'_'), "{name}");
            assert_eq!(serde_json::to_value(code).unwrap(), name);
        }
    }
}

/// One field's problem, as a stable code; `field` is the request's name for it (`domains.2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: String,
    pub code: FieldCode,
}

impl FieldProblem {
    pub fn new(field: impl Into<String>, code: FieldCode) -> Self {
        Self { field: field.into(), code }
    }
}
