#!/bin/sh
# Builds bench/haar_exact.cpp with the plug-in's Haar evaluator and runs it on Debian's cascades
# and the labelled photos. Extra arguments name other cascade files (in the same directory).
set -eu
cd "$(dirname "$0")/.."
mkdir -p .build
c++ -std=c++17 -O2 -ffp-contract=off -I/usr/include/opencv4 -o .build/haar_exact bench/haar_exact.cpp \
    Sources/CFaces/haar_cascade.cpp Sources/CFaces/integral_image.cpp Sources/CFaces/cascade_xml.cpp Sources/CFaces/rect_grouping.cpp \
    -lopencv_objdetect -lopencv_imgcodecs -lopencv_imgproc -lopencv_core
exec .build/haar_exact /usr/share/opencv4/haarcascades Tests/FacesTests/Fixtures "$@"
