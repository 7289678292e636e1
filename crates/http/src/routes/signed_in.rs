//! Every answer that opens a session (a sign-in step, an accepted invitation, the setup) hands
//! the browser its session cookies along with the body; API clients just read the token.

use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder, Responder, body::BoxBody};
use serde::Serialize;
use time::OffsetDateTime;

use super::auth::{LoginResponse, SessionGrant};
use crate::{AppState, auth::cookies};

/// A body that may carry a session just opened.
pub(super) trait MayOpenSession: Serialize {
    fn grant(&self) -> Option<&SessionGrant>;
}

impl MayOpenSession for SessionGrant {
    fn grant(&self) -> Option<&SessionGrant> {
        Some(self)
    }
}

impl MayOpenSession for LoginResponse {
    fn grant(&self) -> Option<&SessionGrant> {
        match self {
            Self::Session(grant) => Some(grant),
            Self::OtpRequired(_) | Self::EulaRequired(_) => None,
        }
    }
}

/// `body` as JSON on `response`, with the session cookies when it opened a session.
pub(super) fn json(response: &mut HttpResponseBuilder, body: &impl MayOpenSession, state: &AppState) -> HttpResponse {
    cookies_and_json(response, body, state.secure_cookies, state.identity.now())
}

fn cookies_and_json(
    response: &mut HttpResponseBuilder,
    body: &impl MayOpenSession,
    secure: bool,
    now: OffsetDateTime,
) -> HttpResponse {
    if let Some(grant) = body.grant() {
        cookies::open(response, &grant.token, grant.expires_at - now, secure);
    }
    response.json(body)
}

/// A `200` answer that may open a session.
pub(super) struct SignedIn<T> {
    body: T,
    secure: bool,
    now: OffsetDateTime,
}

impl<T> SignedIn<T> {
    pub(super) fn new(state: &AppState, body: T) -> Self {
        Self { body, secure: state.secure_cookies, now: state.identity.now() }
    }
}

impl<T: MayOpenSession> Responder for SignedIn<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        cookies_and_json(&mut HttpResponse::Ok(), &self.body, self.secure, self.now)
    }
}
