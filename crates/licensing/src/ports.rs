//! What licensing needs from storage. Every read takes the caller's [`Scope`], so a record
//! outside it is indistinguishable from one that does not exist.

use std::future::Future;

use kernel::{CompanyId, Page, PageRequest, Scope};

use crate::Company;

#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// Absent, or outside the caller's scope: the two are deliberately the same answer.
    #[error("not found")]
    NotFound,
    #[error(transparent)]
    Unknown(#[from] anyhow::Error),
}

pub trait CompanyRepository: Clone + Send + Sync + 'static {
    /// # Errors
    /// MUST return [`FindError::NotFound`] for a company outside `scope`.
    fn find(&self, scope: Scope, id: CompanyId) -> impl Future<Output = Result<Company, FindError>> + Send;

    /// The companies `scope` sees, one page of them.
    ///
    /// # Errors
    /// Only [`FindError::Unknown`].
    fn list(&self, scope: Scope, page: PageRequest) -> impl Future<Output = Result<Page<Company>, FindError>> + Send;
}
