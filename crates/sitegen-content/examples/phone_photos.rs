//! Writes phone-sized photos for the build benchmark (scripts/bench): `COUNT` JPEGs of
//! 4032×3024 at quality 92, `p1.jpg` to `pCOUNT.jpg` in `DIR`, each with a phone's EXIF
//! (every third one a portrait, stored sideways with orientation 6). Their pixels are
//! smooth shapes under sensor-like noise, so they weigh about what a phone's photo
//! does (3 to 4 MB) and cost about as much to decode and resize. `WIDTHxHEIGHT` gives
//! another size for the landscape ones (portraits are turned: HEIGHT wide), e.g. the
//! smaller photos of a 10,000-product audit (scripts/audit-catalogue).
//!
//! Usage: cargo run -p sitegen-content --example phone_photos -- DIR COUNT [WIDTHxHEIGHT]

use std::path::PathBuf;

fn photo(index: u32, width: u32, height: u32) -> image::RgbImage {
    let mut seed = 0x9E37_79B9_u32 ^ index.wrapping_mul(0x85EB_CA77);
    let shapes = sitegen_content::testing::quarters(width, height, 0);
    image::RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let noise = (seed & 15) as i32 - 8;
        let base = shapes.get_pixel(x, y).0;
        let light = ((x + y + index * 97) % 512) as i32 / 4 - 64;
        image::Rgb(base.map(|c| (i32::from(c) / 2 + 64 + light + noise).clamp(0, 255) as u8))
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    fn usage() -> ! {
        eprintln!("usage: phone_photos DIR COUNT [WIDTHxHEIGHT]");
        std::process::exit(2);
    }
    let (Some(dir), Some(count)) = (args.next(), args.next()) else {
        usage()
    };
    let dir = PathBuf::from(dir);
    let count: u32 = count.parse().unwrap_or_else(|_| usage());
    let (width, height) = match args.next() {
        None => (4032, 3024),
        Some(size) => size
            .split_once('x')
            .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
            .filter(|&(w, h): &(u32, u32)| w > 0 && h > 0)
            .unwrap_or_else(|| usage()),
    };
    std::fs::create_dir_all(&dir).expect("DIR can be made");
    for index in 1..=count {
        let (upright, orientation) = if index % 3 == 0 {
            (photo(index, height, width), 6)
        } else {
            (photo(index, width, height), 1)
        };
        let jpeg = sitegen_content::testing::phone_jpeg_at(&upright, orientation, 92);
        std::fs::write(dir.join(format!("p{index}.jpg")), jpeg).expect("the photo is written");
    }
}
