#ifndef SC_FACES_OPENCV_H
#define SC_FACES_OPENCV_H
/* OpenCV's own CascadeClassifier and groupRectangles behind plain C types, in a library of their
 * own (libsharecard-faces-opencv.so) that the face plug-in opens beside itself on first need:
 * for a cascade its evaluator does not take (LBP, tilted features) and for the tests that compare
 * its evaluator and its grouping with OpenCV's. Linking OpenCV's objdetect pulls in its dnn,
 * calib3d, features2d and flann modules and protobuf, which a plug-in that only needed core and
 * imgproc loaded on every first detection. Every entry point catches every exception and returns
 * a status plus a message. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped with every change to this header: the plug-in refuses a library of another. */
#define SC_FACES_OPENCV_INTERFACE 1

typedef struct sc_faces_opencv_classifier sc_faces_opencv_classifier;

/* Receives one box (x, y, width, height) of a result; `context` is the caller's. */
typedef void (*sc_faces_opencv_box_sink)(void *context, int32_t x, int32_t y, int32_t width, int32_t height);

/* SC_FACES_OPENCV_INTERFACE as this library was built. */
int32_t sc_faces_opencv_interface(void);

/* CascadeClassifier::load of `path`. Returns 0 and sets *out (free with
 * sc_faces_opencv_classifier_destroy), or -1 with a message in err (err_size bytes, always
 * terminated when err_size > 0) when OpenCV cannot load the file as a cascade. */
int sc_faces_opencv_classifier_load(const char *path, sc_faces_opencv_classifier **out, char *err, size_t err_size);

void sc_faces_opencv_classifier_destroy(sc_faces_opencv_classifier *classifier);

/* The cascade's window (getOriginalWindowSize). */
void sc_faces_opencv_classifier_window(const sc_faces_opencv_classifier *classifier, int32_t *width, int32_t *height);

/* detectMultiScale(image, boxes, scale_factor, min_neighbors, 0, min, max) on the 8-bit grey
 * image `grey` (width × height, rows `stride_bytes` apart; a max of 0 × 0: no limit), each box
 * handed to `sink` in OpenCV's order. Returns 0, or -1 with a message in err. One classifier
 * serves one search at a time. */
int sc_faces_opencv_classifier_detect(sc_faces_opencv_classifier *classifier, const uint8_t *grey, int32_t width, int32_t height,
                                      size_t stride_bytes, double scale_factor, int32_t min_neighbors, int32_t min_width,
                                      int32_t min_height, int32_t max_width, int32_t max_height, sc_faces_opencv_box_sink sink,
                                      void *context, char *err, size_t err_size);

/* cv::groupRectangles(boxes, group_threshold, eps) on `count` boxes given as x, y, width, height
 * quadruples (`boxes` holds 4 × count values), each kept box handed to `sink` in OpenCV's
 * order. Returns 0, or -1 with a message in err. */
int sc_faces_opencv_group_rectangles(const int32_t *boxes, size_t count, int32_t group_threshold, double eps,
                                     sc_faces_opencv_box_sink sink, void *context, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
