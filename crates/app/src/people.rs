//! People: creating company admins and trainees (a trainee with a seat), their invitations,
//! disabling with the seat released, and the bulk import — each one transaction.

use identity::{AdminActionError, CreateUserError, User};
use kernel::{Actor, BatchId, CompanyId, Email, Role, UserId};
use licensing::{ImportError, ImportRow, Invalid, LicensingError, RowPlan, TraineeDraft, drafts};

use crate::{UnitOfWork, Work};

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

impl<U: UnitOfWork> People<U> {
    pub const fn new(work: U) -> Self {
        Self { work }
    }

    /// Creates an invited company admin and queues the invitation.
    ///
    /// # Errors
    /// `EmailTaken`; the company outside the actor's scope; `UNKNOWN_LANGUAGE`.
    pub async fn create_company_admin(&self, actor: &Actor, admin: NewCompanyAdmin) -> Result<User, PeopleError> {
        let work = self.work.begin().await?;
        let default_locale = admin_locale(&work, actor).await?;
        let company = work.licensing.acting_company(actor, admin.company).await?;
        let locale = drafts::locale("locale", &admin.locale, default_locale).map_err(|p| Invalid(vec![p]))?;
        let user = match work.identity.create_company_admin(actor, company, admin.email, &admin.name, locale).await {
            Ok(user) => user,
            Err(CreateUserError::EmailTaken(_)) => return Err(PeopleError::EmailTaken),
            Err(CreateUserError::CompanyRequired { .. }) => {
                return Err(Invalid(vec![licensing::FieldProblem::new("company_id", "REQUIRED")]).into());
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
        let work = self.work.begin().await?;
        let default_locale = admin_locale(&work, actor).await?;
        let company = work.licensing.acting_company(actor, company).await?;
        let id = match work.licensing.create_trainee(actor, Some(company), draft, default_locale).await {
            Err(LicensingError::EmailTaken) => return Err(PeopleError::EmailTaken),
            other => other?,
        };
        work.identity.invite_new(actor, id).await?;
        let user = work.identity.user_in_scope_by_id(actor.scope, id).await?;
        self.work.commit(work).await?;
        Ok(user)
    }

    /// Disables a person, ending their sessions; a trainee's unused seats return to the pool.
    ///
    /// # Errors
    /// `NotFound` outside the scope or for oneself; `WrongState` when already disabled.
    pub async fn disable(&self, actor: &Actor, id: UserId) -> Result<User, PeopleError> {
        let work = self.work.begin().await?;
        let user = work.identity.set_enabled(actor, id, false).await?;
        if user.role == Role::User {
            work.licensing.release_unused(actor, id, user.company).await?;
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
        let work = self.work.begin().await?;
        let default_locale = admin_locale(&work, actor).await?;
        let (_, plans) = work.licensing.preview_import(actor, company, default_batch, default_locale, rows).await?;
        Ok(plans)
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
        let work = self.work.begin().await?;
        let default_locale = admin_locale(&work, actor).await?;
        let users = work.licensing.import(actor, company, default_batch, default_locale, rows).await?;
        for user in &users {
            work.identity.invite_new(actor, *user).await?;
        }
        self.work.commit(work).await?;
        Ok(users)
    }
}

/// The language of people an admin creates or imports without naming one: the admin's own
/// (companies keep no language of their own).
async fn admin_locale<U: UnitOfWork>(work: &Work<U>, actor: &Actor) -> Result<&'static str, PeopleError> {
    let admin = work.identity.user_in_scope_by_id(actor.scope, actor.user).await?;
    Ok(drafts::locale("locale", &admin.locale, kernel::LOCALES[0]).unwrap_or(kernel::LOCALES[0]))
}
