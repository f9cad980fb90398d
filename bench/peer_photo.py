#!/usr/bin/env python3
"""Pillow doing what sharecard-bench's photo stage does, on the same ~12-megapixel JPEG.

    peer_photo.py --make PHOTO.jpg SOURCE    write the bench photo: SOURCE (any photo; the
                                             bench passes scikit-image's chelsea from the test
                                             fixtures) upscaled to 4240x2832 (12.0 MP), quality 90
    peer_photo.py --iterations N --fonts DIR PHOTO.jpg
    peer_photo.py --cards --iterations N --fonts DIR PHOTO.jpg
    peer_photo.py --make-png PHOTO.png PHOTO.jpg    the bench photo as an 8-bit RGB PNG
    peer_photo.py --png --iterations N PHOTO.png

The first prints `stage<TAB>median_ms` for: decode (draft() decode alone, which picks libjpeg's DCT
scaling, fast IDCT and no fancy upsampling), draft (that decode, then fit to 1024x576, bilinear),
lanczos (the same with LANCZOS, sharecard's filter), full (decode at full size, then the
bilinear fit). The second, for a photo card end to end: card (draft decode + fit + blur 2 +
gradient + accent bar + the title in Quicksand Bold 60 over its shadow + PNG at
compress_level 1), card-jpeg (that card as JPEG, quality 90, 4:4:4). The fourth, for a large
PNG: png-gap (decode, then the 1024x576 cover crop resized with LANCZOS and reducing_gap=2.0,
which first reduces by whole boxes, as sharecard's reduced PNG decode does), png-full (the same
without reducing_gap). The card is the `photo`
template's: the photo blurred, darkened by a gradient towards the bottom, an accent bar, and the
title in white over a blurred shadow; Pillow is given the title's place and size (sharecard fits
them).
"""
import io
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps

from peer_timing import median_ms

CARD = (1024, 576)


def make(path, source):
    image = ImageOps.exif_transpose(Image.open(source)).convert("RGB")
    image.resize((4240, 2832), Image.LANCZOS).save(path, quality=90)


def decode(path, draft, method=Image.BILINEAR):
    image = Image.open(path)
    if draft:
        image.draft("RGB", CARD)
    return ImageOps.fit(image.convert("RGB"), CARD, method)


def png_fit(path, gap):
    """The 1024x576 centre crop of a PNG (no draft: the whole image is decoded), Lanczos."""
    image = Image.open(path).convert("RGB")
    w, h = image.size
    scale = max(CARD[0] / w, CARD[1] / h)
    cw, ch = CARD[0] / scale, CARD[1] / scale
    box = ((w - cw) / 2, (h - ch) / 2, (w + cw) / 2, (h + ch) / 2)
    return image.resize(CARD, Image.LANCZOS, box=box, reducing_gap=gap)


def decode_only(path):
    image = Image.open(path)
    image.draft("RGB", CARD)
    image.load()


def darkening_gradient():
    """The photo template's overlay: black, alpha 0x14 at y = 120 to 0xb3 at the bottom."""
    top, bottom = 0x14, 0xB3
    column = [top if y < 120 else round(top + (bottom - top) * (y - 120) / (CARD[1] - 120)) for y in range(CARD[1])]
    alpha = Image.new("L", (1, CARD[1]))
    alpha.putdata(column)
    return alpha.resize(CARD, Image.NEAREST)


TITLE = "Biscuit's first birthday"
TITLE_ORIGIN = (48, 412)
SHADOW_REACH = 36  # three sigmas of the 12-pixel shadow blur


def card(path, font, jpeg=False):
    image = decode(path, True).filter(ImageFilter.GaussianBlur(2))
    image.paste((0, 0, 0), (0, 0), darkening_gradient())
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((48, 500, 144, 508), radius=4, fill=(0x5B, 0x3F, 0xD6))
    # The shadow: the title's coverage in a layer as large as its box plus the blur's reach,
    # blurred, then black at half opacity through it.
    left, top, right, bottom = draw.textbbox(TITLE_ORIGIN, TITLE, font=font)
    box = (left - SHADOW_REACH, top + 2 - SHADOW_REACH, right + SHADOW_REACH, bottom + 2 + SHADOW_REACH)
    layer = Image.new("L", (box[2] - box[0], box[3] - box[1]))
    ImageDraw.Draw(layer).text((TITLE_ORIGIN[0] - box[0], TITLE_ORIGIN[1] + 2 - box[1]), TITLE, font=font, fill=128)
    image.paste((0, 0, 0), box[:2], layer.filter(ImageFilter.GaussianBlur(12)))
    draw.text(TITLE_ORIGIN, TITLE, font=font, fill=(255, 255, 255))
    out = io.BytesIO()
    if jpeg:
        image.save(out, "JPEG", quality=90, subsampling=0)
    else:
        image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def main(args):
    if args[0] == "--make":
        make(args[1], args[2])
        return
    if args[0] == "--make-png":
        Image.open(args[2]).convert("RGB").save(args[1], compress_level=6)
        return
    if "--png" in args:
        iterations = int(args[args.index("--iterations") + 1])
        print("png-gap\t%.3f" % median_ms(lambda: png_fit(args[-1], 2.0), iterations))
        print("png-full\t%.3f" % median_ms(lambda: png_fit(args[-1], None), iterations))
        return
    iterations = int(args[args.index("--iterations") + 1])
    fonts = args[args.index("--fonts") + 1]
    path = args[-1]
    font = ImageFont.truetype(fonts + "/Quicksand-Bold.ttf", 60)
    if "--cards" in args:
        print("card\t%.3f" % median_ms(lambda: card(path, font), iterations))
        print("card-jpeg\t%.3f" % median_ms(lambda: card(path, font, jpeg=True), iterations))
        return
    print("decode\t%.3f" % median_ms(lambda: decode_only(path), iterations))
    print("draft\t%.3f" % median_ms(lambda: decode(path, True), iterations))
    print("lanczos\t%.3f" % median_ms(lambda: decode(path, True, Image.LANCZOS), iterations))
    print("full\t%.3f" % median_ms(lambda: decode(path, False), max(3, iterations // 5)))


if __name__ == "__main__":
    main(sys.argv[1:])
