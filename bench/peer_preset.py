#!/usr/bin/env python3
"""The classic card at each size preset drawn by PangoCairo, in the same run as
sharecard-bench's preset stage. sharecard decides the layout (the title's frame and fitted
size) and passes it here, so PangoCairo draws the equivalent card without searching for a
size: the canvas filled with the colour, the title in Quicksand Bold at that size, white,
wrapped at the frame's width, centred in the frame, at most that many lines, then PNG bytes
(cairo's write_to_png).

Usage: peer_preset.py --iterations N CASES_JSON
  CASES_JSON: [{"width", "height", "frame": [x, y, w, h], "size", "lines", "background": [r, g, b], "title"}, ...]
Prints `pango<TAB>index<TAB>median_ms` per case.
"""
from pango_card_tail import finish_card
from peer_timing import median_ms
import json
import sys


def pango_card():
    import gi

    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    import cairo
    from gi.repository import Pango, PangoCairo

    def render(case):
        w = case["frame"][2]
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, case["width"], case["height"])
        context = cairo.Context(surface)
        layout = PangoCairo.create_layout(context)
        layout.set_wrap(Pango.WrapMode.WORD)
        layout.set_alignment(Pango.Alignment.CENTER)
        layout.set_width(int(w * Pango.SCALE))
        layout.set_height(-case["lines"])
        layout.set_ellipsize(Pango.EllipsizeMode.END)
        font = Pango.FontDescription.from_string("Quicksand Bold")
        font.set_absolute_size(case["size"] * Pango.SCALE)
        layout.set_font_description(font)
        layout.set_text(case["title"], -1)
        return finish_card(surface, context, layout, case["background"], case["frame"])

    return render


def main():
    args = sys.argv[1:]
    iterations = int(args[args.index("--iterations") + 1])
    cases = json.loads(args[-1])
    render = pango_card()
    for index, case in enumerate(cases):
        print(f"pango\t{index}\t{median_ms(lambda: render(case), iterations):.4f}", flush=True)
        if "--save" in args:
            open(f"/tmp/peer-preset-{index}.png", "wb").write(render(case))


if __name__ == "__main__":
    main()
