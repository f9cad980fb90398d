#!/usr/bin/env python3
"""Writes flat-edge.ttf: a TrueType font whose glyphs have nearly horizontal edges two ems
long, for GlyphOverflowTests. Drawn at an em of 3,000 pixels, such an edge crosses 1,000
pixels within one row, more cells than FreeType's smooth rasterizer holds for one row.

Needs fontTools (pip install fonttools). Run from this folder: python3 make-flat-edge-font.py
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def polygon(points):
    pen = TTGlyphPen(None)
    pen.moveTo(points[0])
    for p in points[1:]:
        pen.lineTo(p)
    pen.closePath()
    return pen.glyph()


UNITS_PER_EM = 1000
glyphs = {
    ".notdef": polygon([(0, 0), (500, 0), (500, 700), (0, 700)]),
    "space": TTGlyphPen(None).glyph(),
    # A wedge: along the baseline for two ems, rising 2 units at its right end.
    "A": polygon([(0, 0), (2000, 0), (2000, 2)]),
    # A bar 98 units tall whose top rises 2 units over its two ems.
    "B": polygon([(0, 0), (2000, 0), (2000, 100), (0, 98)]),
}
order = [".notdef", "space", "A", "B"]
builder = FontBuilder(UNITS_PER_EM, isTTF=True)
builder.setupGlyphOrder(order)
builder.setupCharacterMap({0x20: "space", 0x41: "A", 0x42: "B"})
builder.setupGlyf(glyphs)
builder.setupHorizontalMetrics({name: (2000 if name in ("A", "B") else 500, 0) for name in order})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "Flat Edge Test", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
builder.setupPost()
builder.save("flat-edge.ttf")
