#!/usr/bin/env python3
"""Pillow doing what sharecard-bench's photo stage does, on the same ~12-megapixel JPEG.

    peer_photo.py --make PHOTO.jpg SOURCE    write the bench photo: SOURCE (any photo; the
                                             bench passes scikit-image's chelsea from the test
                                             fixtures) upscaled to 4240x2832 (12.0 MP), quality 90
    peer_photo.py --iterations N --fonts DIR PHOTO.jpg

Prints `stage<TAB>median_ms` for: decode (draft() decode alone, which picks libjpeg's DCT
scaling, fast IDCT and no fancy upsampling), draft (that decode, then fit to 1024x576, bilinear),
lanczos (the same with LANCZOS, sharecard's filter), full (decode at full size, then the
bilinear fit), card (draft decode + fit + blur 2 + the title in Quicksand Bold 60 + PNG at
compress_level 1: the photo card without sharecard's title fitting and gradient), card-jpeg
(that card as JPEG, quality 90, 4:4:4).
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


def decode_only(path):
    image = Image.open(path)
    image.draft("RGB", CARD)
    image.load()


def card(path, font, jpeg=False):
    image = decode(path, True).filter(ImageFilter.GaussianBlur(2))
    ImageDraw.Draw(image).text((48, 330), "Biscuit's first birthday", font=font, fill=(255, 255, 255))
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
    iterations = int(args[args.index("--iterations") + 1])
    fonts = args[args.index("--fonts") + 1]
    path = args[-1]
    font = ImageFont.truetype(fonts + "/Quicksand-Bold.ttf", 60)
    print("decode\t%.3f" % median_ms(lambda: decode_only(path), iterations))
    print("draft\t%.3f" % median_ms(lambda: decode(path, True), iterations))
    print("lanczos\t%.3f" % median_ms(lambda: decode(path, True, Image.LANCZOS), iterations))
    print("full\t%.3f" % median_ms(lambda: decode(path, False), max(3, iterations // 5)))
    print("card\t%.3f" % median_ms(lambda: card(path, font), iterations))
    print("card-jpeg\t%.3f" % median_ms(lambda: card(path, font, jpeg=True), iterations))


if __name__ == "__main__":
    main(sys.argv[1:])
