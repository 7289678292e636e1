//! A company logo is what its bytes are: PNG, JPEG or WebP within size and dimensions, stored
//! re-encoded and served with its real type; a company without one answers 204, not 404.

use std::io::Cursor;

use image::ImageFormat;
use kernel::Role;

use crate::helpers::{TestApp, assert_problem, spawn_app};

fn picture(format: ImageFormat, side: u32) -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    image::RgbImage::from_pixel(side, side, image::Rgb([200, 60, 30])).write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

/// A small real PNG.
pub fn png(side: u32) -> Vec<u8> {
    picture(ImageFormat::Png, side)
}

async fn upload(app: &TestApp, token: &str, company: uuid::Uuid, claimed: &str, body: Vec<u8>) -> reqwest::Response {
    let url = app.url(&format!("/api/v1/companies/{company}/logo"));
    app.client.put(url).bearer_auth(token).header("content-type", claimed).body(body).send().await.unwrap()
}

crate::on_both_databases! {
    async fn a_logo_is_judged_by_its_bytes_and_served_as_what_it_is(db: TestDb) {
        let app = spawn_app(db).await;
        let company = app.company("Meridian", false, 30).await;
        let token = app.token_of(&app.user(Role::SuperAdmin, None).await).await;
        let logo_url = format!("/api/v1/companies/{company}/logo");

        let none = app.get_as(&logo_url, &token).await;
        assert_eq!(none.status(), 204, "no logo yet: nothing to show, and no error");

        let html = b"<html><body><script>alert(document.cookie)</script></body></html>".to_vec();
        for (claimed, body, code) in [
            ("image/png", html, "LOGO_TYPE"),
            ("image/png", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec(), "LOGO_TYPE"),
            ("image/png", vec![0x89; 300 * 1024], "LOGO_SIZE"),
            ("image/png", png(2049), "LOGO_DIMENSIONS"),
        ] {
            let problem = assert_problem(upload(&app, &token, company, claimed, body).await, 422, "VALIDATION_FAILED").await;
            assert_eq!(problem["errors"][0]["code"], code);
        }
        assert_eq!(app.get_as(&logo_url, &token).await.status(), 204, "nothing was stored");

        for (format, content_type) in [(ImageFormat::Jpeg, "image/jpeg"), (ImageFormat::WebP, "image/webp"), (ImageFormat::Png, "image/png")] {
            // Labelled as something else: the bytes decide.
            assert_eq!(upload(&app, &token, company, "text/html", picture(format, 64)).await.status(), 204);
            let served = app.get_as(&logo_url, &token).await;
            assert_eq!(served.status(), 200);
            assert_eq!(served.headers()["content-type"], content_type);
            assert_eq!(served.headers()["x-content-type-options"], "nosniff");
            let bytes = served.bytes().await.unwrap();
            let decoded = image::load_from_memory(&bytes).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (64, 64));
        }
    }
}
