//! A source image decoded the right way up and in sRGB, as every variant and share
//! image is made from it.

use std::path::Path;
#[cfg(test)]
use std::sync::Mutex;

use image::{DynamicImage, ImageDecoder, ImageReader};

use crate::error::MediaError;

/// How many times each source was decoded, for the tests that it is decoded once.
#[cfg(test)]
pub(crate) static DECODES: Mutex<std::collections::BTreeMap<std::path::PathBuf, usize>> =
    Mutex::new(std::collections::BTreeMap::new());

/// The image at `source` decoded the right way up: turned as its EXIF orientation says,
/// as browsers show the file, since the variants carry no EXIF to say it again.
pub(crate) fn decode(source: &Path) -> Result<DynamicImage, MediaError> {
    #[cfg(test)]
    {
        let mut decodes = DECODES.lock().unwrap_or_else(|p| p.into_inner());
        *decodes.entry(source.to_path_buf()).or_default() += 1;
    }
    let undecodable = |error| MediaError::Decode {
        path: source.to_path_buf(),
        source: error,
    };
    let mut decoder = ImageReader::open(source)
        .map_err(|e| MediaError::io(source, e))?
        .with_guessed_format()
        .map_err(|e| MediaError::io(source, e))?
        .into_decoder()
        .map_err(undecodable)?;
    let orientation = decoder.orientation().map_err(undecodable)?;
    // A profile that cannot be read is ignored, as browsers ignore it.
    let profile = decoder.icc_profile().ok().flatten();
    let mut image = DynamicImage::from_decoder(decoder).map_err(undecodable)?;
    image.apply_orientation(orientation);
    Ok(match profile {
        Some(profile) => in_srgb(image, &profile),
        None => image,
    })
}

/// The pixels of `image`, whose colours are in the ICC profile `icc` (an iPhone's
/// Display P3, a camera's Adobe RGB), in sRGB: the variants carry no profile, and
/// browsers show an untagged image as sRGB, so unconverted it would look washed out.
/// An image left as it is when the profile is not an RGB one moxcms reads.
fn in_srgb(image: DynamicImage, icc: &[u8]) -> DynamicImage {
    use moxcms::{ColorProfile, DataColorSpace, Layout, TransformOptions};
    let Ok(profile) = ColorProfile::new_from_slice(icc) else {
        return image;
    };
    if profile.color_space != DataColorSpace::Rgb {
        return image;
    }
    let srgb = ColorProfile::new_srgb();
    let (layout, mut pixels) = if image.color().has_alpha() {
        (Layout::Rgba, DynamicImage::ImageRgba8(image.to_rgba8()))
    } else {
        (Layout::Rgb, DynamicImage::ImageRgb8(image.to_rgb8()))
    };
    let Ok(transform) =
        profile.create_transform_8bit(layout, &srgb, layout, TransformOptions::default())
    else {
        return image;
    };
    let source = pixels.as_bytes().to_vec();
    let converted = match &mut pixels {
        DynamicImage::ImageRgba8(buffer) => transform.transform(&source, buffer),
        DynamicImage::ImageRgb8(buffer) => transform.transform(&source, buffer),
        _ => return image,
    };
    if converted.is_err() {
        return image;
    }
    pixels
}
