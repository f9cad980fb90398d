#!/usr/bin/env python3
"""OpenCV's Python binding doing what sharecard's face detector does, on the same PNG.

    peer_faces.py PHOTO.png --frontal CASCADE --iterations N --working PX --scale S --neighbours K --min-fraction F
                  [--profile-scale S --profile-neighbours K --profile-min-fraction F] [--split] [--profile-split]

--split / --profile-split: search faces of twice the cascade's window and larger on a half-size
copy, grouping the raw windows of both searches together, as Sources/CFaces does with its
split pyramid (`search` in face_settings.py).

Prints `MODE<TAB>faces<TAB>median_ms` for the modes of Sources/CFaces: `standard` (the
frontal cascade, then the profile cascade both ways only if it found nothing), `always` (the
profile cascade both ways too, kept where it overlaps no frontal face) and `frontal` (the
frontal cascade only), and `standard-1-thread` (standard with cv2.setNumThreads(1): OpenCV
otherwise searches the pyramid levels on every core). The image is
decoded once, outside the timing, as sharecard's is.
"""
import argparse

import cv2

from face_settings import search
from peer_timing import median_ms

CASCADES = "/usr/share/opencv4/"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("photo")
    p.add_argument("--frontal", default="haarcascades/haarcascade_frontalface_alt.xml")
    p.add_argument("--iterations", type=int, default=50)
    p.add_argument("--working", type=int, default=320)
    p.add_argument("--scale", type=float, default=1.1)
    p.add_argument("--neighbours", type=int, default=5)
    p.add_argument("--min-fraction", type=float, default=1 / 16)
    p.add_argument("--profile-scale", type=float, default=1.1)
    p.add_argument("--profile-neighbours", type=int, default=5)
    p.add_argument("--profile-min-fraction", type=float, default=1 / 8)
    p.add_argument("--split", action="store_true")
    p.add_argument("--profile-split", action="store_true")
    a = p.parse_args()
    bgra = cv2.imread(a.photo, cv2.IMREAD_UNCHANGED)
    if bgra.shape[2] == 3:
        bgra = cv2.cvtColor(bgra, cv2.COLOR_BGR2BGRA)
    frontal = cv2.CascadeClassifier(CASCADES + a.frontal)
    profile = cv2.CascadeClassifier(CASCADES + "haarcascades/haarcascade_profileface.xml")

    def detect(mode):
        grey = cv2.cvtColor(bgra, cv2.COLOR_BGRA2GRAY)
        h, w = grey.shape
        s = min(1.0, a.working / max(w, h)) if a.working else 1.0
        if s < 1.0:
            grey = cv2.resize(grey, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
        grey = cv2.equalizeHist(grey)
        side = max(1, round(max(grey.shape) * a.min_fraction))
        faces = search(frontal, grey, a.scale, a.neighbours, side, a.split)
        if mode == "always" or (mode == "standard" and not faces):
            pside = max(1, round(max(grey.shape) * a.profile_min_fraction))
            turned = search(profile, grey, a.profile_scale, a.profile_neighbours, pside, a.profile_split)
            flipped = cv2.flip(grey, 1)
            turned += [(grey.shape[1] - x - rw, y, rw, rh)
                       for x, y, rw, rh in search(profile, flipped, a.profile_scale, a.profile_neighbours, pside, a.profile_split)]
            for r in turned:
                if not any(overlap(f, r) > 0.3 for f in faces):
                    faces.append(r)
        return faces

    for mode in ("standard", "always", "frontal"):
        count = len(detect(mode))
        print(f"{mode}\t{count}\t{median_ms(lambda: detect(mode), a.iterations):.4f}")
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    print(f"standard-1-thread\t{len(detect('standard'))}\t{median_ms(lambda: detect('standard'), a.iterations):.4f}")
    cv2.setNumThreads(threads)


def overlap(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min(a[2] * a[3], b[2] * b[3])


if __name__ == "__main__":
    main()
