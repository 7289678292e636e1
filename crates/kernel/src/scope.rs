//! What a signed-in principal may see. Every repository query is filtered by one of these,
//! so the server — not the UI — decides visibility.

use crate::{CompanyId, Role, UserId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Super admin: every company.
    All,
    /// Company admin: one company and everything in it.
    Company(CompanyId),
    /// Trainee: only their own records.
    User { user: UserId, company: CompanyId },
}

impl Scope {
    /// The scope a principal gets from their role. `None` when the record is inconsistent
    /// (a company role without a company), which callers must treat as "no access".
    #[must_use]
    pub fn for_principal(role: Role, user: UserId, company: Option<CompanyId>) -> Option<Self> {
        match (role, company) {
            (Role::SuperAdmin, _) => Some(Self::All),
            (Role::CompanyAdmin, Some(company)) => Some(Self::Company(company)),
            (Role::User, Some(company)) => Some(Self::User { user, company }),
            (Role::CompanyAdmin | Role::User, None) => None,
        }
    }

    /// Whether records of `company` are visible.
    #[must_use]
    pub fn sees_company(&self, company: CompanyId) -> bool {
        match self {
            Self::All => true,
            Self::Company(own) | Self::User { company: own, .. } => *own == company,
        }
    }

    /// Whether the records of one person (`user` in `company`) are visible.
    #[must_use]
    pub fn sees_user(&self, user: UserId, company: Option<CompanyId>) -> bool {
        match self {
            Self::All => true,
            Self::Company(own) => company == Some(*own),
            Self::User { user: own, .. } => *own == user,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_company_admin_sees_only_their_company() {
        let (mine, theirs) = (CompanyId::new(), CompanyId::new());
        let scope = Scope::for_principal(Role::CompanyAdmin, UserId::new(), Some(mine)).unwrap();
        assert!(scope.sees_company(mine));
        assert!(!scope.sees_company(theirs));
        assert!(scope.sees_user(UserId::new(), Some(mine)));
        assert!(!scope.sees_user(UserId::new(), Some(theirs)));
        assert!(!scope.sees_user(UserId::new(), None), "super admins are outside every company");
    }

    #[test]
    fn a_trainee_sees_only_themselves() {
        let (me, colleague, company) = (UserId::new(), UserId::new(), CompanyId::new());
        let scope = Scope::for_principal(Role::User, me, Some(company)).unwrap();
        assert!(scope.sees_user(me, Some(company)));
        assert!(!scope.sees_user(colleague, Some(company)));
    }

    #[test]
    fn a_company_role_without_a_company_gets_no_scope() {
        assert_eq!(Scope::for_principal(Role::User, UserId::new(), None), None);
        assert_eq!(Scope::for_principal(Role::SuperAdmin, UserId::new(), None), Some(Scope::All));
    }
}
