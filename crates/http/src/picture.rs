//! An uploaded picture (a company's logo, a person's photo), judged by its bytes and never by
//! the request's `Content-Type`: only PNG, JPEG and WebP, within a size and dimensions read from
//! the header before any pixel is decoded (so a small file that unpacks into a huge bitmap is
//! refused cheaply), then decoded and encoded again, which drops metadata and anything appended
//! to the image.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits, codecs::jpeg::JpegEncoder};
use kernel::FieldCode;

/// What one kind of picture may be, and how it is kept.
#[derive(Debug)]
pub struct Rules {
    /// The request body's field, in a `VALIDATION_FAILED` problem.
    pub field: &'static str,
    /// The largest upload, and the largest picture kept.
    pub max_bytes: usize,
    /// The widest and tallest upload, in pixels.
    pub max_side: u32,
    /// A picture larger than this square is scaled down into it and kept as a JPEG.
    fit: Option<u32>,
    codes: [FieldCode; 3],
}

/// A company's logo: kept as uploaded, in its own format.
pub const LOGO: Rules = Rules {
    field: "logo",
    max_bytes: licensing::service::LOGO_MAX_BYTES,
    max_side: 2048,
    fit: None,
    codes: [FieldCode::LogoType, FieldCode::LogoSize, FieldCode::LogoDimensions],
};

/// A profile photo: a phone camera's picture is welcome, and is kept as a small JPEG.
pub const PHOTO: Rules = Rules {
    field: "photo",
    max_bytes: 8 * 1024 * 1024,
    max_side: 6000,
    fit: Some(PHOTO_SIDE),
    codes: [FieldCode::PhotoType, FieldCode::PhotoSize, FieldCode::PhotoDimensions],
};

/// The side of the square a kept photo fits in, in pixels: sharp at twice the largest avatar.
pub const PHOTO_SIDE: u32 = 512;
const JPEG_QUALITY: u8 = 85;

/// Why an upload is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// Not a PNG, JPEG or WebP image, or not a readable one.
    Type,
    /// Empty, or more than [`Rules::max_bytes`].
    Size,
    /// Wider or taller than [`Rules::max_side`].
    Dimensions,
}

impl Rejected {
    /// The field code of `VALIDATION_FAILED` for a picture of `rules`.
    #[must_use]
    pub const fn code(self, rules: &Rules) -> FieldCode {
        rules.codes[self as usize]
    }
}

/// A picture to store.
#[derive(Debug, PartialEq, Eq)]
pub struct Picture {
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// The picture to store: the upload decoded and encoded again.
///
/// # Errors
/// What makes the upload no picture of this kind.
pub fn reencoded(bytes: &[u8], rules: &Rules) -> Result<Picture, Rejected> {
    if bytes.is_empty() || bytes.len() > rules.max_bytes {
        return Err(Rejected::Size);
    }
    let format = image::guess_format(bytes).map_err(|_| Rejected::Type)?;
    let content_type = match format {
        ImageFormat::Png => "image/png",
        ImageFormat::Jpeg => "image/jpeg",
        ImageFormat::WebP => "image/webp",
        _ => return Err(Rejected::Type),
    };
    let reader = || ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader().into_dimensions().map_err(|_| Rejected::Type)?;
    if width > rules.max_side || height > rules.max_side {
        return Err(Rejected::Dimensions);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(rules.max_side);
    limits.max_image_height = Some(rules.max_side);
    limits.max_alloc = Some(u64::from(width) * u64::from(height) * 8);
    let mut decoder = reader();
    decoder.limits(limits);
    let picture = decoder.decode().map_err(|_| Rejected::Type)?;
    let mut encoded = Cursor::new(Vec::new());
    let content_type = match rules.fit {
        None => {
            picture.write_to(&mut encoded, format).map_err(|_| Rejected::Type)?;
            content_type
        }
        Some(side) => {
            let fitted = if width > side || height > side { picture.thumbnail(side, side) } else { picture };
            // JPEG has no transparency: what was see-through shows white, as on the page.
            let flat = DynamicImage::ImageRgb8(flattened(&fitted));
            JpegEncoder::new_with_quality(&mut encoded, JPEG_QUALITY)
                .encode_image(&flat)
                .map_err(|_| Rejected::Type)?;
            "image/jpeg"
        }
    };
    let bytes = encoded.into_inner();
    if bytes.len() > rules.max_bytes {
        return Err(Rejected::Size);
    }
    Ok(Picture { content_type, bytes })
}

/// The picture over a white background.
fn flattened(picture: &DynamicImage) -> image::RgbImage {
    let rgba = picture.to_rgba8();
    image::RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over_white = |c: u8| {
            let blended = (u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255;
            u8::try_from(blended).unwrap_or(u8::MAX)
        };
        image::Rgb([over_white(r), over_white(g), over_white(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(format: ImageFormat, side: u32) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        image::RgbImage::from_pixel(side, side, image::Rgb([30, 120, 200])).write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    /// PNG's chunk checksum, so the forged header reads as a well-formed one.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = u32::MAX;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn png_jpeg_and_webp_are_stored_as_what_their_bytes_are() {
        for (format, content_type) in
            [(ImageFormat::Png, "image/png"), (ImageFormat::Jpeg, "image/jpeg"), (ImageFormat::WebP, "image/webp")]
        {
            let logo = reencoded(&picture(format, 40), &LOGO).unwrap();
            assert_eq!(logo.content_type, content_type);
            assert_eq!(image::guess_format(&logo.bytes).unwrap(), format);
        }
    }

    #[test]
    fn anything_else_is_refused_whatever_it_claims() {
        assert_eq!(reencoded(b"<html><script>alert(1)</script></html>", &LOGO), Err(Rejected::Type));
        assert_eq!(reencoded(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", &LOGO), Err(Rejected::Type), "a GIF");
        let mut truncated = picture(ImageFormat::Png, 40);
        truncated.truncate(60);
        assert_eq!(reencoded(&truncated, &LOGO), Err(Rejected::Type));
        assert_eq!(reencoded(&[], &LOGO), Err(Rejected::Size));
        assert_eq!(reencoded(&vec![0x89; LOGO.max_bytes + 1], &LOGO), Err(Rejected::Size));
    }

    #[test]
    fn a_payload_after_the_image_does_not_survive() {
        let mut polyglot = picture(ImageFormat::Png, 20);
        polyglot.extend_from_slice(b"<script>alert(1)</script>");
        let logo = reencoded(&polyglot, &LOGO).unwrap();
        assert!(!logo.bytes.windows(8).any(|w| w == b"<script>"));
    }

    #[test]
    fn huge_dimensions_are_refused_from_the_header() {
        // A PNG header claiming 100,000 × 100,000 pixels, with no pixel data behind it.
        let mut header = picture(ImageFormat::Png, 1);
        header[16..20].copy_from_slice(&100_000_u32.to_be_bytes());
        header[20..24].copy_from_slice(&100_000_u32.to_be_bytes());
        let crc = crc32(&header[12..29]);
        header[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(reencoded(&header, &LOGO), Err(Rejected::Dimensions));
        assert_eq!(reencoded(&picture(ImageFormat::Png, LOGO.max_side + 1), &LOGO), Err(Rejected::Dimensions));
    }

    #[test]
    fn a_photo_is_kept_as_a_small_jpeg_with_white_where_it_was_see_through() {
        let mut upload = Cursor::new(Vec::new());
        let clear = image::RgbaImage::from_pixel(1000, 600, image::Rgba([0, 0, 0, 0]));
        clear.write_to(&mut upload, ImageFormat::Png).unwrap();

        let photo = reencoded(&upload.into_inner(), &PHOTO).unwrap();

        assert_eq!(photo.content_type, "image/jpeg");
        let kept = image::load_from_memory(&photo.bytes).unwrap().to_rgb8();
        assert_eq!(kept.dimensions(), (PHOTO_SIDE, 307), "fitted into the square, its shape kept");
        assert!(kept.pixels().all(|p| p.0.iter().all(|c| *c > 250)), "white, not black");
        assert_eq!(reencoded(&picture(ImageFormat::Png, PHOTO.max_side + 1), &PHOTO), Err(Rejected::Dimensions));
        assert_eq!(Rejected::Type.code(&PHOTO), FieldCode::PhotoType);
    }
}
