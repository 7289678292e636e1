//! Typed identifiers, so a `CompanyId` can never be passed where a `UserId` is meant.
//! UUID v7: time-ordered (index-friendly) and safe to mint on any of several server processes.

use serde::{Deserialize, Serialize};
use std::fmt;
use uuid::Uuid;

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(Uuid);

        impl $name {
            /// A fresh, time-ordered id.
            #[must_use]
            pub fn new() -> Self {
                Self(Uuid::now_v7())
            }

            #[must_use]
            pub const fn from_uuid(uuid: Uuid) -> Self {
                Self(uuid)
            }

            #[must_use]
            pub const fn as_uuid(&self) -> Uuid {
                self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<Uuid> for $name {
            fn from(uuid: Uuid) -> Self {
                Self(uuid)
            }
        }

        impl From<$name> for Uuid {
            fn from(id: $name) -> Self {
                id.0
            }
        }
    )+};
}

id_type!(
    UserId,
    CompanyId,
    BatchId,
    CountryId,
    IndustryId,
    SessionId,
    TokenId,
    AllocationId,
    SeatId,
    ChapterId,
    LevelId,
    SkillId,
    ApproachId,
    AttemptId,
    ApiClientId,
    GameAppId,
    EnrolmentKeyId,
    AuditEventId,
    EulaVersionId,
    PasswordPolicyId,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_are_distinct_and_ordered_by_creation() {
        let first = UserId::new();
        let second = UserId::new();
        assert_ne!(first, second);
        assert!(first < second, "v7 ids sort by creation time");
    }
}
