#!/usr/bin/env python3
"""PangoCairo doing what sharecard-bench's typesetting stages do, in the same run.

fit: the largest size (to 0.1 pt, by bisection as Pango has no fitting of its own) at which a
title set in Quicksand Bold, wrapped at words, fits 944x300 pt in at most 3 lines — each
step a full Pango layout, as a Pango user would do it.
draw: the fitted layout drawn in white onto a 1024x576 image surface.

Prints `stage<TAB>median_ms`.
"""
from peer_timing import median_ms
import sys

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
import cairo  # noqa: E402
from gi.repository import Pango, PangoCairo  # noqa: E402

TITLE = ("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter, "
         "and took him home in the rain after a long week")
WIDTH, HEIGHT, MAX_LINES = 944, 300, 3

surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 1024, 576)
context = cairo.Context(surface)
layout = PangoCairo.create_layout(context)
layout.set_wrap(Pango.WrapMode.WORD)
layout.set_alignment(Pango.Alignment.CENTER)
layout.set_width(WIDTH * Pango.SCALE)


def fits(size):
    font = Pango.FontDescription.from_string("Quicksand Bold")
    font.set_absolute_size(size * Pango.SCALE)
    layout.set_font_description(font)
    layout.set_text(TITLE, -1)
    _, logical = layout.get_pixel_extents()
    return layout.get_line_count() <= MAX_LINES and logical.height <= HEIGHT and logical.width <= WIDTH


def fit():
    lo, hi = 18.0, 60.0
    if fits(hi):
        return hi
    while hi - lo > 0.1:
        mid = (lo + hi) / 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    fits(lo)
    return lo


def draw():
    context.set_source_rgb(0.48, 0.26, 0.59)
    context.paint()
    context.set_source_rgb(1, 1, 1)
    context.move_to(40, 140)
    PangoCairo.show_layout(context, layout)
    surface.flush()


def main():
    iterations = 200
    if "--iterations" in sys.argv:
        iterations = int(sys.argv[sys.argv.index("--iterations") + 1])
    print(f"fit\t{median_ms(fit, iterations):.4f}")
    size = fit()
    print(f"fitted_size\t{size:.2f}")
    print(f"draw\t{median_ms(draw, iterations):.4f}")


if __name__ == "__main__":
    main()
