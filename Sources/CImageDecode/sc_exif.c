#include "sc_image_internal.h"

#include "sc_photo_libraries.h"
#include <stdlib.h>
#include <string.h>

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
    int orientation = 1;
    ExifData *data = sc_exif.exif_data_new_from_data(bytes, (unsigned int)length);
    if (data) {
        ExifEntry *entry = sc_exif.exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
        if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->data && entry->size >= 2) {
            int value = sc_exif.exif_get_short(entry->data, sc_exif.exif_data_get_byte_order(data));
            if (value >= 1 && value <= 8) orientation = value;
        }
        sc_exif.exif_data_unref(data);
    }
    free(copy);
    return orientation;
}
