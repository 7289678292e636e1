//! People: creating company admins and trainees (a trainee with a seat), their invitations,
//! disabling with the seat released, and the bulk import — each one transaction.

use identity::{AdminActionError, CreateUserError, User};
use kernel::FieldCode;
use kernel::{Actor, BatchId, CompanyId, Email, Role, UserId};
use licensing::{ImportError, ImportRow, Invalid, LicensingError, RowPlan, TraineeDraft, drafts};

use crate::{PeopleUnit, PeopleWork};

#[derive(Debug, thiserror::Error)]
pub enum PeopleError {
    #[error("the e-mail address is already used")]
    EmailTaken,
    /// Some import rows cannot be imported; nothing was. Each plan says why.
    #[error("import rows rejected")]
    ImportRejected(Vec<RowPlan>),
    #[error(transparent)]
    Licensing(#[from] LicensingError),
    #[error(transparent)]
    Admin(#[from] AdminActionError),
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

impl From<Invalid> for PeopleError {
    fn from(invalid: Invalid) -> Self {
        Self::Licensing(invalid.into())
    }
}

impl From<ImportError> for PeopleError {
    fn from(e: ImportError) -> Self {
        match e {
            ImportError::Rejected(plans) => Self::ImportRejected(plans),
            ImportError::Other(e) => e.into(),
        }
    }
}

/// A company admin to create; the name and e-mail already checked by the caller.
#[derive(Clone, Debug)]
pub struct NewCompanyAdmin {
    /// Required of the super admin; a company admin's people are their company's.
    pub company: Option<CompanyId>,
    pub email: Email,
    pub name: String,
    /// Empty for the creating admin's language.
    pub locale: String,
}

#[derive(Clone, Debug)]
pub struct People<U> {
    work: U,
}

impl<U: PeopleUnit> People<U> {
    pub const fn new(work: U) -> Self {
        Self { work }
    }

    /// A new unit of work, and the language of people `actor` creates or imports without
    /// naming one: the admin's own (companies keep no language of their own).
    async fn begin_as(&self, actor: &Actor) -> Result<(U::Work, &'static str), PeopleError> {
        let work = self.work.begin().await?;
        let admin = work.user(actor.scope, actor.user).await?;
        let locale = drafts::locale("locale", &admin.locale, kernel::LOCALES[0]).unwrap_or(kernel::LOCALES[0]);
        Ok((work, locale))
    }

    /// Creates an invited company admin and queues the invitation.
    ///
    /// # Errors
    /// `EmailTaken`; the company outside the actor's scope; `UNKNOWN_LANGUAGE`.
    pub async fn create_company_admin(&self, actor: &Actor, admin: NewCompanyAdmin) -> Result<User, PeopleError> {
        let (work, default_locale) = self.begin_as(actor).await?;
        let company = work.acting_company(actor, admin.company).await?;
        let locale = drafts::locale("locale", &admin.locale, default_locale).map_err(|p| Invalid(vec![p]))?;
        let user = match work.create_company_admin(actor, company, admin.email, &admin.name, locale).await {
            Ok(user) => user,
            Err(CreateUserError::EmailTaken(_)) => return Err(PeopleError::EmailTaken),
            Err(CreateUserError::CompanyRequired { .. }) => {
                return Err(Invalid(vec![licensing::FieldProblem::new("company_id", FieldCode::Required)]).into());
            }
            Err(CreateUserError::Unknown(e)) => return Err(e.into()),
        };
        self.work.commit(work).await?;
        Ok(user)
    }

    /// Creates an invited trainee holding a seat (of their batch's allocation first) and
    /// queues the invitation.
    ///
    /// # Errors
    /// `EmailTaken`, `NoSeatLeft`, the draft's field problems, the company or batch outside
    /// the actor's scope.
    pub async fn create_trainee(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        draft: &TraineeDraft,
    ) -> Result<User, PeopleError> {
        let (work, default_locale) = self.begin_as(actor).await?;
        let company = work.acting_company(actor, company).await?;
        let id = match work.create_trainee(actor, company, draft, default_locale).await {
            Err(LicensingError::EmailTaken) => return Err(PeopleError::EmailTaken),
            other => other?,
        };
        work.invite_new(actor, id).await?;
        let user = work.user(actor.scope, id).await?;
        self.work.commit(work).await?;
        Ok(user)
    }

    /// Disables a person, ending their sessions; a trainee's unused seats return to the pool.
    ///
    /// # Errors
    /// `NotFound` outside the scope or for oneself; `WrongState` when already disabled.
    pub async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, PeopleError> {
        let work = self.work.begin().await?;
        let user = work.disable(actor, id).await?;
        if user.role == Role::User {
            work.release_unused(actor, id, user.company).await?;
        }
        self.work.commit(work).await?;
        Ok(user)
    }

    /// Each row's verdict; writes nothing.
    ///
    /// # Errors
    /// The company or default batch outside the actor's scope.
    pub async fn preview_import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<RowPlan>, PeopleError> {
        let (work, default_locale) = self.begin_as(actor).await?;
        Ok(work.preview_import(actor, company, default_batch, default_locale, rows).await?.1)
    }

    /// Imports trainees all or nothing, each invited with a seat, every invitation queued in
    /// the same transaction.
    ///
    /// # Errors
    /// `ImportRejected` with every row's verdict when any row fails.
    pub async fn import(
        &self,
        actor: &Actor,
        company: Option<CompanyId>,
        default_batch: Option<BatchId>,
        rows: Vec<ImportRow>,
    ) -> Result<Vec<UserId>, PeopleError> {
        let (work, default_locale) = self.begin_as(actor).await?;
        let users = work.import(actor, company, default_batch, default_locale, rows).await?;
        for user in &users {
            work.invite_new(actor, *user).await?;
        }
        self.work.commit(work).await?;
        Ok(users)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use identity::UserStatus;
    use kernel::Scope;

    use super::*;
    use crate::UnitOfWork;

    /// Every step the use case took inside its unit of work, and the commits, in order.
    #[derive(Clone, Default)]
    struct Journal(Arc<Mutex<Vec<String>>>);

    impl Journal {
        fn note(&self, step: impl Into<String>) {
            self.0.lock().unwrap().push(step.into());
        }

        fn steps(&self) -> Vec<String> {
            self.0.lock().unwrap().clone()
        }
    }

    /// A unit of work in memory: the admin speaks `admin_locale`, everyone else has `role`,
    /// an import creates `created` trainees, and the step named `fails` fails.
    #[derive(Clone)]
    struct Fake {
        journal: Journal,
        admin_locale: &'static str,
        role: Role,
        created: usize,
        fails: Option<&'static str>,
    }

    const ADMIN: Actor = Actor { user: UserId::from_uuid(uuid::Uuid::from_u128(1)), scope: Scope::All, ip: None };

    fn fake() -> Fake {
        Fake { journal: Journal::default(), admin_locale: "en", role: Role::User, created: 0, fails: None }
    }

    impl Fake {
        fn step(&self, name: &str) -> anyhow::Result<()> {
            self.journal.note(name);
            if self.fails == Some(name) { Err(anyhow::anyhow!("{name} failed")) } else { Ok(()) }
        }

        fn person(&self, id: UserId) -> User {
            let admin = id == ADMIN.user;
            User {
                id,
                email: Email::parse("someone@company.example").unwrap(),
                name: "Someone".into(),
                role: if admin { Role::CompanyAdmin } else { self.role },
                company: Some(CompanyId::new()),
                status: UserStatus::Invited,
                mfa_required: false,
                locale: if admin { self.admin_locale } else { "en" }.into(),
                created_at: time::OffsetDateTime::UNIX_EPOCH,
            }
        }
    }

    impl UnitOfWork for Fake {
        type Work = Self;

        async fn begin(&self) -> anyhow::Result<Self> {
            Ok(self.clone())
        }

        async fn commit(&self, _: Self) -> anyhow::Result<()> {
            self.step("commit")
        }

        fn now(&self) -> time::OffsetDateTime {
            time::OffsetDateTime::UNIX_EPOCH
        }
    }

    #[async_trait::async_trait]
    impl PeopleWork for Fake {
        async fn user(&self, _: Scope, id: UserId) -> Result<User, AdminActionError> {
            self.step("user")?;
            Ok(self.person(id))
        }

        async fn acting_company(&self, _: &Actor, _: Option<CompanyId>) -> Result<CompanyId, LicensingError> {
            self.step("acting_company")?;
            Ok(CompanyId::new())
        }

        async fn create_company_admin(
            &self,
            _: &Actor,
            _: CompanyId,
            email: Email,
            _: &str,
            locale: &str,
        ) -> Result<User, CreateUserError> {
            self.step(&format!("create_company_admin {locale}"))?;
            if self.fails == Some("taken") {
                return Err(CreateUserError::EmailTaken(email));
            }
            Ok(self.person(UserId::new()))
        }

        async fn create_trainee(
            &self,
            _: &Actor,
            _: CompanyId,
            _: &TraineeDraft,
            default_locale: &'static str,
        ) -> Result<UserId, LicensingError> {
            self.step(&format!("create_trainee {default_locale}"))?;
            if self.fails == Some("taken") {
                return Err(LicensingError::EmailTaken);
            }
            Ok(UserId::new())
        }

        async fn invite_new(&self, _: &Actor, _: UserId) -> anyhow::Result<()> {
            self.step("invite_new")
        }

        async fn disable(&self, _: &Actor, id: UserId) -> Result<User, AdminActionError> {
            self.step("disable")?;
            Ok(self.person(id))
        }

        async fn release_unused(&self, _: &Actor, _: UserId, _: Option<CompanyId>) -> Result<u64, LicensingError> {
            self.step("release_unused")?;
            Ok(1)
        }

        async fn preview_import(
            &self,
            _: &Actor,
            _: Option<CompanyId>,
            _: Option<BatchId>,
            _: &'static str,
            _: Vec<ImportRow>,
        ) -> Result<(CompanyId, Vec<RowPlan>), LicensingError> {
            self.step("preview_import")?;
            Ok((CompanyId::new(), Vec::new()))
        }

        async fn import(
            &self,
            _: &Actor,
            _: Option<CompanyId>,
            _: Option<BatchId>,
            default_locale: &'static str,
            _: Vec<ImportRow>,
        ) -> Result<Vec<UserId>, ImportError> {
            self.step(&format!("import {default_locale}")).map_err(LicensingError::from)?;
            Ok((0..self.created).map(|_| UserId::new()).collect())
        }
    }

    fn draft() -> TraineeDraft {
        TraineeDraft {
            name: "Ines Berg".into(),
            email: "ines@halden.example".into(),
            batch: None,
            locale: String::new(),
        }
    }

    #[tokio::test]
    async fn a_trainee_gets_the_admins_language_a_seat_and_an_invitation_in_one_commit() {
        let uow = Fake { admin_locale: "fr", ..fake() };
        People::new(uow.clone()).create_trainee(&ADMIN, None, &draft()).await.unwrap();
        assert_eq!(
            uow.journal.steps(),
            ["user", "acting_company", "create_trainee fr", "invite_new", "user", "commit"]
        );
    }

    #[tokio::test]
    async fn a_trainee_whose_invitation_cannot_be_queued_is_not_committed() {
        let uow = Fake { fails: Some("invite_new"), ..fake() };
        let created = People::new(uow.clone()).create_trainee(&ADMIN, None, &draft()).await;
        assert!(matches!(created, Err(PeopleError::Unknown(_))), "{created:?}");
        assert!(!uow.journal.steps().contains(&"commit".to_owned()), "{:?}", uow.journal.steps());
    }

    #[tokio::test]
    async fn an_address_in_use_is_email_taken_for_trainees_and_company_admins_alike() {
        let uow = Fake { fails: Some("taken"), ..fake() };
        let people = People::new(uow.clone());
        let trainee = people.create_trainee(&ADMIN, None, &draft()).await;
        assert!(matches!(trainee, Err(PeopleError::EmailTaken)), "{trainee:?}");
        let admin = NewCompanyAdmin {
            company: None,
            email: Email::parse("ola@halden.example").unwrap(),
            name: "Ola Dahl".into(),
            locale: "it".into(),
        };
        let admin = people.create_company_admin(&ADMIN, admin).await;
        assert!(matches!(admin, Err(PeopleError::EmailTaken)), "{admin:?}");
        let steps = uow.journal.steps();
        assert!(steps.contains(&"create_company_admin it".to_owned()), "a named language wins: {steps:?}");
        assert!(!steps.contains(&"commit".to_owned()), "{steps:?}");
    }

    #[tokio::test]
    async fn disabling_a_trainee_releases_their_unused_seats_in_the_same_commit() {
        let trainee = Fake { role: Role::User, ..fake() };
        People::new(trainee.clone()).disable(&ADMIN, UserId::new()).await.unwrap();
        assert_eq!(trainee.journal.steps(), ["disable", "release_unused", "commit"]);

        let admin = Fake { role: Role::CompanyAdmin, ..fake() };
        People::new(admin.clone()).disable(&ADMIN, UserId::new()).await.unwrap();
        assert_eq!(admin.journal.steps(), ["disable", "commit"], "a company admin holds no seat");
    }

    #[tokio::test]
    async fn an_import_invites_everyone_it_created_before_its_one_commit() {
        let uow = Fake { admin_locale: "zh", created: 3, ..fake() };
        let imported = People::new(uow.clone()).import(&ADMIN, None, None, Vec::new()).await.unwrap();
        assert_eq!(imported.len(), 3);
        assert_eq!(uow.journal.steps(), ["user", "import zh", "invite_new", "invite_new", "invite_new", "commit"]);

        let failing = Fake { created: 3, fails: Some("invite_new"), ..fake() };
        let refused = People::new(failing.clone()).import(&ADMIN, None, None, Vec::new()).await;
        assert!(refused.is_err());
        assert_eq!(failing.journal.steps(), ["user", "import en", "invite_new"], "stops at the failure, uncommitted");
    }

    #[tokio::test]
    async fn a_preview_writes_nothing() {
        let uow = fake();
        People::new(uow.clone()).preview_import(&ADMIN, None, None, Vec::new()).await.unwrap();
        assert_eq!(uow.journal.steps(), ["user", "preview_import"]);
    }
}
