#!/usr/bin/env python3
"""Writes the Pillow references ResamplingAgainstPillowTests compares sharecard's resampler
with: chelsea.png shrunk by Pillow's Image.resize(…, LANCZOS), as 8-bit RGB PNGs.

    /usr/bin/python3 Tests/RasterTests/Fixtures/make-lanczos-references.py   (Pillow 9.4, Debian python3-pil)
"""
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = [  # (width, height, reducing_gap)
    (400, 266, None),  # a slight shrink, as a DCT-scaled photo into its card
    (120, 80, None),   # a thumbnail, 3.75× smaller
    (45, 30, 2.0),     # 10× smaller: box-reduced by 5 first, then filtered
]

source = Image.open(os.path.join(HERE, "chelsea.png")).convert("RGB")
for width, height, gap in CASES:
    out = source.resize((width, height), Image.LANCZOS, reducing_gap=gap)
    out.save(os.path.join(HERE, f"chelsea-lanczos-{width}x{height}.png"), optimize=True)
