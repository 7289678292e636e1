//! The web UI, built by Vite into `frontend/dist` and embedded in release builds (debug builds
//! read the folder from disk, so a rebuilt UI shows without recompiling). Client-side routes
//! fall back to `index.html`; `/api/…` never reaches here.

use actix_web::{
    HttpRequest, HttpResponse,
    http::{Method, header},
};
use rust_embed::RustEmbed;

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
        return HttpResponse::Ok()
            .content_type(file.metadata.mimetype())
            .insert_header((header::CACHE_CONTROL, cache))
            .body(file.data.into_owned());
    }
    // A missing file with an extension is a broken link, not a client route.
    if path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("404 Page not found");
    }
    match Assets::get("index.html") {
        Some(index) => HttpResponse::Ok()
            .content_type("text/html; charset=utf-8")
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .body(index.data.into_owned()),
        None => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body("The web UI has not been built: run `npm --prefix frontend run build` (or `just run`)."),
    }
}
