#ifndef SC_IMAGE_DECODE_H
#define SC_IMAGE_DECODE_H
/* Photo decoding (JPEG through libjpeg-turbo, WebP through libwebp, PNG through CPNG, HEIC
 * through libheif, opened on first use) behind plain C types. Every decoder returns oriented
 * (EXIF orientation applied; HEIC's own transforms), sRGB (embedded ICC profiles converted
 * with lcms2), premultiplied ARGB32 words. libjpeg's error exits longjmp; the
 * setjmp and every longjmp stay inside this target. */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
enum {
    SC_IMAGE_OK = 0,
    SC_IMAGE_CORRUPT = -1,     /* truncated or malformed data */
    SC_IMAGE_TOO_LARGE = -2,   /* declared size over the limits, refused before allocating */
    SC_IMAGE_UNSUPPORTED = -3, /* valid but a variant not handled (e.g. animated WebP) */
    SC_IMAGE_NO_MEMORY = -4
};

/* How a target bounds a reduced decode (sc_image_request.target_mode). */
enum {
    /* Both sides at least the target's: what an aspect-fill draw at that size needs. */
    SC_IMAGE_TARGET_COVER = 0,
    /* Either side at least the target's, so the image is no smaller than its aspect-fit
     * inside the target: with a square target, the longer side at least the target's. */
    SC_IMAGE_TARGET_FIT = 1
};

typedef struct {
    /* The size the caller needs, in oriented pixels; 0 × 0 asks for full size. The decoder
     * picks the smallest reduction it offers that still meets it, as target_mode says. */
    uint32_t target_width;
    uint32_t target_height;
    /* Checked against the declared (stored) size before any pixel is allocated. */
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
    /* SC_IMAGE_TARGET_COVER or SC_IMAGE_TARGET_FIT. */
    uint32_t target_mode;
    /* 0: as the decoder chooses (a large baseline JPEG's lower rows are decoded on a second
     * thread); 1: on the calling thread only. The pixels are the same either way. */
    uint32_t threads;
} sc_image_request;

typedef struct {
    /* Premultiplied ARGB32 words (alpha in the top byte), rows packed, oriented. Free with
     * sc_image_free. */
    uint32_t *pixels;
    uint32_t width;
    uint32_t height;
    /* The full size the file declares, oriented. */
    uint32_t source_width;
    uint32_t source_height;
    /* The EXIF orientation applied, 1...8 (1 when there was none). */
    int orientation;
    /* What became of the file's colour description (an ICC profile; a PNG's cHRM): */
    int profile;
} sc_image_result;

/* sc_image_result.profile: none, or sRGB's own (the values are sRGB); converted to sRGB; or
 * present but unusable (lcms2 cannot read it, or it is for other pixels than the image's), so
 * the values were read as sRGB. */
enum { SC_PROFILE_NONE = 0, SC_PROFILE_CONVERTED = 1, SC_PROFILE_IGNORED = 2 };

/* The decoders open lcms2, libexif and libwebpdemux with dlopen on their first call (a photo
 * that needs one it cannot load is SC_IMAGE_UNSUPPORTED, naming it). This opens all three now,
 * for a server that would rather not start than refuse photos: SC_IMAGE_OK, or
 * SC_IMAGE_UNSUPPORTED with why in err. */
int sc_image_decode_open_libraries(char *err, size_t err_size);

/* Each returns SC_IMAGE_OK and fills *result, or a negative status with *result zeroed and
 * a message in err (err_size bytes, always terminated when err_size > 0). Safe to call on
 * several threads at once. */
int sc_image_decode_jpeg(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size);
int sc_image_decode_webp(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size);
/* PNG, upright by an eXIf chunk's orientation (before or after IDAT; a transposing one swaps
 * the target for the stored rows): decoded whole unless it is at least twice the target (as
 * target_mode counts sides) by a whole factor k ≥ 2; it is then read row by row and reduced
 * as it is read, each k × k box of premultiplied pixels (fewer at the right and bottom edges)
 * to its rounded mean, so the whole image is never held (k the largest such factor, at most
 * 4096). Its colour chunks are honoured, pixel by pixel before any reduction: an iCCP profile
 * converted (gAMA then ignored; a profile that is malformed or not RGB leaves the pixels as
 * stored), else an sRGB chunk, else gAMA and cHRM. */
int sc_image_decode_png(const uint8_t *data, size_t size, const sc_image_request *request,
                        sc_image_result *result, char *err, size_t err_size);

/* HEIC (HEVC in HEIF; the AVIF brands are refused as unsupported): the primary image, always
 * decoded whole (target size ignored) with libheif applying its irot/imir/clap transforms, so
 * orientation is reported as 1 and EXIF orientation is not applied again. An ICC profile is
 * converted; else nclx primaries other than sRGB's under an SDR transfer curve. Before libheif
 * reads the file, sc_heic_read_structure bounds the HEVC it would decode (coded pixels at most
 * twice max_pixels, at most 1024 cells). libheif.so.1 is opened with dlopen on the first call;
 * while it cannot be, every call returns SC_IMAGE_UNSUPPORTED saying why (each call tries
 * again). */
int sc_image_decode_heic(const uint8_t *data, size_t size, const sc_image_request *request,
                         sc_image_result *result, char *err, size_t err_size);

/* What decoding a HEIC's primary image costs, read from its boxes alone (no HEVC decoded):
 * sc_image_decode_heic reads it before libheif sees the file. */
typedef struct {
    uint64_t max_coded_pixels; /* summed over every HEVC image decoded */
    uint32_t max_cells;        /* HEVC images decoded */
} sc_heic_bounds;

typedef struct {
    uint32_t declared_width, declared_height; /* the primary item's ispe */
    uint32_t rows, columns;                   /* the primary grid's layout; 1 × 1 when not a grid */
    uint32_t cells;                           /* HEVC images decoded: a grid's cells, alpha planes */
    uint32_t largest_cell_width, largest_cell_height; /* the largest of their SPS sizes */
    uint64_t coded_pixels;                    /* their SPS sizes (pic_width × pic_height) summed */
} sc_heic_structure;

/* Reads the primary image's structure (pitm, iinf, iref, iprp with each hvcC's SPS, the grid
 * layout through iloc, each counted image's NAL units) into *out. SC_IMAGE_OK within bounds;
 * SC_IMAGE_TOO_LARGE over them (or over 4096 iloc entries); SC_IMAGE_CORRUPT for boxes that do
 * not parse, a cell coded far larger than its ispe, a grid naming more cells than its rows ×
 * columns or laid out at another size than its ispe, a cycle of references, an image without
 * hvcC or with a VPS/SPS/PPS in its data; SC_IMAGE_UNSUPPORTED for overlays and images that
 * are not HEVC. *out is zeroed unless SC_IMAGE_OK. */
int sc_heic_read_structure(const uint8_t *data, size_t size, const sc_heic_bounds *bounds, sc_heic_structure *out,
                           char *err, size_t err_size);

void sc_image_free(void *pixels);

#ifdef __cplusplus
}
#endif
#endif
