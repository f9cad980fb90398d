#!/usr/bin/python3
"""Writes the photo-decoding fixtures next to this file (run once; the outputs are committed).

Needs Pillow (Debian python3-pil, with WebP) and scikit-image's data folder (from Debian's
python3-skimage; pass its path) for chelsea.png and rocket.jpg. Every fixture is small; each
is described in README.md. Also writes the two photos the card tests put on cards into
Tests/CardsTests/Fixtures.
    Tests/PhotosTests/Fixtures/make-fixtures.py /usr/lib/python3/dist-packages/skimage/data
"""
import io
import os
import struct
import sys
import zlib

from PIL import Image, ImageOps

from icc_profile import rgb_profile

here = os.path.dirname(os.path.abspath(__file__))


def out(name):
    return os.path.join(here, name)


data_dir = sys.argv[1]
full_chelsea = Image.open(os.path.join(data_dir, "chelsea.png")).convert("RGB")
chelsea = full_chelsea.resize((96, 64), Image.LANCZOS)
chelsea.save(out("chelsea.jpg"), quality=90)
chelsea.save(out("chelsea-progressive.jpg"), quality=90, progressive=True)
chelsea.convert("L").save(out("chelsea-gray.jpg"), quality=90)
chelsea.save(out("chelsea.webp"), quality=90)
# Pillow's own decode of the JPEGs: the reference the decoder is compared with.
for name in ("chelsea.jpg", "chelsea-progressive.jpg", "chelsea-gray.jpg"):
    Image.open(out(name)).convert("RGB").save(out(name.replace(".jpg", "-pillow.png")))

data = open(out("chelsea.jpg"), "rb").read()
open(out("truncated.jpg"), "wb").write(data[: len(data) // 2])
open(out("not-a-photo.jpg"), "w").write("This is a text file with a .jpg name.\n")

# A JPEG whose frame header declares 60000x60000 (a decompression bomb): SOF0's height and
# width fields patched in a tiny file.
small = io.BytesIO()
Image.new("RGB", (8, 8), (200, 30, 30)).save(small, "JPEG", quality=50)
bomb = bytearray(small.getvalue())
sof = bomb.index(b"\xff\xc0")
struct.pack_into(">HH", bomb, sof + 5, 60000, 60000)
open(out("bomb-60000.jpg"), "wb").write(bomb)

# Quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
quadrants = Image.new("RGB", (48, 32))
for (x, y, colour) in ((0, 0, (255, 0, 0)), (24, 0, (0, 255, 0)), (0, 16, (0, 0, 255)), (24, 16, (255, 255, 255))):
    quadrants.paste(colour, (x, y, x + 24, y + 16))

# For each EXIF orientation, the pixels stored so that turning them upright gives `quadrants`
# (the inverse of Pillow's exif_transpose step), checked with exif_transpose itself.
store = {1: None, 2: Image.FLIP_LEFT_RIGHT, 3: Image.ROTATE_180, 4: Image.FLIP_TOP_BOTTOM,
         5: Image.TRANSPOSE, 6: Image.ROTATE_90, 7: Image.TRANSVERSE, 8: Image.ROTATE_270}
for orientation, method in store.items():
    stored = quadrants if method is None else quadrants.transpose(method)
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(out(f"orientation-{orientation}.jpg"), quality=95, subsampling=0, exif=exif.tobytes())
    upright = ImageOps.exif_transpose(Image.open(out(f"orientation-{orientation}.jpg"))).convert("RGB")
    assert upright.size == (48, 32) and upright.getpixel((4, 4))[0] > 200 and upright.getpixel((44, 4))[1] > 200, orientation
exif = Image.Exif()
exif[0x0112] = 6
quadrants.transpose(Image.ROTATE_90).save(out("orientation-6.webp"), lossless=True, exif=exif.tobytes())

# CMYK (Pillow writes the Adobe marker and inverted data, as Photoshop does): cyan, magenta,
# yellow and no ink.
cmyk = Image.new("CMYK", (32, 32))
for (x, y, ink) in ((0, 0, (255, 0, 0, 0)), (16, 0, (0, 255, 0, 0)), (0, 16, (0, 0, 255, 0)), (16, 16, (0, 0, 0, 0))):
    cmyk.paste(ink, (x, y, x + 16, y + 16))
cmyk.save(out("cmyk.jpg"), quality=95)

# A grey and a CMYK JPEG of 600×520, over the 512×512 pixels from which the lower rows are
# decoded on a second thread (JPEGSplitDecodeTests): gradients, so every row differs.
grey = Image.blend(Image.radial_gradient("L").resize((600, 520)), Image.linear_gradient("L").resize((600, 520)).rotate(90), 0.4)
grey.save(out("grey-600x520.jpg"), quality=60)
Image.merge("CMYK", (grey, grey.rotate(90), grey.transpose(Image.FLIP_LEFT_RIGHT), Image.new("L", (600, 520), 30))).save(
    out("cmyk-600x520.jpg"), quality=60)

# Palette PNG with a transparent index, and WebP with alpha.
palette = Image.new("P", (16, 16), 0)
palette.putpalette([0, 0, 0, 255, 128, 0] + [0] * 762)
palette.paste(1, (0, 0, 8, 16))
palette.save(out("palette-transparent.png"), transparency=0)
rgba = Image.new("RGBA", (16, 16), (0, 0, 0, 0))
rgba.paste((255, 128, 0, 255), (0, 0, 8, 16))
rgba.paste((0, 0, 255, 128), (8, 0, 16, 16))
rgba.save(out("alpha.webp"), lossless=True)


# A 16-bit RGB PNG (Pillow writes 16 bits only for grey), written by hand: the red channel
# ramps 0...65535 across 16 columns.
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


rows = b"".join(b"\x00" + b"".join(struct.pack(">HHH", x * 4369, 32768, 65535 - x * 4369) for x in range(16)) for _ in range(4))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 4, 16, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
open(out("deep-16bit.png"), "wb").write(png)


# An RGB ICC profile that is sRGB with its red and green primaries swapped: pure red stored
# under it is pure green in sRGB. Written by hand (ICC v2 matrix/TRC), gamma 2.2 curves.
gamma = b"curv\0\0\0\0" + struct.pack(">IH", 1, int(2.2 * 256)) + b"\0\0"
profile = rgb_profile("swapped red and green primaries", (0.3851, 0.7169, 0.0971), (0.4361, 0.2225, 0.0139), (0.1431, 0.0606, 0.7141), gamma)
quadrants.save(out("swapped-profile.jpg"), quality=95, subsampling=0, icc_profile=profile)


# For the card tests: the cat (451×300) stored turned, with EXIF orientation 6, and the
# rocket cropped to a portrait 280×427, both as ordinary camera-style JPEGs.
cards = os.path.join(here, "..", "..", "CardsTests", "Fixtures")
os.makedirs(cards, exist_ok=True)
exif = Image.Exif()
exif[0x0112] = 6
full_chelsea.transpose(Image.ROTATE_90).save(os.path.join(cards, "chelsea-exif6.jpg"), quality=85, exif=exif.tobytes())
Image.open(os.path.join(data_dir, "rocket.jpg")).convert("RGB").crop((180, 0, 460, 427)).save(os.path.join(cards, "rocket-portrait.jpg"), quality=85)
