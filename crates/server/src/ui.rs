//! The web UI, built by Vite into `frontend/dist` and embedded in release builds (debug builds
//! read the folder from disk, so a rebuilt UI shows without recompiling). Client-side routes
//! fall back to `index.html` (the sign-in page to its prerendered copy); `/api/…` never reaches
//! here. The build puts brotli and gzip copies beside every text asset, and each request gets
//! the one its browser accepts best.

use std::sync::LazyLock;

use actix_web::{
    HttpRequest, HttpResponse,
    http::{
        Method,
        header::{self, AcceptEncoding, Encoding, Header},
    },
};
use kernel::{LOCALES, preferred_locale};
use rust_embed::{EmbeddedFile, RustEmbed};

/// Client routes whose first paint the build prerendered in every language
/// (`frontend/scripts/prerender.mjs`): the sign-in page, under both of its addresses.
const PRERENDERED: [&str; 2] = ["login", "signin"];
/// The first path segment of every route of the app, kept beside its router (a Vitest test
/// holds the list to the router, and the web UI tests hold the server to the list).
static SECTIONS: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../frontend/src/app/route-sections.json")).unwrap_or_default()
});
/// The language the web UI last showed in this browser, which it keeps in this cookie.
const LANGUAGE_COOKIE: &str = "playtrack_lang";

#[derive(RustEmbed)]
#[folder = "../../frontend/dist"]
#[allow_missing = true]
struct Assets;

pub async fn serve(request: HttpRequest) -> HttpResponse {
    // Pages are read, never posted to: anything else is not a route of the UI.
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .content_type("text/plain; charset=utf-8")
            .body("405 Method not allowed");
    }
    let path = request.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        // Vite puts a content hash in every name under assets/: they never change.
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let content_type = file.metadata.mimetype().to_owned();
        return send(&request, path, file, content_type, cache);
    }
    // A missing file with an extension is a broken link, not a client route.
    if path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("404 Page not found");
    }
    // Outside the app's sections nothing is a page: a probe of `/healthz` or `/metrics` must not
    // be answered 200 with one. A browser still gets the app, which shows where to go.
    let section = path.split('/').next().unwrap_or_default();
    let unknown = !section.is_empty() && !SECTIONS.iter().any(|known| known == section);
    if unknown && !wants_page(&request) {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("404 Page not found");
    }
    if PRERENDERED.contains(&path) {
        let page = format!("login.{}.html", reader_language(&request));
        if let Some(file) = Assets::get(&page) {
            let mut response = send(&request, &page, file, "text/html; charset=utf-8".to_owned(), "no-cache");
            response.headers_mut().append(header::VARY, header::HeaderValue::from_static("Accept-Language, Cookie"));
            return response;
        }
    }
    match Assets::get("index.html") {
        Some(index) => {
            let mut response = send(&request, "index.html", index, "text/html; charset=utf-8".to_owned(), "no-cache");
            if unknown {
                *response.status_mut() = actix_web::http::StatusCode::NOT_FOUND;
            }
            response
        }
        None => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("The web UI has not been built: run `npm --prefix frontend run build` (or `just run`)."),
    }
}

/// Whether the request is a browser's navigation, which takes HTML.
fn wants_page(request: &HttpRequest) -> bool {
    request
        .headers()
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// The language the web UI will show this reader: the one it last showed in this browser, else
/// the browser's first supported one, as `detectLanguage` in the UI decides.
fn reader_language(request: &HttpRequest) -> &'static str {
    let shown = request.cookie(LANGUAGE_COOKIE).and_then(|cookie| LOCALES.into_iter().find(|l| *l == cookie.value()));
    let accepted = || request.headers().get(header::ACCEPT_LANGUAGE)?.to_str().ok().map(preferred_locale);
    shown.or_else(accepted).unwrap_or(LOCALES[0])
}

/// `file` (at `path`), or its precompressed copy in the encoding the request accepts best.
fn send(request: &HttpRequest, path: &str, file: EmbeddedFile, content_type: String, cache: &str) -> HttpResponse {
    let copies: Vec<(Encoding, EmbeddedFile)> = [(Encoding::brotli(), "br"), (Encoding::gzip(), "gz")]
        .into_iter()
        .filter_map(|(encoding, suffix)| Some((encoding, Assets::get(&format!("{path}.{suffix}"))?)))
        .collect();
    let mut response = HttpResponse::Ok();
    response.content_type(content_type).insert_header((header::CACHE_CONTROL, cache));
    if copies.is_empty() {
        return response.body(file.data.into_owned());
    }
    // Caches keep one answer per encoding.
    response.insert_header((header::VARY, "Accept-Encoding"));
    let supported: Vec<Encoding> =
        copies.iter().map(|(encoding, _)| encoding.clone()).chain([Encoding::identity()]).collect();
    let chosen = AcceptEncoding::parse(request).ok().and_then(|accepted| accepted.negotiate(supported.iter()));
    match copies.into_iter().find(|(encoding, _)| Some(encoding) == chosen.as_ref()) {
        Some((encoding, copy)) => {
            response.insert_header((header::CONTENT_ENCODING, encoding.to_string())).body(copy.data.into_owned())
        }
        None => response.body(file.data.into_owned()),
    }
}
