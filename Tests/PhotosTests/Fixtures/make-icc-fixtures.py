#!/usr/bin/python3
"""Writes the colour-profile PNG fixtures next to this file (run once; the outputs are committed).

Needs Pillow with ImageCms (Debian python3-pil). Reads chelsea-pillow.png (from make-fixtures.py).
    /usr/bin/python3 Tests/PhotosTests/Fixtures/make-icc-fixtures.py
"""
import io
import os
import struct

from PIL import Image, ImageCms

from icc_profile import D50, rgb_profile

here = os.path.dirname(os.path.abspath(__file__))


def out(name):
    return os.path.join(here, name)


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def mat_vec(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def mat_inv(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def xyz_of(x, y):
    return [x / y, 1.0, (1 - x - y) / y]


# Display P3: DCI-P3 primaries, D65 white, the sRGB transfer curve.
white = xyz_of(0.3127, 0.3290)
primaries = [xyz_of(0.680, 0.320), xyz_of(0.265, 0.690), xyz_of(0.150, 0.060)]
p = [[primaries[j][i] for j in range(3)] for i in range(3)]
s = mat_vec(mat_inv(p), white)
rgb_to_xyz = [[p[i][j] * s[j] for j in range(3)] for i in range(3)]
# Bradford adaptation from D65 to the ICC connection space's D50, as ICC v2 colorants are stored.
bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
cone_src, cone_dst = mat_vec(bradford, white), mat_vec(bradford, D50)
scale = [[cone_dst[i] / cone_src[i] if i == j else 0 for j in range(3)] for i in range(3)]
adapted = mat_mul(mat_mul(mat_mul(mat_inv(bradford), scale), bradford), rgb_to_xyz)


def srgb_decode(v):
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


curve = b"curv\0\0\0\0" + struct.pack(">I", 1024) + b"".join(struct.pack(">H", round(srgb_decode(i / 1023) * 65535)) for i in range(1024))
profile = rgb_profile("Display P3 (test fixture)", *([adapted[i][c] for i in range(3)] for c in range(3)), curve)

# The cat, with four saturated corners (outside sRGB under P3, so clipped by the conversion).
image = Image.open(out("chelsea-pillow.png")).convert("RGB")
for (x, y), colour in zip([(0, 0), (88, 0), (0, 56), (88, 56)], [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]):
    image.paste(colour, (x, y, x + 8, y + 8))
image.save(out("p3-chelsea.png"), icc_profile=profile)
# The reference: Pillow's ImageCms turns the same stored values from the profile into sRGB.
converted = ImageCms.profileToProfile(image, ImageCms.ImageCmsProfile(io.BytesIO(profile)), ImageCms.createProfile("sRGB"),
                                      renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
converted.info.clear()  # no profile (it would carry lcms2's creation time): the values are sRGB
converted.save(out("p3-chelsea-srgb-pillow.png"))
