#!/usr/bin/env python3
"""`sharecard faces` on large JPEGs: two builds side by side (before / after a change), each
photo's boxes compared and each run's peak RSS and wall time measured (/usr/bin/time -v).

    bench/faces_decode.py BEFORE/sharecard AFTER/sharecard [--pixels 48000000] [--runs 3]

The photos are made here (nothing large is committed): every labelled photo of
Tests/FacesTests/Fixtures and the face bench's 1024×683 photo (obama, obama2 and obama3 on grey,
as sharecard-bench's FaceBench.collage puts them), each upscaled with Pillow (Lanczos) to about
--pixels pixels, aspect kept, and saved as JPEG (quality 90; obama-exif6.jpg keeps its stored
orientation and its EXIF orientation 6). Each build runs each photo --runs times, the builds
alternating, so a change in the machine's load falls on both alike; the table gives medians.
Boxes are matched by IoU (each face of the first build with the best unmatched one of the
second); the lowest IoU per photo is printed, and the counts when they differ.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "FacesTests", "Fixtures")


def collage():
    """The face bench's photo: three portraits at their own size on grey, from x 16, y 85."""
    canvas = Image.new("RGB", (1024, 683), (128, 128, 128))
    x = 16
    for name in ["obama.png", "obama2.png", "obama3.png"]:
        image = Image.open(os.path.join(FIXTURES, name)).convert("RGB")
        canvas.paste(image, (x, 85))
        x += image.width
    return canvas


def enlarge(image, pixels):
    k = math.sqrt(pixels / (image.width * image.height))
    return image.resize((round(image.width * k), round(image.height * k)), Image.LANCZOS)


def make_photos(directory, pixels):
    names = sorted(json.load(open(os.path.join(FIXTURES, "labels.json"))).keys()) + ["obama-exif6.jpg"]
    sources = [(name, Image.open(os.path.join(FIXTURES, name))) for name in names] + [("bench photo", collage())]
    photos = []
    for name, image in sources:
        exif = image.info.get("exif")
        big = enlarge(image.convert("RGB"), pixels)
        path = os.path.join(directory, re.sub(r"[^a-z0-9]+", "-", name.lower().rsplit(".", 1)[0]) + ".jpg")
        big.save(path, quality=90, **({"exif": exif} if exif else {}))
        photos.append((name, path, big.size))
    return photos


def run(binary, path):
    """(report, peak RSS in MB, wall seconds) of `binary faces path --json`."""
    result = subprocess.run(["/usr/bin/time", "-v", binary, "faces", path, "--json"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{binary} faces {path}: {result.stderr.strip()}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    wall = int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + float(clock.group(3))
    return json.loads(result.stdout), rss, wall


def iou(a, b):
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    both = max(w, 0) * max(h, 0)
    return both / (a["width"] * a["height"] + b["width"] * b["height"] - both)


def lowest_iou(first, second):
    left = list(second)
    worst = 1.0
    for face in first:
        if not left:
            return 0.0
        best = max(left, key=lambda other: iou(face, other))
        worst = min(worst, iou(face, best))
        left.remove(best)
    return worst if not left else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--pixels", type=float, default=48e6, help="each photo's size, about (default 48 MP)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="faces-decode-") as directory:
        photos = make_photos(directory, args.pixels)
        print(f"{'photo':<18} {'size':>11} {'faces':>7} {'lowest IoU':>10} {'RSS MB before':>13} {'after':>7} "
              f"{'wall s before':>13} {'after':>7} {'ratio':>6}")
        for name, path, (w, h) in photos:
            rss = {args.before: [], args.after: []}
            wall = {args.before: [], args.after: []}
            reports = {}
            for _ in range(args.runs):
                for binary in (args.before, args.after):
                    reports[binary], r, t = run(binary, path)
                    rss[binary].append(r)
                    wall[binary].append(t)
            before, after = reports[args.before], reports[args.after]
            if (before["width"], before["height"]) != (after["width"], after["height"]):
                sys.exit(f"{name}: sizes differ, {before['width']}×{before['height']} against {after['width']}×{after['height']}")
            counts = f"{len(before['faces'])}" if len(before["faces"]) == len(after["faces"]) \
                else f"{len(before['faces'])}/{len(after['faces'])}"
            low = lowest_iou(before["faces"], after["faces"]) if before["faces"] or after["faces"] else float("nan")
            b, a = statistics.median(wall[args.before]), statistics.median(wall[args.after])
            print(f"{name:<18} {before['width']:>5}×{before['height']:<5} {counts:>7} {low:>10.3f} "
                  f"{statistics.median(rss[args.before]):>13.1f} {statistics.median(rss[args.after]):>7.1f} "
                  f"{b:>13.2f} {a:>7.2f} {a / b:>6.2f}")
            if os.environ.get("FACES_DECODE_VERBOSE"):
                print("   before", before["faces"], "\n   after ", after["faces"])


if __name__ == "__main__":
    main()
