//! The vocabulary every Playtrack crate shares: identifiers, validated values, roles and the
//! scope that decides what a caller may see. Pure: no I/O.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod audit;
pub mod busy;
pub mod clock;
pub mod email;
pub mod field_code;
pub mod ids;
pub mod locale;
pub mod page;
pub mod role;
pub mod scope;
pub mod secret;
pub mod session_minutes;

pub use audit::{Actor, AuditAction, AuditEvent, AuditLog, UnknownAuditAction};
pub use clock::{AnyClock, Clock, ManualClock, SystemClock};
pub use email::{Email, EmailError, domain_list};
pub use field_code::{FieldCode, FieldProblem, text_problem};
pub use ids::*;
pub use locale::{LOCALES, preferred_locale};
pub use page::{Page, PageOutOfRange, PageRequest, SortDirection};
pub use role::{Role, UnknownRole};
pub use scope::Scope;
pub use session_minutes::{SessionMinutes, SessionMinutesError};

/// Declares `$name` as a trait every type implementing all the bounds has: one name for a
/// long list of ports.
#[macro_export]
macro_rules! trait_alias {
    ($(#[$doc:meta])* $vis:vis $name:ident = $first:ident $(+ $rest:ident)*) => {
        $(#[$doc])*
        $vis trait $name: $first $(+ $rest)* {}

        impl<T: $first $(+ $rest)*> $name for T {}
    };
}
