//! The browser's session, in cookies: the access token rides in an `HttpOnly` cookie no script
//! can read, so one sign-in serves every tab, and a random CSRF cookie that the page's script
//! reads and echoes in a header on every unsafe request (the double-submit pattern): another
//! site can make a browser send the cookies, never that header. API clients send the token as
//! a bearer header and need neither.

use actix_web::{
    HttpRequest, HttpResponseBuilder,
    cookie::{Cookie, SameSite},
    http::Method,
};

/// The access token of a browser session; sent only to the API.
pub const SESSION_COOKIE: &str = "playtrack_session";
/// A random value the page echoes in [`CSRF_HEADER`]; its scripts must read it, so not
/// `HttpOnly`, and it is no credential on its own.
pub const CSRF_COOKIE: &str = "playtrack_csrf";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// Sets the cookies of a session just opened with `token`, which the browser keeps for
/// `lifetime` (the session's absolute expiry; the server ends it sooner when idle).
pub fn open(response: &mut HttpResponseBuilder, token: &str, lifetime: time::Duration, secure: bool) {
    let csrf = identity::secret::new_token();
    for cookie in pair(token.to_owned(), csrf, lifetime.max(time::Duration::ZERO), secure) {
        response.cookie(cookie);
    }
}

/// Makes the browser forget both cookies (same names and paths, `Max-Age=0`).
pub fn end(response: &mut HttpResponseBuilder, secure: bool) {
    for cookie in pair(String::new(), String::new(), time::Duration::ZERO, secure) {
        response.cookie(cookie);
    }
}

fn pair(token: String, csrf: String, lifetime: time::Duration, secure: bool) -> [Cookie<'static>; 2] {
    let session = Cookie::build(SESSION_COOKIE, token).path("/api").http_only(true);
    // Path `/`: the page reads it from `document.cookie`, which shows only the cookies of
    // the page's own path.
    let csrf = Cookie::build(CSRF_COOKIE, csrf).path("/").http_only(false);
    [session, csrf].map(|cookie| cookie.secure(secure).same_site(SameSite::Strict).max_age(lifetime).finish())
}

/// The access token of the session cookie, when the request carries one.
#[must_use]
pub fn session_token(request: &HttpRequest) -> Option<String> {
    request.cookie(SESSION_COOKIE).map(|cookie| cookie.value().to_owned()).filter(|token| !token.is_empty())
}

/// Whether a request authenticated by the session cookie may go on: reading (`GET`, `HEAD`)
/// always, anything else only with the CSRF cookie's value in [`CSRF_HEADER`], compared in
/// time independent of where they differ.
#[must_use]
pub fn csrf_passes(request: &HttpRequest) -> bool {
    if matches!(*request.method(), Method::GET | Method::HEAD) {
        return true;
    }
    let header = request.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok());
    let cookie = request.cookie(CSRF_COOKIE);
    match (header, cookie) {
        (Some(header), Some(cookie)) if !cookie.value().is_empty() => {
            identity::secret::same_hash(header, cookie.value())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn only_reading_goes_without_the_csrf_header() {
        let request = |method: Method, header: Option<&str>| {
            let mut request = TestRequest::default().method(method).cookie(Cookie::new(CSRF_COOKIE, "abc"));
            if let Some(header) = header {
                request = request.insert_header((CSRF_HEADER, header));
            }
            csrf_passes(&request.to_http_request())
        };
        assert!(request(Method::GET, None));
        assert!(request(Method::HEAD, None));
        assert!(request(Method::POST, Some("abc")));
        for method in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
            assert!(!request(method.clone(), None), "{method}");
            assert!(!request(method.clone(), Some("abd")), "{method}");
            assert!(!request(method, Some("")), "an empty header");
        }
        let no_cookie = TestRequest::post().insert_header((CSRF_HEADER, "")).to_http_request();
        assert!(!csrf_passes(&no_cookie), "an empty header and no cookie are no match");
    }
}
