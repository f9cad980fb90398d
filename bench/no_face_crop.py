#!/usr/bin/env python3
"""Where to crop a photo without faces: the centre, or the most salient part? Measured on
hand-labelled subjects, at each preset's aspect ratio.

    /usr/bin/python3 bench/no_face_crop.py [--cache DIR]

A card crops an event photo (aspect fill) to keep its faces (`Framing`); with no face it shows
the centre. This scores the centre against three saliency maps, each choosing the crop whose
window holds the most saliency, less a penalty for moving off the centre (the number after the
slash: the penalty per photo width or height moved):

- spectral residual (Hou and Zhang, CVPR 2007) of a grey copy 64 px on its longer side;
- edges and saturation, smartcrop.js's two main cues (a Laplacian of luma, plus half the
  saturation of pixels that are neither black nor white) on a 96-px copy;
- colour contrast (Achanta et al., CVPR 2009: each pixel's Lab distance from the mean) on a
  64-px copy.

The photos: twelve with a clear subject and no human face, from two distributions on PyPI
(downloaded once into --cache, checked by SHA-256; nothing is committed): OpenCV's samples in
the opencv-python 4.6.0.66 source distribution and scikit-image 0.26's data. Each subject's box
was drawn by eye on a 50-px grid (LABELS). Photographers mostly centre the subject, so each
photo is also cropped so that its subject's centre falls on a third (rule of thirds), left and
right, or top and bottom, where that keeps at least 0.6 of the photo and the whole subject.

Score of a crop: the share of the subject's area it keeps, over the best share any crop of that
size keeps (1 = as good as possible). Printed per method: the mean, the share of crops within
0.95 of the best, and the worst, for all photos, for the subjects on a third, and for the
photos as taken. Presets: story 9:16, square, og 1.905:1, banner 3:1 (the card's 16:9 leaves
these photos too little room to differ).
"""
import argparse
import hashlib
import io
import os
import tarfile
import urllib.request
import zipfile

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image, ImageFilter

SOURCES = {
    "opencv": ("https://files.pythonhosted.org/packages/7a/1c/e57fe138615c29b8d1442009057dd420c58d4773cb16112e914c9e7b47d8/"
               "opencv-python-4.6.0.66.tar.gz", "c5bfae41ad4031e66bb10ec4a0a2ffd3e514d092652781e8b1ac98d1b59f1158"),
    "skimage": ("https://files.pythonhosted.org/packages/a5/2a/e71c1a7d90e70da67b88ccc609bd6ae54798d5847369b15d3a8052232f9d/"
                "scikit_image-0.26.0-cp311-cp311-manylinux_2_24_x86_64.manylinux_2_28_x86_64.whl",
                "74aa5518ccea28121f57a95374581d3b979839adc25bb03f289b1bc9b99c58af"),
}
# photo: (source, subject box x0, y0, x1, y1 in the photo's pixels)
LABELS = {
    "HappyFish.jpg": ("opencv", (30, 15, 258, 190)),
    "apple.jpg": ("opencv", (45, 10, 460, 500)),
    "butterfly.jpg": ("opencv", (5, 20, 485, 315)),
    "orange.jpg": ("opencv", (25, 45, 455, 490)),
    "squirrel_cls.jpg": ("opencv", (130, 105, 360, 360)),
    "chicky_512.png": ("opencv", (150, 60, 430, 330)),
    "clock_motion.png": ("skimage", (140, 95, 280, 210)),
    "horse.png": ("skimage", (15, 20, 390, 310)),
    "rocket.jpg": ("skimage", (305, 125, 335, 405)),
    "motorcycle_left.png": ("skimage", (90, 95, 685, 440)),
    "coffee.png": ("skimage", (75, 15, 480, 390)),
    "chelsea.png": ("skimage", (120, 70, 350, 270)),
}
ASPECTS = {"story": 9 / 16, "square": 1.0, "og": 1200 / 630, "banner": 3.0}


def fetch(cache):
    """The twelve photos' bytes, from the two distributions (downloaded into `cache` once)."""
    os.makedirs(cache, exist_ok=True)
    archives = {}
    for source, (url, sha256) in SOURCES.items():
        path = os.path.join(cache, url.rsplit("/", 1)[1])
        if not os.path.exists(path):
            print(f"downloading {url}", flush=True)
            urllib.request.urlretrieve(url, path + ".part")
            os.replace(path + ".part", path)
        with open(path, "rb") as f:
            if hashlib.sha256(f.read()).hexdigest() != sha256:
                raise SystemExit(f"{path}: SHA-256 differs from {sha256}")
        archives[source] = path
    photos = {}
    with tarfile.open(archives["opencv"]) as tar:
        for name, (source, _) in LABELS.items():
            if source == "opencv":
                photos[name] = tar.extractfile(f"opencv-python-4.6.0.66/opencv/samples/data/{name}").read()
    with zipfile.ZipFile(archives["skimage"]) as wheel:
        for name, (source, _) in LABELS.items():
            if source == "skimage":
                photos[name] = wheel.read(f"skimage/data/{name}")
    return photos


def decode(data):
    image = Image.open(io.BytesIO(data))
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        ground = Image.new("RGB", image.size, "white")
        ground.paste(image, mask=image.split()[3])
        return ground
    return image.convert("RGB")


def on_thirds(name, image, box):
    """The photo, and crops of it that put the subject's centre on a third."""
    width, height = image.size
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    cases = [(name, image, box)]
    for third, tag in ((1 / 3, "left"), (2 / 3, "right")):
        w = min(cx / third, (width - cx) / (1 - third))
        a = cx - third * w
        if w >= 0.6 * width and x0 >= a and x1 <= a + w:
            a, w = round(a), round(w)
            cases.append((f"{name} ({tag} third)", image.crop((a, 0, a + w, height)), (x0 - a, y0, x1 - a, y1)))
    for third, tag in ((1 / 3, "top"), (2 / 3, "bottom")):
        h = min(cy / third, (height - cy) / (1 - third))
        a = cy - third * h
        if h >= 0.6 * height and y0 >= a and y1 <= a + h:
            a, h = round(a), round(h)
            cases.append((f"{name} ({tag} third)", image.crop((0, a, width, a + h)), (x0, y0 - a, x1, y1 - a)))
    return cases


def crop_size(width, height, aspect):
    return (height * aspect, height) if width / height > aspect else (width, width / aspect)


def crops(width, height, aspect, steps):
    """Every position of the aspect-fill crop, `steps` along its free axis (one when none)."""
    cw, ch = crop_size(width, height, aspect)
    if cw < width - 0.5:
        return [(t, 0, t + cw, ch) for t in np.linspace(0, width - cw, steps)]
    if ch < height - 0.5:
        return [(0, t, cw, t + ch) for t in np.linspace(0, height - ch, steps)]
    return [(0, 0, width, height)]


def kept(box, crop):
    x0, y0, x1, y1 = box
    a, b, c, d = crop
    return max(0, min(x1, c) - max(x0, a)) * max(0, min(y1, d) - max(y0, b)) / ((x1 - x0) * (y1 - y0))


def reduced(image, side):
    scale = side / max(image.size)
    return image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.BOX)


def spectral_residual(image):
    grey = np.asarray(reduced(image, 64).convert("L"), dtype=np.float64)
    spectrum = np.fft.fft2(grey)
    amplitude, phase = np.log(np.abs(spectrum) + 1e-9), np.angle(spectrum)
    average = sliding_window_view(np.pad(amplitude, 1, mode="edge"), (3, 3)).mean(axis=(2, 3))
    s = np.abs(np.fft.ifft2(np.exp(amplitude - average + 1j * phase))) ** 2
    s = Image.fromarray((s / s.max() * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(2.5))
    return np.asarray(s, dtype=np.float64)


def edges_and_saturation(image):
    rgb = np.asarray(reduced(image, 96), dtype=np.float64) / 255
    luma = rgb @ np.array([0.299, 0.587, 0.114])
    laplacian = np.abs(4 * luma[1:-1, 1:-1] - luma[:-2, 1:-1] - luma[2:, 1:-1] - luma[1:-1, :-2] - luma[1:-1, 2:])
    laplacian = np.pad(laplacian, 1, mode="edge")
    high, low = rgb.max(axis=2), rgb.min(axis=2)
    lightness = (high + low) / 2
    spread = np.where(lightness > 0.5, 2 - high - low, high + low)
    saturation = np.divide(high - low, spread, out=np.zeros_like(spread), where=spread > 0)
    return laplacian + 0.5 * saturation * (lightness > 0.05) * (lightness < 0.9)


def colour_contrast(image):
    lab = np.asarray(reduced(image, 64).filter(ImageFilter.GaussianBlur(1)).convert("LAB"), dtype=np.float64)
    return np.sqrt(((lab - lab.reshape(-1, 3).mean(axis=0)) ** 2).sum(axis=2))


def centre(image, aspect):
    width, height = image.size
    cw, ch = crop_size(width, height, aspect)
    return ((width - cw) / 2, (height - ch) / 2, (width + cw) / 2, (height + ch) / 2)


def most_salient(saliency, penalty):
    def choose(image, aspect):
        width, height = image.size
        s = saliency(image)
        rows, columns = s.shape
        best, chosen = -np.inf, None
        for crop in crops(width, height, aspect, 100):
            a, b, c, d = crop
            xa, ya = int(a / width * columns), int(b / height * rows)
            xb, yb = max(xa + 1, round(c / width * columns)), max(ya + 1, round(d / height * rows))
            moved = abs((a + c) / 2 - width / 2) / width + abs((b + d) / 2 - height / 2) / height
            score = s[ya:yb, xa:xb].sum() / s.sum() - penalty * moved
            if score > best:
                best, chosen = score, crop
        return chosen
    return choose


METHODS = {"centre": centre}
for penalty in (0, 0.25, 0.5):
    METHODS[f"spectral residual / {penalty}"] = most_salient(spectral_residual, penalty)
    METHODS[f"edges and saturation / {penalty}"] = most_salient(edges_and_saturation, penalty)
    METHODS[f"colour contrast / {penalty}"] = most_salient(colour_contrast, penalty)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/sharecard-bench"))
    args = parser.parse_args()
    photos = fetch(args.cache)
    cases = [case for name, data in photos.items() for case in on_thirds(name, decode(data), LABELS[name][1])]
    groups = {"all": cases, "subject on a third": [c for c in cases if "third" in c[0]],
              "as photographed": [c for c in cases if "third" not in c[0]]}
    print(f"{len(cases)} photos: {len(groups['as photographed'])} as photographed, "
          f"{len(groups['subject on a third'])} with the subject on a third; presets {', '.join(ASPECTS)}\n")
    print("| method | " + " | ".join(f"{g}: mean, ≥ 0.95, worst" for g in groups) + " |")
    print("|---|" + "---:|" * len(groups))
    for method_name, method in METHODS.items():
        cells = []
        for group in groups.values():
            scores = []
            for _, image, box in group:
                for aspect in ASPECTS.values():
                    positions = crops(*image.size, aspect, 200)
                    if len(positions) == 1:
                        continue
                    best = max(kept(box, p) for p in positions)
                    scores.append(kept(box, method(image, aspect)) / best)
            scores = np.array(scores)
            cells.append(f"{scores.mean():.3f}, {(scores >= 0.95).mean():.2f}, {scores.min():.2f} (n {len(scores)})")
        print(f"| {method_name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
