#!/usr/bin/env python3
"""Writes pngsuite/*.png: the 28 images of Willem van Schaik's PngSuite that pypng's source
distribution carries in code/pngsuite.py ("Permission to use, copy, modify and distribute
these images for any purpose and without fee is hereby granted").

    pip download pypng==0.20220715.0 --no-binary :all: --no-deps -d /tmp/pypng
    tar xzf /tmp/pypng/pypng-0.20220715.0.tar.gz -C /tmp/pypng
    python3 make-pngsuite.py /tmp/pypng/pypng-0.20220715.0/code/pngsuite.py
"""
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location("pngsuite", sys.argv[1])
suite = importlib.util.module_from_spec(spec)
sys.modules["pngsuite"] = suite  # the module adds its images to its own namespace
spec.loader.exec_module(suite)
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pngsuite")
os.makedirs(out, exist_ok=True)
for name, data in sorted(suite.png.items()):
    with open(os.path.join(out, name + ".png"), "wb") as f:
        f.write(data)
print(len(suite.png), "images in", out)
