#!/bin/sh
# Builds bench/area_exact.cpp with the plug-in's area resampler and compares it with OpenCV's
# cv::resize(INTER_AREA) on a random grid of sizes (the first argument: how many; 20000 by default).
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
c++ -std=c++17 -O2 -ffp-contract=off -I/usr/include/opencv4 -o .build/area_exact bench/area_exact.cpp Sources/CFaces/area_downscale.cpp \
    -lopencv_imgproc -lopencv_core
exec .build/area_exact "$@"
