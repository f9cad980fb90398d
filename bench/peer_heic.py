#!/usr/bin/env python3
"""Pillow with the pillow-heif plug-in doing what sharecard-bench's photo stage does with the
12-megapixel HEIC: decode (the primary image, whole: HEVC has no reduced decode) and fit to
1024x576 with LANCZOS, sharecard's filter. pillow-heif is not a Debian package: install it
into a virtual environment (python3 -m venv V && V/bin/pip install pillow-heif) and pass that
interpreter in SHARECARD_BENCH_HEIF_PYTHON. Decoding runs on one thread, as sharecard's does.

    peer_heic.py --iterations N PHOTO.heic

prints `stage<TAB>median_ms` for: decode (open + load), fit (that, then the LANCZOS fit), and
`version<TAB>libheif` as major*10000 + minor*100 + patch (the libheif pillow-heif bundles).
"""
import sys

import pillow_heif
from PIL import Image, ImageOps

from peer_timing import median_ms

CARD = (1024, 576)


def decode(path):
    image = Image.open(path)
    image.load()
    return image


def main(args):
    pillow_heif.register_heif_opener()
    pillow_heif.options.DECODE_THREADS = 1
    iterations = int(args[args.index("--iterations") + 1])
    path = args[-1]
    print("decode\t%.3f" % median_ms(lambda: decode(path), iterations))
    print("fit\t%.3f" % median_ms(lambda: ImageOps.fit(decode(path).convert("RGB"), CARD, Image.LANCZOS), iterations))
    major, minor, patch = (int(p) for p in pillow_heif.libheif_version().split(".")[:3])
    print("version\t%d" % (major * 10000 + minor * 100 + patch))


if __name__ == "__main__":
    main(sys.argv[1:])
