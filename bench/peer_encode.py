#!/usr/bin/env python3
"""The same card pixels encoded by peers, in the same run as sharecard-bench's encode stage:
Pillow's PNG writer at its default (zlib 6, adaptive filters) and with optimize=True, cairo's
write_to_png, and Pillow's JPEG and WebP writers at the settings sharecard uses (JPEG with the
standard Huffman tables, Pillow's default, and with optimize=True).

Usage: peer_encode.py [--iterations N] [--jpeg-only | --png-levels] PNG...   Prints
`what<TAB>peer<TAB>index<TAB>value`, what being `bytes` or `ms` (the median of N runs).
--jpeg-only runs only the JPEG peers. With --png-levels only Pillow's PNG writer runs, at
compress_level 1, 6 (its default) and 9 (`pillow-png-1`, `pillow-png-6`, `pillow-png-9`).
"""
from peer_timing import median_ms
import io
import sys


def main():
    args = sys.argv[1:]
    iterations = 20
    if args[:1] == ["--iterations"]:
        iterations = int(args[1])
        args = args[2:]
    jpeg_only = args[:1] == ["--jpeg-only"]
    png_levels = args[:1] == ["--png-levels"]
    if jpeg_only or png_levels:
        args = args[1:]
    from PIL import Image

    try:
        import cairo
    except ImportError:
        cairo = None

    for index, path in enumerate(args):
        image = Image.open(path).convert("RGB")
        image.load()

        peers = {
            "pillow-png": lambda out: image.save(out, "PNG"),
            "pillow-png-optimize": lambda out: image.save(out, "PNG", optimize=True),
            "pillow-jpeg-q90-444": lambda out: image.save(out, "JPEG", quality=90, subsampling=0),
            "pillow-jpeg-q90-444-optimize": lambda out: image.save(out, "JPEG", quality=90, subsampling=0, optimize=True),
            "pillow-jpeg-q90-420": lambda out: image.save(out, "JPEG", quality=90, subsampling=2),
            "pillow-webp-q90": lambda out: image.save(out, "WEBP", quality=90, method=4),
            "pillow-webp-lossless": lambda out: image.save(out, "WEBP", lossless=True, quality=75, method=4),
        }
        if jpeg_only:
            peers = {name: save for name, save in peers.items() if name.startswith("pillow-jpeg")}
        elif png_levels:
            peers = {f"pillow-png-{level}": (lambda out, level=level: image.save(out, "PNG", compress_level=level))
                     for level in (1, 6, 9)}
        elif cairo is not None:
            surface = cairo.ImageSurface.create_from_png(path)
            peers["cairo-png"] = lambda out: surface.write_to_png(out)
        for name, save in peers.items():
            buffer = io.BytesIO()
            save(buffer)
            print(f"bytes\t{name}\t{index}\t{len(buffer.getvalue())}")
            runs = max(3, iterations // 4) if name == "pillow-png-optimize" else iterations
            print(f"ms\t{name}\t{index}\t{median_ms(lambda: save(io.BytesIO()), runs):.4f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
