// The pixels a search for the darkest and lightest pixel must still weigh, found sixteen at a
// time: the test is on bytes (a pixel's least and greatest colour channel against two bounds),
// which the compilers vectorise, where weighing a pixel takes three table lookups.
#include "sc_raster_kernels.h"
#include "sc_target_clones.h"

// A pixel the same as the darkest or the lightest so far has its luminance, so it replaces
// neither (a tie keeps the first); a flat ground is weighed once, not pixel by pixel.
static inline int sc_may_be_extreme(uint32_t pixel, uint32_t dark_bound, uint32_t light_bound, uint32_t darkest, uint32_t lightest) {
    const uint32_t r = pixel >> 16 & 0xff, g = pixel >> 8 & 0xff, b = pixel & 0xff;
    const uint32_t least = r < g ? (r < b ? r : b) : (g < b ? g : b);
    const uint32_t greatest = r > g ? (r > b ? r : b) : (g > b ? g : b);
    return ((least <= dark_bound) | (greatest >= light_bound)) & (pixel != darkest) & (pixel != lightest);
}

SC_CLONES
ptrdiff_t sc_next_extreme_candidate(const uint32_t *pixels, ptrdiff_t count, uint32_t dark_bound, uint32_t light_bound,
                                    uint32_t darkest, uint32_t lightest) {
    ptrdiff_t i = 0;
    // Whole groups first, with no exit inside one (so the group's test vectorises); the group
    // holding a candidate is then looked through one pixel at a time below.
    for (; i + 16 <= count; i += 16) {
        int any = 0;
        for (int k = 0; k < 16; k++) any |= sc_may_be_extreme(pixels[i + k], dark_bound, light_bound, darkest, lightest);
        if (any) break;
    }
    for (; i < count; i++) {
        if (sc_may_be_extreme(pixels[i], dark_bound, light_bound, darkest, lightest)) return i;
    }
    return count;
}
