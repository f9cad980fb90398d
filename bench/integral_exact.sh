#!/bin/sh
# Builds bench/integral_exact.cpp with the plug-in's integral images and compares them with
# OpenCV's cv::integral on random images (the first argument: how many; 5000 by default).
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
c++ -std=c++17 -O2 -I/usr/include/opencv4 -o .build/integral_exact bench/integral_exact.cpp Sources/CFaces/integral_image.cpp \
    -lopencv_imgproc -lopencv_core
exec .build/integral_exact "$@"
