#!/usr/bin/python3
"""Writes the grey-profile fixtures next to this file (run once; the outputs are committed).

A black-and-white photo from an editor carries a grey ICC profile; lcms2, Chrome and Firefox
read its values through it. The fixture is a ramp of 32 flat 8×8 greys (so the JPEG keeps them
exactly at quality 100) under a "Gray gamma 1.8" profile (the classic Mac grey), as a JPEG, as
a grey PNG and as a grey-and-alpha PNG (alpha 128 in the right half), and the ramp converted to
sRGB by lcms2 through Pillow's ImageCms, perceptual intent, as the reference. Needs Debian
python3-pil.
    /usr/bin/python3 Tests/PhotosTests/Fixtures/make-grey-profile-fixtures.py
"""
import io
import os

from PIL import Image, ImageCms

from icc_profile import gamma_curve, grey_profile

here = os.path.dirname(os.path.abspath(__file__))
profile = grey_profile("Gray gamma 1.8", gamma_curve(1.8))

ramp = Image.new("L", (256, 8))
for i in range(32):
    ramp.paste(min(255, i * 8 + (7 if i == 31 else 0)), (i * 8, 0, i * 8 + 8, 8))

ramp.save(os.path.join(here, "grey-gamma18.jpg"), quality=100, icc_profile=profile)
ramp.save(os.path.join(here, "grey-gamma18.png"), icc_profile=profile)
alpha = Image.new("L", (256, 8), 255)
alpha.paste(128, (128, 0, 256, 8))
Image.merge("LA", (ramp, alpha)).save(os.path.join(here, "grey-alpha-gamma18.png"), icc_profile=profile)

source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
srgb = ImageCms.createProfile("sRGB")
reference = ImageCms.profileToProfile(ramp, source, srgb, renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
reference.save(os.path.join(here, "grey-gamma18-srgb-pillow.png"))
