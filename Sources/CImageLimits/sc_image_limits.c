#include "sc_image_limits.h"

#include <stdio.h>

int sc_declared_size_excess(const char *format, uint32_t w, uint32_t h, uint32_t max_w, uint32_t max_h, uint64_t max_pixels,
                            char *message, size_t message_size) {
    if (w > max_w || h > max_h) {
        const int wide = w > max_w;
        const char *which = max_w == max_h ? "a side" : wide ? "wide" : "high";
        if (message && message_size > 0) {
            snprintf(message, message_size, "%s declares %u×%u pixels, over the limit of %u pixels %s", format, w, h,
                     wide ? max_w : max_h, which);
        }
        return 1;
    }
    const uint64_t pixels = (uint64_t)w * h;
    if (pixels > max_pixels) {
        if (message && message_size > 0) {
            snprintf(message, message_size, "%s declares %u×%u pixels, %llu in all, over the limit of %llu in all", format, w, h,
                     (unsigned long long)pixels, (unsigned long long)max_pixels);
        }
        return 1;
    }
    return 0;
}
