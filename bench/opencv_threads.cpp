// What keeps OpenCV's cascade search on one thread: one process per way of asking, each
// printing the threads it ran (/proc/self/task, the most seen) and the median wall time, CPU of
// the calling thread and CPU of the whole process per search (docs/design.md, "Faces").
//   g++ -O2 -I/usr/include/opencv4 bench/opencv_threads.cpp -lopencv_objdetect -lopencv_imgproc \
//       -lopencv_imgcodecs -lopencv_core -o opencv_threads
//   ./opencv_threads PHOTO CASCADE.xml none|N RUNS   (N: cv::setNumThreads(N) first)
//   OPENCV_FOR_THREADS_NUM=1 ./opencv_threads …; taskset -c 0 ./opencv_threads …
// The photo is searched as FaceDetector does: grey, area-downscaled to 352 px, equalised,
// scaleFactor 1.1, 4 neighbours, faces from 22 px (the whole pyramid, one call).
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/objdetect.hpp>
#include <dirent.h>
#include <sys/resource.h>
#include <time.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
static int tasks() { int n = 0; DIR *d = opendir("/proc/self/task"); while (struct dirent *e = readdir(d)) if (e->d_name[0] != '.') n++; closedir(d); return n; }
static double ms(clockid_t c) { timespec t; clock_gettime(c, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static double proc_ms() { rusage u; getrusage(RUSAGE_SELF, &u); return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3; }
int main(int argc, char **argv) {
    // argv[1] image, argv[2] cascade, argv[3] setNumThreads value or "none", argv[4] runs
    cv::Mat img = cv::imread(argv[1], cv::IMREAD_GRAYSCALE);
    cv::Mat grey; double s = 352.0 / std::max(img.cols, img.rows);
    cv::resize(img, grey, cv::Size((int)std::lround(img.cols * s), (int)std::lround(img.rows * s)), 0, 0, cv::INTER_AREA);
    cv::equalizeHist(grey, grey);
    if (strcmp(argv[3], "none") != 0) cv::setNumThreads(atoi(argv[3]));
    cv::CascadeClassifier c(argv[2]);
    int runs = atoi(argv[4]);
    std::vector<double> wall, thread, proc; int most = tasks(); size_t faces = 0;
    for (int i = 0; i < runs; i++) {
        double w0 = ms(CLOCK_MONOTONIC), t0 = ms(CLOCK_THREAD_CPUTIME_ID), p0 = proc_ms();
        std::vector<cv::Rect> f; c.detectMultiScale(grey, f, 1.1, 4, 0, cv::Size(22, 22));
        wall.push_back(ms(CLOCK_MONOTONIC) - w0); thread.push_back(ms(CLOCK_THREAD_CPUTIME_ID) - t0); proc.push_back(proc_ms() - p0);
        most = std::max(most, tasks()); faces = f.size();
    }
    auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
    printf("setNumThreads=%-4s OPENCV_FOR_THREADS_NUM=%-6s getNumThreads=%d threads(max)=%d faces=%zu  wall %.1f  thread CPU %.1f  process CPU %.1f ms (medians of %d)\n",
           argv[3], getenv("OPENCV_FOR_THREADS_NUM") ? getenv("OPENCV_FOR_THREADS_NUM") : "unset", cv::getNumThreads(), most, faces,
           med(wall), med(thread), med(proc), runs);
}
