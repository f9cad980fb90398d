#!/usr/bin/python3
"""Writes the animated WebP fixtures next to this file (run once; the outputs are committed).

Needs Pillow (Debian python3-pil, with WebP) and webpmux (Debian webp). The frames are
chelsea-pillow.png (96×64), lossless, so the first frame's pixels are known exactly:
    animated.webp         chelsea, then chelsea mirrored, on a 96×64 canvas
    animated-offset.webp  a 106×84 canvas whose first frame is chelsea at (10, 20), the rest
                          of the canvas transparent; the second frame covers it all
"""
import os
import subprocess
import tempfile

from PIL import Image, ImageOps

here = os.path.dirname(os.path.abspath(__file__))


def out(name):
    return os.path.join(here, name)


chelsea = Image.open(out("chelsea-pillow.png")).convert("RGB")
frames = [chelsea, ImageOps.mirror(chelsea)]
frames[0].save(out("animated.webp"), save_all=True, append_images=frames[1:], duration=100, loop=0, lossless=True)

with tempfile.TemporaryDirectory() as folder:
    first, second = os.path.join(folder, "first.webp"), os.path.join(folder, "second.webp")
    chelsea.save(first, lossless=True)
    Image.new("RGB", (106, 84), (0, 128, 0)).save(second, lossless=True)
    # +duration+x+y+dispose-blend; webpmux needs even offsets.
    subprocess.run(["webpmux", "-frame", first, "+100+10+20+0-b", "-frame", second, "+100+0+0+0-b",
                    "-loop", "0", "-bgcolor", "255,255,255,255", "-o", out("animated-offset.webp")], check=True)
