//! xAPI for studios that already speak it: what the specification asks of a statement
//! ([`validate`], read from JSON that may not repeat a key, [`strict`]), and the Playtrack
//! profile that turns a statement into an attempt report ([`profile`], written down in
//! `docs/xapi-profile.md`). The routes are in `routes/xapi.rs`.

pub mod profile;
pub mod strict;
pub mod validate;

/// The header every xAPI request and answer carries.
pub const VERSION_HEADER: &str = "X-Experience-API-Version";

/// The xAPI versions this portal speaks, as the `about` resource lists them.
pub const VERSIONS: [&str; 2] = ["1.0.3", "2.0.0"];

/// The major version a request follows, from its `X-Experience-API-Version` header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// 1.0.x (1.0.3 is the latest).
    V1,
    /// 2.0.x (IEEE 9274.1.1).
    V2,
}

impl Version {
    /// The header's version: `1.0`, `1.0.<n>`, `2.0` or `2.0.<n>`; `None` for anything else
    /// (missing, 0.9, 1.1.0 …), which xAPI says must be refused.
    #[must_use]
    pub fn parse(header: &str) -> Option<Self> {
        let minor_of = |major: &str| {
            header.strip_prefix(major).filter(|rest| {
                rest.is_empty()
                    || rest
                        .strip_prefix('.')
                        .is_some_and(|patch| !patch.is_empty() && patch.bytes().all(|b| b.is_ascii_digit()))
            })
        };
        if minor_of("1.0").is_some() {
            Some(Self::V1)
        } else if minor_of("2.0").is_some() {
            Some(Self::V2)
        } else {
            None
        }
    }

    /// What answers carry in `X-Experience-API-Version`: the latest patch of the version.
    #[must_use]
    pub const fn answered(self) -> &'static str {
        match self {
            Self::V1 => "1.0.3",
            Self::V2 => "2.0.0",
        }
    }

    /// The `version` a statement without one is kept with.
    #[must_use]
    pub const fn statement_default(self) -> &'static str {
        match self {
            Self::V1 => "1.0.0",
            Self::V2 => "2.0.0",
        }
    }

    /// Whether a statement's own `version` may be `version` under this request's version:
    /// 1.0.x always, 2.0.x under 2.0.
    #[must_use]
    pub fn accepts_statement(self, version: &str) -> bool {
        match Self::parse(version) {
            Some(Self::V1) => true,
            Some(Self::V2) => self == Self::V2,
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_one_and_two_point_zero_are_spoken_and_nothing_else() {
        for header in ["1.0", "1.0.0", "1.0.3", "1.0.17"] {
            assert_eq!(Version::parse(header), Some(Version::V1), "{header}");
        }
        for header in ["2.0", "2.0.0", "2.0.1"] {
            assert_eq!(Version::parse(header), Some(Version::V2), "{header}");
        }
        for header in ["", "0.9", "0.95", "1", "1.1.0", "1.0.", "1.0.x", "1.00", "2.1.0", "3.0.0", " 1.0.3"] {
            assert_eq!(Version::parse(header), None, "{header:?}");
        }
        assert!(Version::V1.accepts_statement("1.0.0"));
        assert!(!Version::V1.accepts_statement("2.0.0"));
        assert!(Version::V2.accepts_statement("2.0.0") && Version::V2.accepts_statement("1.0.3"));
    }
}
