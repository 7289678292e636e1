//! An uploaded logo, judged by its bytes and never by the request's `Content-Type`: only PNG,
//! JPEG and WebP, within a size and dimensions read from the header before any pixel is
//! decoded (so a small file that unpacks into a huge bitmap is refused cheaply), then decoded
//! and encoded again, which drops metadata and anything appended to the image.

use kernel::FieldCode;
use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits};
use licensing::{Logo, service::LOGO_MAX_BYTES};

/// The widest and tallest logo accepted, in pixels.
pub const MAX_SIDE: u32 = 2048;

/// Why an upload is not a logo, as the field code of `VALIDATION_FAILED`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// Not a PNG, JPEG or WebP image, or not a readable one.
    Type,
    /// Empty, or more than [`LOGO_MAX_BYTES`].
    Size,
    /// Wider or taller than [`MAX_SIDE`].
    Dimensions,
}

impl Rejected {
    #[must_use]
    pub const fn code(self) -> FieldCode {
        match self {
            Self::Type => FieldCode::LogoType,
            Self::Size => FieldCode::LogoSize,
            Self::Dimensions => FieldCode::LogoDimensions,
        }
    }
}

/// The logo to store: the upload decoded and encoded again in its own format.
///
/// # Errors
/// What makes the upload no logo.
pub fn reencoded(bytes: &[u8]) -> Result<Logo, Rejected> {
    if bytes.is_empty() || bytes.len() > LOGO_MAX_BYTES {
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
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(Rejected::Dimensions);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(u64::from(MAX_SIDE) * u64::from(MAX_SIDE) * 8);
    let mut decoder = reader();
    decoder.limits(limits);
    let picture = decoder.decode().map_err(|_| Rejected::Type)?;
    let mut encoded = Cursor::new(Vec::new());
    picture.write_to(&mut encoded, format).map_err(|_| Rejected::Type)?;
    let bytes = encoded.into_inner();
    if bytes.len() > LOGO_MAX_BYTES {
        return Err(Rejected::Size);
    }
    Ok(Logo { content_type: content_type.to_owned(), bytes })
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
            let logo = reencoded(&picture(format, 40)).unwrap();
            assert_eq!(logo.content_type, content_type);
            assert_eq!(image::guess_format(&logo.bytes).unwrap(), format);
        }
    }

    #[test]
    fn anything_else_is_refused_whatever_it_claims() {
        assert_eq!(reencoded(b"<html><script>alert(1)</script></html>"), Err(Rejected::Type));
        assert_eq!(reencoded(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"), Err(Rejected::Type), "a GIF");
        let mut truncated = picture(ImageFormat::Png, 40);
        truncated.truncate(60);
        assert_eq!(reencoded(&truncated), Err(Rejected::Type));
        assert_eq!(reencoded(&[]), Err(Rejected::Size));
        assert_eq!(reencoded(&vec![0x89; LOGO_MAX_BYTES + 1]), Err(Rejected::Size));
    }

    #[test]
    fn a_payload_after_the_image_does_not_survive() {
        let mut polyglot = picture(ImageFormat::Png, 20);
        polyglot.extend_from_slice(b"<script>alert(1)</script>");
        let logo = reencoded(&polyglot).unwrap();
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
        assert_eq!(reencoded(&header), Err(Rejected::Dimensions));
        assert_eq!(reencoded(&picture(ImageFormat::Png, MAX_SIDE + 1)), Err(Rejected::Dimensions));
    }
}
