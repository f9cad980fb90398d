"""ICC v2 matrix/TRC RGB profiles written by hand, for the fixture scripts next to this file."""
import struct

D50 = (0.9642, 1.0, 0.8249)


def s15(v):
    return struct.pack(">i", round(v * 65536))


def xyz(x, y, z):
    return b"XYZ \0\0\0\0" + s15(x) + s15(y) + s15(z)


def desc(text):
    t = text.encode() + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(t)) + t + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + b"\0" * 67


def profile(colour_space, tags):
    """An ICC v2 display profile of `colour_space` (b"RGB " or b"GRAY") in XYZ, from (signature, data) tags."""
    offset = 128 + 4 + 12 * len(tags)
    table, body = b"", b""
    for sig, data in tags:
        data += b"\0" * (-len(data) % 4)
        table += sig + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = offset + len(body)
    header = struct.pack(">I", size) + b"\0" * 4 + struct.pack(">I", 0x02100000) + b"mntr" + colour_space + b"XYZ " + b"\0" * 12 \
        + b"acsp" + b"\0" * 24 + struct.pack(">I", 0) + s15(D50[0]) + s15(D50[1]) + s15(D50[2]) + b"\0" * 48
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + body


def rgb_profile(description, red, green, blue, curve):
    """A display profile: D50-adapted colorants (XYZ triples) and one curv tag for all channels."""
    return profile(b"RGB ", [(b"desc", desc(description)), (b"wtpt", xyz(*D50)),
                             (b"rXYZ", xyz(*red)), (b"gXYZ", xyz(*green)), (b"bXYZ", xyz(*blue)),
                             (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve), (b"cprt", b"text\0\0\0\0public domain\0")])

def grey_profile(description, curve):
    """A grey display profile: the D50 white and one curv tag (kTRC) from the stored value to luminance."""
    return profile(b"GRAY", [(b"desc", desc(description)), (b"wtpt", xyz(*D50)), (b"kTRC", curve),
                             (b"cprt", b"text\0\0\0\0public domain\0")])

def gamma_curve(gamma):
    """A curv tag of one entry: a pure power, its exponent as u8Fixed8."""
    return b"curv\0\0\0\0" + struct.pack(">IH", 1, round(gamma * 256))
