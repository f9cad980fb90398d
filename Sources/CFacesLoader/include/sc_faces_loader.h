#ifndef SC_FACES_LOADER_H
#define SC_FACES_LOADER_H
/* The face detector (sc_faces.h) is a plug-in, libsharecard-faces.so, opened on the first
 * detection rather than linked: it links OpenCV, whose libraries cost every process several
 * milliseconds before main, and only photo cards and `sharecard faces` look for faces. */
#include <stddef.h>
#include <stdint.h>

#include "sc_faces.h"

#define SC_FACES_PLUGIN_FILE "libsharecard-faces.so"

/* The plug-in's entry points, as declared in sc_faces.h (each checks its pointers). */
typedef struct {
    int (*_Nonnull detector_create)(const char *_Nullable frontal_path, const char *_Nullable profile_path,
                                    size_t max_searches, sc_faces_detector *_Nullable *_Nullable out, char *_Nullable err, size_t err_size);
    void (*_Nonnull detector_destroy)(sc_faces_detector *_Nullable detector);
    int (*_Nonnull detect)(sc_faces_detector *_Nullable detector, const uint8_t *_Nullable pixels, size_t pixels_size,
                           int32_t width, int32_t height, size_t stride_bytes, const sc_faces_options *_Nullable options,
                           sc_face_rect *_Nullable out, size_t capacity, size_t *_Nullable count, char *_Nullable err,
                           size_t err_size);
    int (*_Nonnull detector_pool)(sc_faces_detector *_Nullable detector, sc_faces_pool_counts *_Nullable counts);
    int (*_Nonnull cascade_search)(const char *_Nullable cascade_path, const uint8_t *_Nullable pixels, size_t pixels_size,
                                   int32_t width, int32_t height, size_t stride_bytes, const sc_faces_search_options *_Nullable options,
                                   sc_face_rect *_Nullable out, size_t capacity, size_t *_Nullable count, char *_Nullable err,
                                   size_t err_size);
    int (*_Nonnull area_downscale)(const uint8_t *_Nullable pixels, size_t pixels_size, int32_t width, int32_t height,
                                   size_t stride_bytes, int32_t out_width, int32_t out_height, int32_t opencv,
                                   uint8_t *_Nullable out, size_t out_size, char *_Nullable err, size_t err_size);
    int (*_Nonnull cascade_readers_agree)(const char *_Nullable cascade_path, char *_Nullable err, size_t err_size);
    int (*_Nonnull group_rectangles)(const int32_t *_Nullable boxes, size_t count, int32_t group_threshold, double eps, int32_t opencv,
                                     sc_face_rect *_Nullable out, size_t capacity, size_t *_Nullable count_out, char *_Nullable err,
                                     size_t err_size);
} sc_faces_plugin;

/* Opens the plug-in once per process: SC_FACES_PLUGIN_FILE beside the executable, else in
 * ../lib/sharecard relative to it (an install's library folder). Returns its entry points, or
 * NULL with each file tried and why it failed in err (err_size bytes, always terminated when
 * err_size > 0). A plug-in built from another version of sc_faces.h is refused (its options
 * struct has another size, or it lacks an entry point: one without sc_faces_detector_pool
 * predates the pool, and its sc_faces_detector_create takes other arguments). Thread-safe;
 * after a failure the next call looks again. */
const sc_faces_plugin *_Nullable sc_faces_plugin_load(char *_Nullable err, size_t err_size);

#endif
