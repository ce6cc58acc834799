#!/usr/bin/env python3
"""Gives every product of CONTENT/products.toml a photo of its own: a copy of a JPEG
with a comment segment naming the product, so that each has its own bytes, hash and
variants (and costs a build a decode and resize of its own).

The JPEGs are the PHOTO files given, taken in turn (e.g. phone photos from
crates/sitegen-content/examples/phone_photos.rs, landscape and portrait), or else the
content's hero poster (1600x900), as scripts/media-origin-files uses it. The comment
goes after the JPEG's APPn segments, so a phone photo's EXIF (its orientation) stays
the first segment, where readers look for it.

Usage: add-product-photos.py CONTENT_DIR [PHOTO...]
"""

import re
import sys
from pathlib import Path


def with_comment(jpeg: bytes, note: bytes) -> bytes:
    """`jpeg` with a COM segment holding `note` after its start marker and APPn segments."""
    if jpeg[:2] != b"\xff\xd8":
        sys.exit("add-product-photos.py: not a JPEG (no start-of-image marker)")
    at = 2
    while at + 4 <= len(jpeg) and jpeg[at] == 0xFF and 0xE0 <= jpeg[at + 1] <= 0xEF:
        at += 2 + int.from_bytes(jpeg[at + 2 : at + 4], "big")
    segment = b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note
    return jpeg[:at] + segment + jpeg[at:]


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: add-product-photos.py CONTENT_DIR [PHOTO...]")
    content = Path(sys.argv[1])
    sources = [Path(path) for path in sys.argv[2:]] or [content / "media/home/hero-poster.jpg"]
    photos = [source.read_bytes() for source in sources]
    (content / "media/products").mkdir(parents=True, exist_ok=True)
    products = content / "products.toml"
    given = 0

    def with_photo(match: re.Match) -> str:
        nonlocal given
        product_id = match.group(1)
        photo = photos[given % len(photos)]
        given += 1
        path = content / f"media/products/p{product_id}.jpg"
        path.write_bytes(with_comment(photo, f"product {product_id}".encode()))
        return f'{match.group(0)}\nimage = "media/products/p{product_id}.jpg"'

    text = re.sub(r"^id = (\d+)$", with_photo, products.read_text(), flags=re.M)
    products.write_text(text)


if __name__ == "__main__":
    main()
