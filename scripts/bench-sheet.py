#!/usr/bin/env python3
"""Writes the inputs of scripts/bench-sheet: a copy of the real content whose
products.toml holds N products, every other one with a brand, a model and four
specifications (the real content has none: the spec invents no specifications).

Usage: bench-sheet.py CONTENT_DIR OUT_CONTENT_DIR N
       bench-sheet.py --retitle PRODUCTS_TOML COUNT   (suffixes COUNT titles, spread out)
"""

import importlib.util
import shutil
import sys
import tomllib
from pathlib import Path

# The catalogue's products come from the build benchmark's generator, so both
# benchmarks measure the same catalogue.
spec = importlib.util.spec_from_file_location("bench_content", Path(__file__).with_name("bench-content.py"))
bench_content = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_content)

SPECIFICATIONS = ["Weight", "Power supply", "Dimensions", "Warranty"]


def with_specifications(text: str, product_id: int) -> str:
    pairs = [
        f"{product_id % 40 + 1} kg",
        f"{200 + product_id % 40} V, 50 Hz",
        f"{30 + product_id % 50} x {40 + product_id % 30} x {20 + product_id % 20} cm",
        f"{1 + product_id % 3} years",
    ]
    lines = [f'brand = "Brand {product_id % 17}"', f'model = "M-{product_id:05}"', "specifications = ["]
    lines += [f'  {{ name = "{name}", value = "{value}" }},' for name, value in zip(SPECIFICATIONS, pairs)]
    lines.append("]")
    return text + "\n".join(lines) + "\n"


def write_catalogue(content: Path, out: Path, n: int) -> None:
    shutil.copytree(content, out)
    real = tomllib.loads((content / "products.toml").read_text())["product"]
    products = bench_content.products_of_size(real, n)
    blocks = bench_content.products_toml(products).split("\n[[product]]\n")
    head, entries = blocks[0], blocks[1:]
    text = head
    for product, entry in zip(products, entries):
        block = "\n[[product]]\n" + entry.rstrip("\n") + "\n"
        if product["id"] % 2 == 0:
            block = with_specifications(block, product["id"])
        text += block
    (out / "products.toml").write_text(text)


def retitle(products: Path, count: int) -> None:
    """Changes `count` titles spread over the file, so importing the sheet exported
    before changes those `count` products back."""
    lines = products.read_text().split("\n")
    titles = [i for i, line in enumerate(lines) if line.startswith("title = ")]
    step = max(1, len(titles) // count)
    for i in titles[::step][:count]:
        lines[i] = lines[i][:-1] + ' (old)"'
    products.write_text("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1] == "--retitle":
        retitle(Path(sys.argv[2]), int(sys.argv[3]))
    else:
        write_catalogue(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]))
