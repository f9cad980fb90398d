#!/usr/bin/python3
"""Writes the HEIC fixtures next to this file from fixtures already here (run once; the outputs
are committed), and the HEIC twin of a card-test photo into Tests/CardsTests/Fixtures.

Needs heif-enc (Debian's libheif-examples 1.15: x265 inside libheif1) and Python's standard
library, which makes the box edits heif-enc has no option for: an `irot` and an `imir` property, an nclx
`colr` property, and an `ispe` declaring a huge size. With pillow-heif installed (its own
libheif build), the rotated and ICC fixtures are read back by it as a second opinion.
    Tests/PhotosTests/Fixtures/make-heic-fixtures.py
"""
import os
import struct
import subprocess
import tempfile
import zlib

here = os.path.dirname(os.path.abspath(__file__))
cards = os.path.join(here, "..", "..", "CardsTests", "Fixtures")


def out(name):
    return os.path.join(here, name)


def heif_enc(source, target, *options):
    subprocess.run(["heif-enc", "-q", "90", *options, "-o", target, source], check=True, stdout=subprocess.DEVNULL)


def boxes(data, start, end):
    """(type, offset, size) of each box in data[start:end]."""
    found, at = [], start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        assert size >= 8 and at + size <= end, (kind, at, size)
        found.append((kind.decode("latin-1"), at, size))
        at += size
    return found


def child(data, parent, kind, header):
    """The one box of `kind` inside the box `parent` (type, offset, size); `header` is the
    parent's header length (8, or 12 for a full box)."""
    _, at, size = parent
    matches = [b for b in boxes(data, at + header, at + size) if b[0] == kind]
    assert len(matches) == 1, (kind, matches)
    return matches[0]


def add_property(data, prop, essential):
    """`data` with the property box `prop` added to its primary item. Everything after the
    ipco box moves by the bytes added, so iloc's file offsets past it are moved too."""
    data = bytearray(data)
    meta = next(b for b in boxes(data, 0, len(data)) if b[0] == "meta")
    pitm = child(data, meta, "pitm", 12)
    primary = struct.unpack(">H", data[pitm[1] + 12:pitm[1] + 14])[0]
    iprp = child(data, meta, "iprp", 12)
    ipco = child(data, iprp, "ipco", 8)
    ipma = child(data, iprp, "ipma", 8)
    property_index = len(boxes(data, ipco[1] + 8, ipco[1] + ipco[2])) + 1

    # ipma: version 0, flags 0 (16-bit item IDs, 8-bit associations: essential bit + index).
    version, flags = data[ipma[1] + 8], int.from_bytes(data[ipma[1] + 9:ipma[1] + 12], "big")
    assert version == 0 and flags & 1 == 0 and property_index < 128
    entries = struct.unpack(">I", data[ipma[1] + 12:ipma[1] + 16])[0]
    at, insert_at = ipma[1] + 16, None
    for _ in range(entries):
        item, count = struct.unpack(">HB", data[at:at + 3])
        if item == primary:
            data[at + 2] = count + 1
            insert_at = at + 3 + count
        at += 3 + count
    assert insert_at is not None
    data[insert_at:insert_at] = bytes([(0x80 if essential else 0) | property_index])
    data[ipco[1] + ipco[2]:ipco[1] + ipco[2]] = prop
    added = len(prop) + 1
    moved_from = ipco[1] + ipco[2]
    for box, grow in ((meta, added), (iprp, added), (ipco, len(prop)), (ipma, 1)):
        start = box[1] + (len(prop) if box is ipma else 0)
        struct.pack_into(">I", data, start, box[2] + grow)

    # iloc (version 0 or 1): move the file offsets of items stored in the file (method 0).
    iloc = child(data[:], (meta[0], meta[1], meta[2] + added), "iloc", 12)
    at = iloc[1] + 8
    version = data[at]
    assert version in (0, 1)
    at += 4
    sizes = data[at] >> 4, data[at] & 15, data[at + 1] >> 4, data[at + 1] & 15
    offset_size, length_size, base_size, index_size = sizes
    at += 2
    count = struct.unpack(">H", data[at:at + 2])[0]
    at += 2

    def field(at, size):
        return int.from_bytes(data[at:at + size], "big") if size else 0

    for _ in range(count):
        at += 2  # item ID
        method = 0
        if version == 1:
            method = field(at, 2) & 15
            at += 2
        at += 2  # data reference index
        base = field(at, base_size)
        if method == 0 and base_size and base >= moved_from:
            data[at:at + base_size] = (base + added).to_bytes(base_size, "big")
        at += base_size
        extents = field(at, 2)
        at += 2
        for _ in range(extents):
            at += index_size if version == 1 else 0
            offset = field(at, offset_size)
            if method == 0 and not base_size and offset >= moved_from:
                data[at:at + offset_size] = (offset + added).to_bytes(offset_size, "big")
            at += offset_size + length_size
    return bytes(data)


def set_declared_size(data, width, height):
    """`data` with every ispe property declaring width × height."""
    data = bytearray(data)
    meta = next(b for b in boxes(data, 0, len(data)) if b[0] == "meta")
    ipco = child(data, child(data, meta, "iprp", 12), "ipco", 8)
    for kind, at, _ in boxes(data, ipco[1] + 8, ipco[1] + ipco[2]):
        if kind == "ispe":
            struct.pack_into(">II", data, at + 12, width, height)
    return bytes(data)


def without_iccp(png):
    """A PNG's bytes with its iCCP chunk left out."""
    at, kept = 8, [png[:8]]
    while at < len(png):
        length = struct.unpack(">I", png[at:at + 4])[0]
        if png[at + 4:at + 8] != b"iCCP":
            kept.append(png[at:at + 12 + length])
        at += 12 + length
    return b"".join(kept)


def png(width, height, colour_type, rows):
    """A PNG of 8-bit RGB (colour type 2) or RGBA (6) `rows`, written with the standard library."""
    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(b"\0" + row for row in rows), 9)) + chunk(b"IEND", b""))


def flat_png(width, height, grey):
    """A PNG of one grey."""
    return png(width, height, 2, [bytes([grey]) * 3 * width] * height)


def half_transparent_png(width, height):
    """An RGBA PNG whose left half is opaque red and right half transparent."""
    row = b"".join(bytes([200, 40, 40, 255 if x < width // 2 else 0]) for x in range(width))
    return png(width, height, 6, [row] * height)


def with_cells_declared(grid, width, height):
    """A grid_of file with its cell's ispe (the first in ipco) edited to width × height."""
    data = bytearray(grid)
    at = data.index(b"ispe") - 4
    struct.pack_into(">II", data, at + 12, width, height)
    return bytes(data)


def grid_of(tile, rows, columns, width, height):
    """A HEIF whose primary item is a `rows` × `columns` grid, shown at width × height, every
    cell of which is the one HEVC image of `tile` (a heif-enc file): a hidden hvc1 item with
    tile's hvcC, ispe and pixi, referenced by the grid's dimg once per cell."""
    def box(kind, payload):
        return struct.pack(">I4s", 8 + len(payload), kind) + payload

    def full(kind, version, flags, payload):
        return box(kind, struct.pack(">I", version << 24 | flags) + payload)

    def find(kind):
        at = tile.index(kind) - 4
        return tile[at:at + struct.unpack(">I", tile[at:at + 4])[0]]

    hvcc, ispe, pixi = find(b"hvcC"), find(b"ispe"), find(b"pixi")
    at = tile.index(b"mdat") - 4
    hevc = tile[at + 8:at + struct.unpack(">I", tile[at:at + 4])[0]]
    cells = rows * columns
    grid = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)  # version 0, 16-bit sizes
    infe_grid = full(b"infe", 2, 0, struct.pack(">HH", 1, 0) + b"grid\0")
    infe_tile = full(b"infe", 2, 1, struct.pack(">HH", 2, 0) + b"hvc1\0")  # flags 1: hidden
    ipco = box(b"ipco", hvcc + ispe + pixi + full(b"ispe", 0, 0, struct.pack(">II", width, height)))
    # ipma: the grid has property 4 (its ispe); the tile 1 (hvcC, essential), 2 and 3.
    ipma = full(b"ipma", 0, 0, struct.pack(">IHBBHBBBB", 2, 1, 1, 4, 2, 3, 0x81, 2, 3))
    rest = (full(b"iinf", 0, 0, struct.pack(">H", 2) + infe_grid + infe_tile)
            + full(b"iref", 0, 0, box(b"dimg", struct.pack(">HH", 1, cells) + struct.pack(">H", 2) * cells))
            + box(b"iprp", ipco + ipma) + box(b"idat", grid))
    ftyp = box(b"ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
    head = full(b"hdlr", 0, 0, b"\0" * 4 + b"pict" + b"\0" * 13) + full(b"pitm", 0, 0, struct.pack(">H", 1))

    def file_start(hevc_at):
        # iloc version 1, 4-byte offsets and lengths: the grid in idat (method 1), the tile in mdat.
        entries = (struct.pack(">HHHHII", 1, 1, 0, 1, 0, len(grid))
                   + struct.pack(">HHHHII", 2, 0, 0, 1, hevc_at, len(hevc)))
        iloc = full(b"iloc", 1, 0, bytes([0x44, 0]) + struct.pack(">H", 2) + entries)
        return ftyp + full(b"meta", 0, 0, head + iloc + rest)

    start = file_start(0)
    return file_start(len(start) + 8) + box(b"mdat", hevc)


heif_enc(out("chelsea-pillow.png"), out("chelsea.heic"))
heif_enc(out("p3-chelsea.png"), out("p3-chelsea.heic"))  # heif-enc carries the iCCP profile as a colr box
with tempfile.TemporaryDirectory() as work:
    bare = os.path.join(work, "p3-chelsea-bare.png")
    open(bare, "wb").write(without_iccp(open(out("p3-chelsea.png"), "rb").read()))
    # The same stored values labelled by an nclx colr box: Display P3 primaries (12), the sRGB
    # curve (13), BT.601 matrix (6, what heif-enc converts with), full range. heif-enc 1.15
    # writes the nclx only into the HEVC stream, so the box is added.
    nclx = os.path.join(work, "nclx.heic")
    heif_enc(bare, nclx)
    colr = struct.pack(">I4s4sHHHB", 19, b"colr", b"nclx", 12, 13, 6, 0x80)
    open(out("p3-chelsea-nclx.heic"), "wb").write(add_property(open(nclx, "rb").read(), colr, essential=False))
    # The quadrants stored turned for EXIF orientation 6 (heif-enc keeps that EXIF block), and
    # an irot of three quarter turns anticlockwise (one clockwise) to show them upright.
    turned = os.path.join(work, "turned.heic")
    heif_enc(out("orientation-6.jpg"), turned)
    irot = struct.pack(">I4sB", 9, b"irot", 3)
    open(out("orientation-6-irot.heic"), "wb").write(add_property(open(turned, "rb").read(), irot, essential=True))
    # The upright quadrants mirrored by an essential imir. ISO/IEC 23008-12:2022 6.5.12: axis 0
    # exchanges the top and bottom parts (as EXIF orientation 4 does), axis 1 the left and right
    # parts (EXIF orientation 2).
    upright = os.path.join(work, "upright.heic")
    heif_enc(out("orientation-1.jpg"), upright)
    for axis in (0, 1):
        imir = struct.pack(">I4sB", 9, b"imir", axis)
        open(out("imir-%d.heic" % axis), "wb").write(add_property(open(upright, "rb").read(), imir, essential=True))

chelsea = open(out("chelsea.heic"), "rb").read()
open(out("bomb-60000.heic"), "wb").write(set_declared_size(chelsea, 60000, 60000))
# Four cells of the photo, shown at 160 × 100: the right column and the bottom row cut.
open(out("grid-2x2.heic"), "wb").write(grid_of(chelsea, 2, 2, 160, 100))
# The grid that libheif 1.15 bounds by declared sizes only: 64 × 256 cells declared 8 × 8 (a
# 2048 × 512 image), every one the same 1 KB stream coded at 2048 × 2048. Refused from its
# boxes (its cell count; its coded pixels too); libheif alone would decode 16,384 × 4 megapixels.
with tempfile.TemporaryDirectory() as work:
    flat, flat_heic = os.path.join(work, "flat.png"), os.path.join(work, "flat.heic")
    open(flat, "wb").write(flat_png(2048, 2048, 128))
    subprocess.run(["heif-enc", "-q", "10", "-o", flat_heic, flat], check=True, stdout=subprocess.DEVNULL)
    flat = open(flat_heic, "rb").read()
open(out("grid-bomb.heic"), "wb").write(with_cells_declared(grid_of(flat, 64, 256, 2048, 512), 8, 8))
# An alpha plane (a second HEVC image, auxl to the primary) that libheif decodes with it.
with tempfile.TemporaryDirectory() as work:
    rgba = os.path.join(work, "rgba.png")
    open(rgba, "wb").write(half_transparent_png(32, 32))
    heif_enc(rgba, out("alpha-half.heic"))
open(out("truncated.heic"), "wb").write(chelsea[: len(chelsea) // 2])
open(out("not-a-photo.heic"), "w").write("This is a text file with a .heic name.\n")
subprocess.run(["heif-enc", "-q", "80", "-o", os.path.join(cards, "astronaut-landscape.heic"),
                os.path.join(cards, "astronaut-landscape.jpg")], check=True, stdout=subprocess.DEVNULL)

try:
    import pillow_heif
    from PIL import Image
except ImportError:
    pillow_heif = None
if pillow_heif:
    pillow_heif.register_heif_opener()
    upright = Image.open(out("orientation-6-irot.heic")).convert("RGB")
    assert upright.size == (48, 32), upright.size
    assert upright.getpixel((4, 4))[0] > 200 and upright.getpixel((44, 4))[1] > 200 and upright.getpixel((4, 28))[2] > 200
    assert Image.open(out("chelsea.heic")).size == (96, 64)
    # Red, green, blue, white quadrants upright: top and bottom exchanged, then left and right.
    flipped = Image.open(out("imir-0.heic")).convert("RGB")
    assert flipped.getpixel((4, 4))[2] > 200 and flipped.getpixel((4, 28))[0] > 200, flipped.getpixel((4, 4))
    mirrored = Image.open(out("imir-1.heic")).convert("RGB")
    assert mirrored.getpixel((4, 4))[1] > 200 and mirrored.getpixel((44, 4))[0] > 200, mirrored.getpixel((4, 4))
    assert Image.open(out("p3-chelsea.heic")).info.get("icc_profile")
