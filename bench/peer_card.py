#!/usr/bin/env python3
"""The classic card rendered by peers, as their users would write it, in the same run as
sharecard-bench: a 1024x576 purple PNG with the title in Quicksand Bold, white, centred in
(40, 140, 944, 300), at most 3 lines, shrunk from 60 pt until it fits.

  pillow: ImageFont with the raqm layout engine where available; the size is found the way
          Pillow users do it (shrink by 2 px and re-wrap greedily until it fits); PNG at
          compress_level 1 (its fastest). Pillow has no font fallback: scripts Quicksand
          lacks come out as missing-glyph boxes.
  pango:  PangoCairo with fontconfig fallback; the size by bisection to 0.1 pt (Pango has no
          fitting); PNG via cairo's write_to_png.

Usage: peer_card.py --iterations N --fonts DIR TITLE...   Prints `peer<TAB>index<TAB>median_ms`.
       peer_card.py --peer pillow|pango --fonts DIR --out PATH TITLE
                    One card written to PATH and nothing timed: a whole process, as a user's
                    script would run, for bench/startup to time beside `sharecard render`.
"""
import io
import sys

BOX = (40, 140, 944, 300)
PURPLE = (0x7B, 0x43, 0x97)


def pillow_card(fonts_dir):
    from PIL import Image, ImageDraw, ImageFont, features

    engine = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    cache = {}

    def font(size):
        if size not in cache:
            cache[size] = ImageFont.truetype(f"{fonts_dir}/Quicksand-Bold.ttf", size, layout_engine=engine)
        return cache[size]

    def wrap(text, f, width):
        lines, line = [], ""
        for word in text.split(" "):
            candidate = word if not line else line + " " + word
            if f.getlength(candidate) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
        return lines

    def render(title):
        size = 60
        while True:
            f = font(size)
            lines = wrap(title, f, BOX[2])
            ascent, descent = f.getmetrics()
            height = len(lines) * (ascent + descent)
            if (len(lines) <= 3 and height <= BOX[3] and all(f.getlength(l) <= BOX[2] for l in lines)) or size <= 18:
                break
            size -= 2
        image = Image.new("RGB", (1024, 576), PURPLE)
        draw = ImageDraw.Draw(image)
        y = BOX[1] + (BOX[3] - height) / 2
        for l in lines[:3]:
            x = BOX[0] + (BOX[2] - f.getlength(l)) / 2
            draw.text((x, y), l, font=f, fill=(255, 255, 255))
            y += ascent + descent
        out = io.BytesIO()
        image.save(out, format="PNG", compress_level=1)
        return out.getvalue()

    return render


def pango_card(fonts_dir):
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    import cairo
    from gi.repository import Pango, PangoCairo
    from pango_card_tail import finish_card

    def render(title):
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 1024, 576)
        context = cairo.Context(surface)
        layout = PangoCairo.create_layout(context)
        layout.set_wrap(Pango.WrapMode.WORD)
        layout.set_alignment(Pango.Alignment.CENTER)
        layout.set_width(BOX[2] * Pango.SCALE)
        layout.set_text(title, -1)

        def fits(size):
            font = Pango.FontDescription.from_string("Quicksand Bold")
            font.set_absolute_size(size * Pango.SCALE)
            layout.set_font_description(font)
            _, logical = layout.get_pixel_extents()
            return layout.get_line_count() <= 3 and logical.height <= BOX[3] and logical.width <= BOX[2]

        lo, hi = 18.0, 60.0
        if not fits(hi):
            while hi - lo > 0.1:
                mid = (lo + hi) / 2
                if fits(mid):
                    lo = mid
                else:
                    hi = mid
            fits(lo)
        return finish_card(surface, context, layout, tuple(c / 255 for c in PURPLE), BOX)

    return render


PEERS = {"pillow": pillow_card, "pango": pango_card}


def main():
    args = sys.argv[1:]
    valued = ("--iterations", "--fonts", "--peer", "--out")
    fonts_dir = args[args.index("--fonts") + 1]
    titles = [a for i, a in enumerate(args) if not (i > 0 and args[i - 1] in valued) and not a.startswith("--")]
    if "--out" in args:
        card = PEERS[args[args.index("--peer") + 1]](fonts_dir)(titles[0])
        with open(args[args.index("--out") + 1], "wb") as out:
            out.write(card)
        return
    # Imported here: `statistics` alone costs a whole-process peer 12 ms it would not pay.
    from peer_timing import median_ms

    iterations = int(args[args.index("--iterations") + 1])
    for name, make in PEERS.items():
        try:
            render = make(fonts_dir)
        except Exception:  # peer not installed: reported as missing by the bench
            continue
        for index, title in enumerate(titles):
            print(f"{name}\t{index}\t{median_ms(lambda: render(title), iterations):.4f}", flush=True)
        if "--save" in args:
            for index, title in enumerate(titles):
                open(f"/tmp/peer-{name}-{index}.png", "wb").write(render(title))


if __name__ == "__main__":
    main()
