/* Face detections from N threads at once through the plug-in's C interface (sc_faces.h):
 * detections per second and each call's latency, for 1, 2 and 4 concurrent callers.
 * The photo is raw B, G, R, X bytes (bench/faces_concurrency prepares it from the bench's
 * three-faces JPEG). Several plug-ins may be named, to compare builds in one run; their rounds
 * alternate, so a change in the machine's load falls on each alike. A plug-in with a pool gets
 * the bound FaceDetector uses by default, the number of cores (FACES_POOL=N sets another).
 * FACES_OPENCV_THREADS=N calls cv::setNumThreads(N) before the first detection (1: OpenCV's
 * parallel loops run on the calling thread). OPENCV_FOR_THREADS_NUM alone does not do that with
 * Debian's OpenCV 4.6 (TBB): OpenCV reads it only inside cv::setNumThreads with a negative count,
 * and its TBB arena otherwise takes every core TBB sees (docs/design.md, "Faces").
 *   cc -O2 -pthread -I Sources/CFaces/include bench/faces_concurrency.c -ldl -o faces_concurrency
 *   ./faces_concurrency PHOTO.bgrx WIDTH HEIGHT CASCADE_DIR ROUNDS CALLS_PER_THREAD PLUGIN.so…
 */
#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "sc_faces.h"

typedef int (*create_fn)(const char *, const char *, size_t, sc_faces_detector **, char *, size_t);
/* A plug-in from before the classifier pool (no sc_faces_detector_pool): one lock, no bound. */
typedef int (*create_locked_fn)(const char *, const char *, sc_faces_detector **, char *, size_t);
typedef int (*detect_fn)(sc_faces_detector *, const uint8_t *, size_t, int32_t, int32_t, size_t, const sc_faces_options *,
                         sc_face_rect *, size_t, size_t *, char *, size_t);

static const uint8_t *pixels;
static size_t pixels_size;
static int width, height;

typedef struct {
    detect_fn detect;
    sc_faces_detector *detector;
    int calls;
    double *latencies_ms;
    double *thread_cpu_ms;
    size_t faces;
    int failed;
} worker;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The standard settings of FaceDetector.Settings. */
static const sc_faces_options standard = {
    .working_side_px = 352, .scale_factor = 1.1, .min_neighbors = 4, .min_face_fraction = 1.0 / 16,
    .profiles = SC_FACES_PROFILES_FALLBACK, .profile_scale_factor = 1.1, .profile_min_neighbors = 5,
    .profile_min_face_fraction = 1.0 / 8, .split_pyramid = 1, .profile_split_pyramid = 0};

static double thread_cpu_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Threads in this process now (/proc/self/task): TBB's workers stay once started. */
static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(tasks));) n += e->d_name[0] != '.';
    closedir(tasks);
    return n;
}

static void *run(void *argument) {
    worker *w = argument;
    sc_face_rect rects[64];
    char err[256];
    for (int i = 0; i < w->calls; i++) {
        size_t count = 0;
        double start = now_ms(), cpu_start = thread_cpu_now_ms();
        if (w->detect(w->detector, pixels, pixels_size, width, height, (size_t)width * 4, &standard, rects, 64, &count, err,
                      sizeof err) != 0) {
            fprintf(stderr, "detection failed: %s\n", err);
            w->failed = 1;
            return NULL;
        }
        w->latencies_ms[i] = now_ms() - start;
        w->thread_cpu_ms[i] = thread_cpu_now_ms() - cpu_start;
        w->faces = count;
    }
    return NULL;
}

/* The process's CPU time (user + system), all threads. */
static double cpu_ms(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, size_t n) {
    qsort(values, n, sizeof *values, by_value);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int main(int argc, char **argv) {
    if (argc < 8) {
        fprintf(stderr, "usage: %s PHOTO.bgrx WIDTH HEIGHT CASCADE_DIR ROUNDS CALLS_PER_THREAD PLUGIN.so…\n", argv[0]);
        return 2;
    }
    width = atoi(argv[2]);
    height = atoi(argv[3]);
    int rounds = atoi(argv[5]), calls = atoi(argv[6]);
    FILE *file = fopen(argv[1], "rb");
    if (!file || width <= 0 || height <= 0 || rounds <= 0 || calls <= 0) {
        fprintf(stderr, "cannot read %s, or a bad number\n", argv[1]);
        return 2;
    }
    pixels_size = (size_t)width * height * 4;
    uint8_t *buffer = malloc(pixels_size);
    if (!buffer || fread(buffer, 1, pixels_size, file) != pixels_size) {
        fprintf(stderr, "%s is not %dx%d B, G, R, X pixels\n", argv[1], width, height);
        return 2;
    }
    fclose(file);
    pixels = buffer;
    char frontal[4096], profile[4096];
    snprintf(frontal, sizeof frontal, "%s/haarcascade_frontalface_alt2.xml", argv[4]);
    snprintf(profile, sizeof profile, "%s/haarcascade_profileface.xml", argv[4]);

    size_t pool = getenv("FACES_POOL") ? (size_t)atoi(getenv("FACES_POOL")) : (size_t)sysconf(_SC_NPROCESSORS_ONLN);
    int plugins = argc - 7;
    detect_fn detect[8];
    sc_faces_detector *detector[8];
    if (plugins > 8) plugins = 8;
    for (int p = 0; p < plugins; p++) {
        void *library = dlopen(argv[7 + p], RTLD_NOW | RTLD_LOCAL);
        void *create = library ? dlsym(library, "sc_faces_detector_create") : NULL;
        int pooled = library && dlsym(library, "sc_faces_detector_pool") != NULL;
        detect[p] = library ? (detect_fn)dlsym(library, "sc_faces_detect") : NULL;
        char err[256] = "";
        int status = !create ? -1
                     : pooled ? ((create_fn)create)(frontal, profile, pool, &detector[p], err, sizeof err)
                              : ((create_locked_fn)create)(frontal, profile, &detector[p], err, sizeof err);
        if (!detect[p] || status != 0) {
            fprintf(stderr, "%s: %s\n", argv[7 + p], library ? err : dlerror());
            return 1;
        }
    }
    const char *opencv_threads = getenv("FACES_OPENCV_THREADS");
    if (opencv_threads) {
        /* The OpenCV the plug-ins loaded (one copy per process, whatever opens it). */
        void *core = dlopen("libopencv_core.so.406", RTLD_NOW | RTLD_NOLOAD);
        void (*set_threads)(int) = core ? (void (*)(int))dlsym(core, "_ZN2cv13setNumThreadsEi") : NULL;
        if (!set_threads) {
            fprintf(stderr, "FACES_OPENCV_THREADS: cv::setNumThreads not found in the plug-in's libopencv_core.so.406\n");
            return 1;
        }
        set_threads(atoi(opencv_threads));
    }
    static const int concurrency[] = {1, 2, 4};
    /* Per plug-in and caller count: each round's throughput, and every call's latency. */
    double throughput[8][3][64], cpu_per_detection[8][3][64];
    double *latencies[8][3], *thread_cpu[8][3];
    for (int p = 0; p < plugins; p++) {
        for (int c = 0; c < 3; c++) {
            latencies[p][c] = calloc((size_t)rounds * calls * concurrency[c], sizeof(double));
            thread_cpu[p][c] = calloc((size_t)rounds * calls * concurrency[c], sizeof(double));
        }
    }
    if (rounds > 64) rounds = 64;
    size_t faces = 0;
    for (int r = 0; r < rounds; r++) {
        for (int c = 0; c < 3; c++) {
            for (int p = 0; p < plugins; p++) {
                int n = concurrency[c];
                pthread_t threads[4];
                worker workers[4];
                double start = now_ms(), cpu_start = cpu_ms();
                for (int t = 0; t < n; t++) {
                    workers[t] = (worker){detect[p], detector[p], calls, latencies[p][c] + ((size_t)r * n + t) * calls,
                                          thread_cpu[p][c] + ((size_t)r * n + t) * calls, 0, 0};
                    pthread_create(&threads[t], NULL, run, &workers[t]);
                }
                for (int t = 0; t < n; t++) pthread_join(threads[t], NULL);
                double elapsed = now_ms() - start;
                cpu_per_detection[p][c][r] = (cpu_ms() - cpu_start) / (n * calls);
                for (int t = 0; t < n; t++) {
                    if (workers[t].failed) return 1;
                    faces = workers[t].faces;
                }
                throughput[p][c][r] = n * calls / (elapsed / 1e3);
            }
        }
    }
    printf("pool bound %zu; FACES_OPENCV_THREADS=%s; OPENCV_FOR_THREADS_NUM=%s; threads in the process at the end: %d\n", pool,
           opencv_threads ? opencv_threads : "(unset)", getenv("OPENCV_FOR_THREADS_NUM") ? getenv("OPENCV_FOR_THREADS_NUM") : "(unset)",
           thread_count());
    printf("%d×%d photo, %zu faces; %d rounds of CALLS=%d per caller; medians over rounds (throughput) and calls (latency)\n",
           width, height, faces, rounds, calls);
    printf("%-40s %8s %14s %14s %14s %14s\n", "plug-in", "callers", "detections/s", "latency ms", "CPU ms each", "caller CPU ms");
    for (int p = 0; p < plugins; p++) {
        for (int c = 0; c < 3; c++) {
            size_t n = (size_t)rounds * calls * concurrency[c];
            printf("%-40s %8d %14.1f %14.1f %14.1f %14.1f\n", argv[7 + p], concurrency[c], median(throughput[p][c], rounds),
                   median(latencies[p][c], n), median(cpu_per_detection[p][c], rounds), median(thread_cpu[p][c], n));
        }
    }
    return 0;
}
