//! Refuses requests the OpenAPI document does not describe: a method a path does not have
//! (405 with `Allow`) and query parameters an operation does not take (400). What each
//! operation takes is read from the document itself, so the spec and the server cannot drift:
//! a misspelt `pag=2` is an error, not a silently ignored filter.

use kernel::FieldCode;
use std::{collections::HashSet, sync::Arc};

use actix_web::{
    Error, ResponseError,
    body::{EitherBody, MessageBody},
    dev::{ServiceRequest, ServiceResponse},
    http::{
        Method,
        header::{self, HeaderValue},
    },
    middleware::Next,
};
use utoipa::openapi::{OpenApi, RefOr, path::ParameterIn};

use crate::{ApiError, FieldError, ProblemCode};

/// One documented operation: its method, its path template split into segments (`None` for
/// a `{parameter}`), and the names of its query parameters.
#[derive(Debug)]
struct Operation {
    method: Method,
    segments: Vec<Option<String>>,
    query: HashSet<String>,
}

/// The operations of the API, to check requests against.
#[derive(Clone, Debug)]
pub struct DocumentedOperations(Arc<Vec<Operation>>);

/// What is wrong with a request, as the spec sees it.
#[derive(Debug, PartialEq, Eq)]
enum Undocumented {
    /// The path exists with these other methods.
    Method(Vec<Method>),
    /// The first query parameter the operation does not take.
    Parameter(String),
}

impl DocumentedOperations {
    #[must_use]
    pub fn from_spec(spec: &OpenApi) -> Self {
        let mut operations = Vec::new();
        for (path, item) in &spec.paths.paths {
            let segments: Vec<Option<String>> =
                path.trim_start_matches('/').split('/').map(|s| (!s.starts_with('{')).then(|| s.to_owned())).collect();
            let methods = [
                (Method::GET, &item.get),
                (Method::POST, &item.post),
                (Method::PUT, &item.put),
                (Method::PATCH, &item.patch),
                (Method::DELETE, &item.delete),
            ];
            for (method, operation) in methods {
                let Some(operation) = operation else { continue };
                let query = operation
                    .parameters
                    .iter()
                    .flatten()
                    .filter_map(|p| match p {
                        RefOr::T(p) if matches!(p.parameter_in, ParameterIn::Query) => Some(p.name.clone()),
                        _ => None,
                    })
                    .collect();
                operations.push(Operation { method, segments: segments.clone(), query });
            }
        }
        Self(Arc::new(operations))
    }

    /// `None` when the request is one the spec describes, or names no documented path at all
    /// (routing answers that with 404).
    fn check(&self, method: &Method, path: &str, query: &str) -> Option<Undocumented> {
        let method = if method == Method::HEAD { &Method::GET } else { method };
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        let matching = self.0.iter().filter(|op| {
            op.segments.len() == segments.len()
                && op.segments.iter().zip(&segments).all(|(want, got)| want.as_deref().is_none_or(|w| w == *got))
        });
        // As the router does: `/users/import` is that path, not `/users/{id}` with id "import".
        let literal = |op: &Operation| op.segments.iter().filter(|s| s.is_some()).count();
        let most_literal = matching.clone().map(literal).max();
        let on_path: Vec<&Operation> = matching.filter(|op| Some(literal(op)) == most_literal).collect();
        if on_path.is_empty() {
            return None;
        }
        let Some(operation) = on_path.iter().find(|op| op.method == method) else {
            return Some(Undocumented::Method(on_path.iter().map(|op| op.method.clone()).collect()));
        };
        query
            .split('&')
            .filter(|pair| !pair.is_empty())
            .map(|pair| pair.split_once('=').map_or(pair, |(key, _)| key))
            .find(|key| !operation.query.contains(*key))
            // Echoed in the problem: shortened, and only printable ASCII as it is.
            .map(|key| Undocumented::Parameter(key.chars().take(60).flat_map(char::escape_default).collect()))
    }
}

/// Answers `METHOD_NOT_ALLOWED` or `MALFORMED_REQUEST` for what the spec does not describe.
///
/// # Errors
/// Whatever the wrapped service answers.
pub async fn refuse_undocumented(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let undocumented = request
        .app_data::<DocumentedOperations>()
        .and_then(|documented| documented.check(request.method(), request.path(), request.query_string()));
    let answer = match undocumented {
        None => return next.call(request).await.map(ServiceResponse::map_into_left_body),
        Some(Undocumented::Method(allowed)) => {
            let allow: Vec<&str> = allowed.iter().map(Method::as_str).collect();
            let mut answer = ApiError::new(ProblemCode::MethodNotAllowed).error_response();
            if let Ok(value) = HeaderValue::from_str(&allow.join(", ")) {
                answer.headers_mut().insert(header::ALLOW, value);
            }
            answer
        }
        Some(Undocumented::Parameter(key)) => {
            ApiError::fields(ProblemCode::MalformedRequest, vec![FieldError::new(&key, FieldCode::UnknownParameter)])
                .with_detail(format!("{key}: not a parameter of this operation"))
                .error_response()
        }
    };
    Ok(request.into_response(answer).map_into_right_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_checked_against_the_operation_its_path_and_method_name() {
        let documented = DocumentedOperations::from_spec(&crate::openapi());
        let check = |method: Method, path: &str, query: &str| documented.check(&method, path, query);
        assert_eq!(check(Method::GET, "/api/v1/companies", "page=2&per_page=10&q=mer&active=true"), None);
        assert_eq!(check(Method::GET, "/api/v1/companies", "pag=2"), Some(Undocumented::Parameter("pag".into())));
        assert_eq!(check(Method::HEAD, "/api/v1/companies", "pag=2"), Some(Undocumented::Parameter("pag".into())));
        assert_eq!(check(Method::GET, "/api/v1/me", "page=2"), Some(Undocumented::Parameter("page".into())));
        assert_eq!(
            check(Method::PATCH, "/api/v1/companies", ""),
            Some(Undocumented::Method(vec![Method::GET, Method::POST]))
        );
        assert_eq!(check(Method::PUT, "/api/v1/users/import", ""), Some(Undocumented::Method(vec![Method::POST])));
        assert_eq!(check(Method::GET, "/api/v1/no-such-thing", "x=1"), None, "routing answers 404");
    }
}
