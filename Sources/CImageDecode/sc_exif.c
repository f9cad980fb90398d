#include "sc_image_internal.h"

#include "sc_photo_libraries.h"
#include <stdlib.h>
#include <string.h>

static uint32_t tiff_u16(const uint8_t *p, int little) {
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static uint32_t tiff_u32(const uint8_t *p, int little) {
    return little ? tiff_u16(p, 1) | tiff_u16(p + 2, 1) << 16 : tiff_u16(p, 0) << 16 | tiff_u16(p + 2, 0);
}

/* Orientation (tag 0x0112, one SHORT) read straight from IFD0 of the TIFF structure at
 * `tiff`, or 0 when there is none. For an IFD0 libexif gives up on: one whose entries are out
 * of the order TIFF requires, with a pointer past the data before Orientation, ends its
 * reading there, and the photo would be drawn sideways (Pillow and browsers read it). */
static int orientation_from_ifd0(const uint8_t *tiff, size_t size) {
    if (size < 8) return 0;
    int little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 0;
    if (tiff_u16(tiff + 2, little) != 42) return 0;
    uint32_t ifd = tiff_u32(tiff + 4, little);
    if (ifd < 8 || ifd > size - 2) return 0;
    uint32_t count = tiff_u16(tiff + ifd, little);
    for (uint32_t i = 0; i < count; i++) {
        size_t at = (size_t)ifd + 2 + 12 * (size_t)i;
        if (at + 12 > size) break;
        const uint8_t *entry = tiff + at;
        if (tiff_u16(entry, little) != 0x0112) continue;
        if (tiff_u16(entry + 2, little) != 3 || tiff_u32(entry + 4, little) < 1) return 0;
        uint32_t value = tiff_u16(entry + 8, little);
        return value >= 1 && value <= 8 ? (int)value : 0;
    }
    return 0;
}

int sc_exif_orientation(const uint8_t *exif, size_t size) {
    if (!exif || size < 8 || size > 0x7FFFFFF0) return 1;
    /* libexif wants the "Exif\0\0" header that JPEG APP1 carries; WebP's EXIF chunk may
     * start straight at the TIFF header. */
    static const uint8_t header[6] = {'E', 'x', 'i', 'f', 0, 0};
    uint8_t *copy = NULL;
    const uint8_t *bytes = exif;
    size_t length = size;
    if (memcmp(exif, header, 6) != 0) {
        copy = (uint8_t *)malloc(size + 6);
        if (!copy) return 1;
        memcpy(copy, header, 6);
        memcpy(copy + 6, exif, size);
        bytes = copy;
        length = size + 6;
    }
    int orientation = 1, found = 0;
    ExifData *data = sc_exif.exif_data_new_from_data(bytes, (unsigned int)length);
    if (data) {
        ExifEntry *entry = sc_exif.exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->data && entry->size >= 2) {
            int value = sc_exif.exif_get_short(entry->data, sc_exif.exif_data_get_byte_order(data));
            if (value >= 1 && value <= 8) orientation = value;
            found = 1;
        }
        sc_exif.exif_data_unref(data);
    }
    if (!found) {
        int direct = orientation_from_ifd0(bytes + 6, length - 6);
        if (direct) orientation = direct;
    }
    free(copy);
    return orientation;
}
