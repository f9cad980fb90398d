#!/usr/bin/env python3
"""Pillow doing what sharecard-bench's raster stages do, on the same machine in the same run.

Prints `stage<TAB>median_ms` for: fill (a 1024x576 RGB image filled with a colour), recipe
(the recipe scene: rectangle, ellipse, and a translucent parallelogram composited over them),
encode (a flat 1024x576 card with a few shapes written as PNG at compress_level 1).
"""
from peer_timing import median_ms
import io
import sys

from PIL import Image, ImageDraw


def fill():
    Image.new("RGB", (1024, 576), (142, 68, 173))


def recipe():
    base = Image.new("RGBA", (320, 460), (255, 255, 255, 255))
    draw = ImageDraw.Draw(base)
    draw.rectangle((0, 20, 99, 199), fill=(0, 255, 0, 255))
    draw.ellipse((140, 200, 214, 249), fill=(0, 0, 255, 255))
    overlay = Image.new("RGBA", (320, 460), (0, 0, 0, 0))
    ImageDraw.Draw(overlay).polygon([(0, 0), (100, 0), (140, 100), (40, 100)], fill=(102, 102, 102, 217))
    Image.alpha_composite(base, overlay).convert("RGB")


def flat_card():
    card = Image.new("RGBA", (1024, 576), (142, 68, 173, 255))
    overlay = Image.new("RGBA", (1024, 576), (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    draw.rounded_rectangle((40, 140, 983, 439), radius=32, fill=(255, 255, 255, 41))
    draw.ellipse((880, 40, 975, 135), fill=(255, 255, 255, 255))
    draw.rounded_rectangle((40, 470, 299, 525), radius=28, fill=(241, 196, 15, 255))
    return Image.alpha_composite(card, overlay).convert("RGB")


def main():
    iterations = 200
    if "--iterations" in sys.argv:
        iterations = int(sys.argv[sys.argv.index("--iterations") + 1])
    card = flat_card()

    def encode():
        card.save(io.BytesIO(), format="PNG", compress_level=1)

    for name, fn in [("fill", fill), ("recipe", recipe), ("encode", encode)]:
        print(f"{name}\t{median_ms(fn, iterations):.4f}")


if __name__ == "__main__":
    main()
