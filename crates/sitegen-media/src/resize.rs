//! Downscaling a decoded image to the size of a variant or a share JPEG.
//!
//! fast_image_resize's Lanczos3 convolution, the filter `image` used before, on 8-bit
//! RGB or RGBA with SIMD: a 12-megapixel photo resized to its four files took most of a
//! cold build's time per photo with `image`'s own resize, about a tenth of it with this
//! one. Like `image`'s, it filters the gamma-encoded values as they are, as browsers and
//! other site generators do.

use std::borrow::Cow;

use fast_image_resize::images::{Image, ImageRef};
use fast_image_resize::{PixelType, ResizeOptions, Resizer};
use image::{DynamicImage, RgbImage, RgbaImage};

/// The part of an image to resize: (x, y, width, height), in pixels.
pub(crate) type Crop = (u32, u32, u32, u32);

/// The `crop` of `image` (all of it when `None`) resized to `width` × `height` with
/// Lanczos3, as 8-bit RGB, or RGBA when the image has transparency (its colours then
/// weighted by their alpha, so a transparent pixel's hidden colour never bleeds into
/// its neighbours). `Err` is the resizer's reason.
pub(crate) fn resized(
    image: &DynamicImage,
    crop: Option<Crop>,
    width: u32,
    height: u32,
) -> Result<DynamicImage, String> {
    let (source_width, source_height) = (image.width(), image.height());
    let (pixels, pixel_type): (Cow<[u8]>, PixelType) = if image.color().has_alpha() {
        let rgba = match image.as_rgba8() {
            Some(rgba) => Cow::Borrowed(rgba.as_raw().as_slice()),
            None => Cow::Owned(image.to_rgba8().into_raw()),
        };
        (rgba, PixelType::U8x4)
    } else {
        let rgb = match image.as_rgb8() {
            Some(rgb) => Cow::Borrowed(rgb.as_raw().as_slice()),
            None => Cow::Owned(image.to_rgb8().into_raw()),
        };
        (rgb, PixelType::U8x3)
    };
    let source = ImageRef::new(source_width, source_height, &pixels, pixel_type)
        .map_err(|error| format!("the resizer refused the image: {error}"))?;
    let mut resized = Image::new(width.max(1), height.max(1), pixel_type);
    let mut options = ResizeOptions::new();
    if let Some((x, y, crop_width, crop_height)) = crop {
        options = options.crop(
            f64::from(x),
            f64::from(y),
            f64::from(crop_width),
            f64::from(crop_height),
        );
    }
    Resizer::new()
        .resize(&source, &mut resized, &options)
        .map_err(|error| format!("the resizer failed: {error}"))?;
    let (width, height) = (resized.width(), resized.height());
    let buffer = resized.into_vec();
    let unsized_buffer = || "the resizer returned a buffer of the wrong size".to_string();
    Ok(if pixel_type == PixelType::U8x4 {
        DynamicImage::ImageRgba8(
            RgbaImage::from_raw(width, height, buffer).ok_or_else(unsized_buffer)?,
        )
    } else {
        DynamicImage::ImageRgb8(
            RgbImage::from_raw(width, height, buffer).ok_or_else(unsized_buffer)?,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Left half red, right half blue.
    fn halves(width: u32, height: u32) -> RgbImage {
        RgbImage::from_fn(width, height, |x, _| {
            image::Rgb(if x < width / 2 {
                [255, 0, 0]
            } else {
                [0, 0, 255]
            })
        })
    }

    #[test]
    fn an_image_is_resized_to_the_size_asked_keeping_where_its_colours_are() {
        let image = DynamicImage::ImageRgb8(halves(400, 300));
        let small = resized(&image, None, 100, 75).unwrap().into_rgb8();
        assert_eq!(small.dimensions(), (100, 75));
        assert_eq!(small.get_pixel(10, 40).0, [255, 0, 0]);
        assert_eq!(small.get_pixel(90, 40).0, [0, 0, 255]);
    }

    #[test]
    fn a_crop_resizes_only_that_part() {
        let image = DynamicImage::ImageRgb8(halves(400, 300));
        // The right quarter of the width: all blue.
        let right = resized(&image, Some((300, 0, 100, 300)), 50, 150)
            .unwrap()
            .into_rgb8();
        assert_eq!(right.dimensions(), (50, 150));
        assert!(right.pixels().all(|pixel| pixel.0 == [0, 0, 255]));
    }

    #[test]
    fn transparency_is_kept_and_hidden_colours_do_not_bleed() {
        // Opaque white on the left; fully transparent *black* on the right.
        let image = DynamicImage::ImageRgba8(RgbaImage::from_fn(400, 300, |x, _| {
            image::Rgba(if x < 200 { [255; 4] } else { [0, 0, 0, 0] })
        }));
        let small = resized(&image, None, 100, 75).unwrap();
        assert!(small.color().has_alpha());
        let small = small.into_rgba8();
        assert_eq!(small.get_pixel(90, 40).0[3], 0, "still transparent");
        // At the edge, the blend of white and transparent stays white, not grey.
        let edge = small.get_pixel(50, 40).0;
        assert!(edge[3] > 0 && edge[3] < 255, "{edge:?}");
        assert!(edge[..3].iter().all(|&c| c >= 250), "{edge:?}");
    }

    #[test]
    fn grey_and_sixteen_bit_images_are_resized_as_8_bit_rgb() {
        let grey = DynamicImage::ImageLuma16(image::ImageBuffer::from_pixel(
            64,
            64,
            image::Luma([0x8080u16]),
        ));
        let small = resized(&grey, None, 16, 16).unwrap();
        assert_eq!(small.color(), image::ColorType::Rgb8);
        assert_eq!(small.into_rgb8().get_pixel(8, 8).0, [0x80; 3]);
    }
}
