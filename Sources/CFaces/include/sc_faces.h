#ifndef SC_FACES_H
#define SC_FACES_H
/* Face detection with OpenCV's cascades behind plain C types. Everything C++ (cv::Mat, the
 * Haar evaluator of haar_cascade.cpp, OpenCV's own classifier from libsharecard-faces-opencv.so
 * for other cascades, exceptions) stays inside the plug-in: every entry point catches every
 * exception and returns a status plus a message. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sc_faces_detector sc_faces_detector;

/* A face, in the pixels of the image passed to sc_faces_detect. */
typedef struct {
    double x, y, width, height;
} sc_face_rect;

/* How to search. `working_side_px`: the grey copy is area-downscaled so its longer side is at
 * most this (0 = full size). `scale_factor` > 1 and `min_neighbors` ≥ 0 are detectMultiScale's;
 * `min_face_fraction` (0…1) is the smallest face searched for, as a fraction of the working
 * copy's longer side. `profiles` (with a profile cascade loaded): SC_FACES_PROFILES_ALWAYS
 * also searches for faces turned to either side (the cascade and its mirror image), kept where
 * they overlap no frontal face; SC_FACES_PROFILES_FALLBACK does so only when the frontal cascade
 * found nothing; SC_FACES_PROFILES_NEVER not at all. The profile search has its own
 * `profile_scale_factor`, `profile_min_neighbors` and `profile_min_face_fraction`.
 * `split_pyramid` (frontal) and `profile_split_pyramid` (profile), when non-zero, search faces
 * of twice the cascade's window and larger on a half-size copy, at the 2-pixel stride
 * detectMultiScale uses below that size instead of its 1-pixel stride above it. */
enum {
    SC_FACES_PROFILES_NEVER = 0,
    SC_FACES_PROFILES_ALWAYS = 1,
    SC_FACES_PROFILES_FALLBACK = 2
};
typedef struct {
    int32_t working_side_px;
    double scale_factor;
    int32_t min_neighbors;
    double min_face_fraction;
    int32_t profiles;
    double profile_scale_factor;
    int32_t profile_min_neighbors;
    double profile_min_face_fraction;
    int32_t split_pyramid;
    int32_t profile_split_pyramid;
} sc_faces_options;

/* The most searches one detector runs at once. */
#define SC_FACES_MAX_SEARCHES 256

/* Loads the frontal cascade at `frontal_path`; the profile cascade at `profile_path` (when not
 * NULL) is read by the first search that needs it, so a photo with a frontal face never pays for
 * it. The detector keeps a pool of classifiers (one frontal and one profile each): up to
 * `max_searches` (1…SC_FACES_MAX_SEARCHES) searches run at once, the pool grows as they arrive,
 * and a search beyond that waits for one to end. Returns 0 and sets *out (free with
 * sc_faces_detector_destroy, when no search is running), or -1 with a message in err (err_size
 * bytes, always terminated when err_size > 0). */
int sc_faces_detector_create(const char *frontal_path, const char *profile_path, size_t max_searches,
                             sc_faces_detector **out, char *err, size_t err_size);

void sc_faces_detector_destroy(sc_faces_detector *detector);

/* Finds faces in 32-bit pixels laid out as B, G, R, X bytes (alpha ignored), rows
 * `stride_bytes` apart in a buffer of `pixels_size` bytes. Writes up to `capacity` faces to
 * `out`, sorted by y, then x, and sets *count to the number found (which may exceed capacity).
 * Returns 0; SC_FACES_CASCADE_UNREADABLE with a message naming the file when a cascade the
 * search needs cannot be loaded (the profile cascade, read on first need; a later search tries
 * again); or -1 with a message in err. Safe to call on several threads at once with one
 * detector: each search has classifiers of its own from the detector's pool. */
#define SC_FACES_CASCADE_UNREADABLE (-2)
int sc_faces_detect(sc_faces_detector *detector, const uint8_t *pixels, size_t pixels_size,
                    int32_t width, int32_t height, size_t stride_bytes, const sc_faces_options *options,
                    sc_face_rect *out, size_t capacity, size_t *count, char *err, size_t err_size);

/* A detector's pool: its bound, the classifier pairs loaded so far, the searches running now
 * and the most that ever ran at once. */
typedef struct {
    size_t capacity;
    size_t classifiers;
    size_t searching;
    size_t most_searching;
} sc_faces_pool_counts;

/* Fills *counts; returns 0, or -1 when an argument is NULL. */
int sc_faces_detector_pool(sc_faces_detector *detector, sc_faces_pool_counts *counts);

/* For tests of the cascade evaluator: one search of one cascade, as OpenCV's
 * CascadeClassifier::detectMultiScale(image, boxes, scale_factor, min_neighbors, 0, min, max)
 * returns its boxes (min_neighbors 0: every window the cascade accepts). The image is the
 * detector's working copy of the pixels (as sc_faces_detect makes it, at `working_side_px`), or
 * its mirror image (`mirrored`), or a half-size copy of either (`half`: the split pyramid's
 * second search). `evaluator` picks who evaluates the windows: the plug-in eight at a time
 * (built for AVX-512VL where the processor has it, else for AVX2, else one at a time), the
 * plug-in one at a time, OpenCV, or the plug-in eight at a time built for AVX2 alone (so that
 * a machine with AVX-512VL checks both builds; one at a time without AVX2). */
enum {
    SC_FACES_EVALUATOR_EIGHT = 0,
    SC_FACES_EVALUATOR_ONE = 1,
    SC_FACES_EVALUATOR_OPENCV = 2,
    SC_FACES_EVALUATOR_EIGHT_AVX2 = 3
};
typedef struct {
    int32_t evaluator;
    int32_t working_side_px;
    int32_t mirrored;
    int32_t half;
    double scale_factor;
    int32_t min_neighbors;
    int32_t min_side_px;
    int32_t max_side_px; /* 0: no limit */
} sc_faces_search_options;

/* Loads the cascade at `cascade_path` and searches as above; the pixels as for sc_faces_detect.
 * Writes up to `capacity` boxes in the searched copy's pixels, sorted by y, x, width, height,
 * and sets *count to the number found. Returns 0, or -1 with a message in err (also when the
 * plug-in's evaluator does not take the cascade). */
int sc_faces_cascade_search(const char *cascade_path, const uint8_t *pixels, size_t pixels_size, int32_t width, int32_t height,
                            size_t stride_bytes, const sc_faces_search_options *options, sc_face_rect *out, size_t capacity,
                            size_t *count, char *err, size_t err_size);

/* For tests of the working copy's resampling: the 8-bit grey `pixels` (width × height, rows
 * `stride_bytes` apart) shrunk by area averaging to out_width × out_height bytes, rows packed,
 * in `out` (out_size bytes): by the plug-in's own resampler, or by OpenCV's
 * cv::resize(INTER_AREA) when `opencv` is nonzero. Returns 0, or -1 with a message in err. */
int sc_faces_area_downscale(const uint8_t *pixels, size_t pixels_size, int32_t width, int32_t height, size_t stride_bytes,
                            int32_t out_width, int32_t out_height, int32_t opencv, uint8_t *out, size_t out_size, char *err,
                            size_t err_size);

/* For tests of the grouping of a search's windows: `count` boxes (x, y, width, height
 * quadruples in `boxes`, 4 × count values) grouped as cv::groupRectangles(boxes, group_threshold,
 * eps) does, by the plug-in's own grouping or, when `opencv` is nonzero, by OpenCV's (from
 * libsharecard-faces-opencv.so). Writes up to `capacity` boxes to `out` in the order they come
 * out and sets *count_out to the number kept. Returns 0, or -1 with a message in err. */
int sc_faces_group_rectangles(const int32_t *boxes, size_t count, int32_t group_threshold, double eps, int32_t opencv,
                              sc_face_rect *out, size_t capacity, size_t *count_out, char *err, size_t err_size);

/* For tests of the cascade reader: reads the cascade at `cascade_path` with the plug-in's own
 * XML reader (FileStorage for a file outside its subset) and with FileStorage alone. Returns 0
 * when both give the same cascade bit for bit or both refuse it for the same reason and the own
 * reader took the file, 2 when they agree because it handed the file to FileStorage; 3 when the
 * own reader refused the file as broken XML (the reason in err; FileStorage, which crashes on some
 * such files, is not asked); 1 when they differ, with what differs in err; -1 with a message in
 * err on a C++ exception. */
int sc_faces_cascade_readers_agree(const char *cascade_path, char *err, size_t err_size);

/* sizeof(sc_faces_options) as this code was compiled: the loader (sc_faces_loader.h) refuses a
 * plug-in built from another version of this header. */
size_t sc_faces_options_size(void);

#ifdef __cplusplus
}
#endif
#endif
