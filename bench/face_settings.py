#!/usr/bin/env python3
"""Scores face-detector settings on the labelled photos of Tests/FacesTests/Fixtures.

For each frontal cascade × working size × scaleFactor × minNeighbors × minimum face × profile
pass, runs the pipeline Sources/CFaces runs (grey, area-downscale so the longer side is the
working size, histogram equalisation, detectMultiScale; with profiles, the profile cascade and
its mirror image, kept where they overlap no frontal face by more than 30 % of the smaller box)
through OpenCV's Python binding, which calls the same library, and prints:

Profiles: "never", "always", or "fallback" (only when the frontal cascade found nothing).
Pyramid: "whole" (detectMultiScale's own) or "split" (faces of twice the cascade's window and
larger searched on a half-size copy, the raw windows of both grouped together: `search` below,
as Sources/CFaces does it); "split" rows split the frontal search only, "split both" the
profile search too.

- recall and precision on the fixtures (a detection counts when its IoU with a label is ≥ 0.5),
  and the detections on the photos without faces;
- the same on the bench photo (three portraits side by side on a 1024×683 grey canvas, as
  sharecard-bench builds it), and the median time to search it.

    /usr/bin/python3 bench/face_settings.py [--quick | --pyramid | --fallback] [--one-thread]
        --quick: the settings around the chosen one (profile fallback at scaleFactor 1.1, 5 neighbours,
                 faces from 1/8 of the longer side)
        --pyramid: the step-1.1 rows of --quick with each pyramid (whole, split, split both), and
                 the time of the whole detection on the cat photo (no frontal face: the fallback runs)
        --fallback: the chosen frontal search with the profile search never, as the fallback,
                 and as the fallback with its largest face bounded (1/2, 1/3, 1/4 of the longer
                 side), with the time of the cat photo (the fallback runs) and of the photos
                 without faces
        --one-thread: time one thread's CPU (steadier on a shared machine)
"""
import itertools
import json
import os
import statistics
import sys
import time

import cv2
import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "FacesTests", "Fixtures")
DATA = "/usr/share/opencv4/"
FRONTAL = {"haar default": "haarcascades/haarcascade_frontalface_default.xml",
           "haar alt": "haarcascades/haarcascade_frontalface_alt.xml",
           "haar alt2": "haarcascades/haarcascade_frontalface_alt2.xml",
           "lbp": "lbpcascades/lbpcascade_frontalface.xml",
           "lbp improved": "lbpcascades/lbpcascade_frontalface_improved.xml"}
PROFILE = cv2.CascadeClassifier(DATA + "haarcascades/haarcascade_profileface.xml")


def iou(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / (a[2] * a[3] + b[2] * b[3] - w * h)


def overlap(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    return w * h / min(a[2] * a[3], b[2] * b[3])


def search(cascade, grey, scale, neighbours, side, split, largest=0):
    """detectMultiScale, or with `split` its scales from twice the window up on a half-size copy;
    `largest` > 0 bounds the face size (whole pyramid only)."""
    if not split:
        bound = (largest, largest) if largest else (0, 0)
        return [tuple(r) for r in cascade.detectMultiScale(grey, scaleFactor=scale, minNeighbors=neighbours, minSize=(side, side),
                                                           maxSize=bound)]
    ww, wh = cascade.getOriginalWindowSize()
    raw = []
    if side < min(2 * ww, 2 * wh):
        raw += [tuple(r) for r in cascade.detectMultiScale(grey, scaleFactor=scale, minNeighbors=0, minSize=(side, side),
                                                           maxSize=(2 * ww - 1, 2 * wh - 1))]
    # Python's round() rounds halves to even; C's lround (Sources/CFaces) away from zero.
    hw, hh = max(1, int(grey.shape[1] / 2 + 0.5)), max(1, int(grey.shape[0] / 2 + 0.5))
    if hw >= ww and hh >= wh:
        half = cv2.resize(grey, (hw, hh), interpolation=cv2.INTER_AREA)
        hmin = max(ww, wh, (side + 1) // 2)
        kx, ky = grey.shape[1] / hw, grey.shape[0] / hh
        raw += [(int(x * kx + 0.5), int(y * ky + 0.5), int(w * kx + 0.5), int(h * ky + 0.5))
                for x, y, w, h in cascade.detectMultiScale(half, scaleFactor=scale, minNeighbors=0, minSize=(hmin, hmin))]
    if not raw:
        return []
    grouped, _ = cv2.groupRectangles(raw, neighbours, 0.2)
    return [tuple(r) for r in grouped]


def detect(frontal, image, working, scale, neighbours, fraction, profiles, profile_scale=None, profile_neighbours=None,
           profile_fraction=None, pyramid="whole", profile_largest_fraction=0):
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    s = min(1.0, working / max(w, h))
    if s < 1.0:
        grey = cv2.resize(grey, (max(1, round(w * s)), max(1, round(h * s))), interpolation=cv2.INTER_AREA)
    grey = cv2.equalizeHist(grey)
    side = max(1, round(max(grey.shape) * fraction))
    faces = search(frontal, grey, scale, neighbours, side, pyramid != "whole")
    if profiles == "always" or (profiles == "fallback" and not faces):
        # The profile search has its own pyramid step and neighbours (default: the frontal's).
        pside = max(1, round(max(grey.shape) * (profile_fraction or fraction)))
        plargest = round(max(grey.shape) * profile_largest_fraction) if profile_largest_fraction else 0
        pargs = (profile_scale or scale, profile_neighbours or neighbours, pside, pyramid == "split both", plargest)
        turned = search(PROFILE, grey, *pargs)
        turned += [(grey.shape[1] - x - rw, y, rw, rh) for x, y, rw, rh in search(PROFILE, cv2.flip(grey, 1), *pargs)]
        for r in turned:
            if not any(overlap(f, r) > 0.3 for f in faces):
                faces.append(r)
    bx, by = w / grey.shape[1], h / grey.shape[0]
    return [(x * bx, y * by, fw * bx, fh * by) for x, y, fw, fh in faces]


def score(found, truth):
    hits = sum(1 for t in truth if any(iou(t, f) >= 0.5 for f in found))
    correct = sum(1 for f in found if any(iou(t, f) >= 0.5 for t in truth))
    return hits, correct


def main():
    labels = json.load(open(os.path.join(ROOT, "labels.json")))
    images = {n: cv2.imread(os.path.join(ROOT, n)) for n in sorted(labels)}
    collage = np.full((683, 1024, 3), 128, np.uint8)
    collage_truth, x = [], 16
    for n in ("obama.png", "obama2.png", "obama3.png"):
        im = images[n]
        collage[85:85 + im.shape[0], x:x + im.shape[1]] = im
        collage_truth += [(bx + x, by + 85, bw, bh) for bx, by, bw, bh in labels[n]]
        x += im.shape[1]
    quick = "--quick" in sys.argv
    pyramids = "--pyramid" in sys.argv
    # --one-thread: CPU time of one thread (time.process_time with cv2.setNumThreads(1)), steadier
    # than wall time on a shared machine; otherwise wall time with OpenCV's default threads.
    one_thread = "--one-thread" in sys.argv
    if one_thread:
        cv2.setNumThreads(1)
    clock = time.process_time if one_thread else time.perf_counter
    # The profile search of "fallback" rows: its own scaleFactor and minNeighbors.
    profile_scale, profile_neighbours, profile_fraction = 1.1, 5, 1 / 8
    cascades = [(k, v) for k, v in FRONTAL.items() if k in ("haar alt", "haar alt2")]
    fallback_rows = "--fallback" in sys.argv
    if fallback_rows:
        # The chosen frontal search (haar alt2, 352 px, 1.1, 4 neighbours, split); the profile
        # search never, as the fallback (faces from 1/8), and with its largest face bounded.
        grid = [(("haar alt2", FRONTAL["haar alt2"]), 352, 1.1, 4, 1 / 16, profiles, "split", largest)
                for profiles, largest in (("never", 0), ("fallback", 0), ("fallback", 1 / 2), ("fallback", 1 / 3), ("fallback", 1 / 4))]
    elif pyramids:
        grid = itertools.product(cascades, (320, 352), (1.1,), (3, 4, 5), (1 / 16,), ("fallback",), ("whole", "split", "split both"))
    elif quick:  # around the chosen setting
        grid = itertools.product(cascades, (256, 320, 352, 384), (1.1, 1.15, 1.2, 1.25), (3, 4, 5), (1 / 16,), ("fallback",), ("whole",))
    else:
        grid = itertools.product(FRONTAL.items(), (256, 320, 384), (1.1, 1.2), (3, 5), (1 / 12, 1 / 16), ("never", "always"), ("whole",))
    # The cat (no frontal face: the profile fallback runs) times what a faceless photo pays.
    cat = images["chelsea.png"]
    print("frontal\tworking_px\tscale\tneighbours\tmin_face\tprofiles\tpyramid\trecall\tprecision\ton_no_face\tbench_recall\tbench_false\tbench_ms"
          + ("\tcat_ms" if pyramids or fallback_rows else "") + ("\tprofile_max\tno_face_photos_ms" if fallback_rows else ""))
    for row in grid:
        (name, path), working, scale, neighbours, fraction, profiles, pyramid = row[:7]
        largest = row[7] if len(row) > 7 else 0
        extra = (profile_scale, profile_neighbours, profile_fraction) if profiles == "fallback" else (None, None, None)
        frontal = cv2.CascadeClassifier(DATA + path)
        hits = labelled = correct = detected = empty = 0
        for n, image in images.items():
            found = detect(frontal, image, working, scale, neighbours, fraction, profiles, *extra, pyramid=pyramid,
                           profile_largest_fraction=largest)
            h, c = score(found, labels[n])
            hits, correct, labelled, detected = hits + h, correct + c, labelled + len(labels[n]), detected + len(found)
            empty += 0 if labels[n] else len(found)
        found = detect(frontal, collage, working, scale, neighbours, fraction, profiles, *extra, pyramid=pyramid,
                       profile_largest_fraction=largest)
        bh, bc = score(found, collage_truth)

        def median_ms(image, runs):
            times = []
            for _ in range(runs):
                start = clock()
                detect(frontal, image, working, scale, neighbours, fraction, profiles, *extra, pyramid=pyramid,
                       profile_largest_fraction=largest)
                times.append((clock() - start) * 1000)
            return statistics.median(times)

        bench_ms = median_ms(collage, 5 if quick else 7 if pyramids or fallback_rows else 15)
        cat_ms = f"\t{median_ms(cat, 5 if fallback_rows else 3):.1f}" if pyramids or fallback_rows else ""
        if fallback_rows:
            faceless = sum(median_ms(image, 3) for n, image in images.items() if not labels[n])
            cat_ms += f"\t{f'1/{round(1 / largest)}' if largest else 'none'}\t{faceless:.1f}"
        precision = correct / detected if detected else 1.0
        print(f"{name}\t{working}\t{scale}\t{neighbours}\t1/{round(1 / fraction)}\t{profiles}\t{pyramid}\t"
              f"{hits}/{labelled}\t{precision:.2f}\t{empty}\t{bh}/{len(collage_truth)}\t{len(found) - bc}\t{bench_ms:.1f}{cat_ms}",
              flush=True)


if __name__ == "__main__":
    main()
