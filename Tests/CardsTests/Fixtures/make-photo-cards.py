#!/usr/bin/env python3
"""Writes the photos of PhotoCardGoldenTests from the face-detection fixtures (real photos,
sources and licences in Tests/FacesTests/Fixtures/README.md), with Pillow 9.4:

- astronaut-landscape.jpg: astronaut.png cut to 512×288 (16:9), the face in the upper middle.
- camera-edge.jpg: camera.png cut to 352×240 so the cameraman's face (in profile) sits
  20 px from the left edge and 40 px from the top.
- three-faces.jpg: obama3.png, biden.png and obama2.png side by side, 807×512: several
  faces in one landscape photo.
- chelsea-cutout.png: see below.

Run from the repository root: Tests/CardsTests/Fixtures/make-photo-cards.py
"""
from PIL import Image, ImageDraw

faces = "Tests/FacesTests/Fixtures/"
out = "Tests/CardsTests/Fixtures/"

Image.open(faces + "astronaut.png").convert("RGB").crop((0, 20, 512, 308)).save(out + "astronaut-landscape.jpg", quality=88)
Image.open(faces + "camera.png").convert("RGB").crop((160, 60, 512, 300)).save(out + "camera-edge.jpg", quality=88)

people = [Image.open(faces + name).convert("RGB") for name in ("obama3.png", "biden.png", "obama2.png")]
row = Image.new("RGB", (sum(p.width for p in people), max(p.height for p in people)))
x = 0
for p in people:
    row.paste(p, (x, 0))
    x += p.width
row.save(out + "three-faces.jpg", quality=88)

# chelsea-cutout.png: chelsea.png's cat cut out in an ellipse, transparent around it (RGBA),
# 451×300: a sticker-like photo with an alpha channel.
cat = Image.open(faces + "chelsea.png").convert("RGBA")
mask = Image.new("L", cat.size, 0)
ImageDraw.Draw(mask).ellipse((90, 10, 360, 290), fill=255)
cat.putalpha(mask)
cat.save(out + "chelsea-cutout.png", optimize=True)

