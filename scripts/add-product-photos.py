#!/usr/bin/env python3
"""Gives every product of CONTENT/products.toml a photo of its own, for the file-count
measure of scripts/media-origin-files: the content's hero poster JPEG (1600x900) with a
comment segment naming the product, so that each has its own bytes, hash and variants.

Usage: add-product-photos.py CONTENT_DIR
"""

import re
import sys
from pathlib import Path


def main():
    content = Path(sys.argv[1])
    poster = (content / "media/home/hero-poster.jpg").read_bytes()
    (content / "media/products").mkdir(parents=True, exist_ok=True)
    products = content / "products.toml"

    def with_photo(match: re.Match) -> str:
        product_id = match.group(1)
        note = f"product {product_id}".encode()
        # A JPEG comment (COM) segment right after the start-of-image marker.
        segment = b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note
        photo = content / f"media/products/p{product_id}.jpg"
        photo.write_bytes(poster[:2] + segment + poster[2:])
        return f'{match.group(0)}\nimage = "media/products/p{product_id}.jpg"'

    text = re.sub(r"^id = (\d+)$", with_photo, products.read_text(), flags=re.M)
    products.write_text(text)


if __name__ == "__main__":
    main()
