// The eight-window evaluation of haar_cascade.cpp: loads, features, trees and stages for eight
// windows side by side (a row's, without gathers) or anywhere (gathered), and the loops over a
// row's windows and over the survivors. Included by haar_cascade.cpp once per instruction set,
// inside a namespace of its own and with SC_LANES_TARGET naming the target (so no include
// guard): the same source compiled for AVX2, and for AVX2 with AVX-512VL, whose 32 vector
// registers hold the corners of a feature that 16 spill to the stack. Every operation is the
// same in both, so a lane's results are too.

// Eight ints from `p` on, `Step` apart: two loads and a permute for a stride of 2.
template <int Step>
SC_LANES_TARGET inline __m256i load8(const int32_t *p) {
    if (Step == 1) return _mm256_loadu_si256((const __m256i *)p);
    const __m256 a = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)p));
    const __m256 b = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(p + 8)));
    const __m256 even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));  // a0 a2 b0 b2 | a4 a6 b4 b6
    return _mm256_castpd_si256(_mm256_permute4x64_pd(_mm256_castps_pd(even), _MM_SHUFFLE(3, 1, 2, 0)));
}

template <int Step>
SC_LANES_TARGET inline __m256i box_sum8(const int32_t *p, const int corner[4]) {
    const __m256i a = _mm256_sub_epi32(load8<Step>(p + corner[0]), load8<Step>(p + corner[1]));
    return _mm256_add_epi32(_mm256_sub_epi32(a, load8<Step>(p + corner[2])), load8<Step>(p + corner[3]));
}

// An integral-image value for eight windows side by side, `Step` apart from `p` on.
template <int Step>
struct row_boxes {
    const int32_t *p;
    SC_LANES_TARGET __m256i at(int offset) const { return load8<Step>(p + offset); }
};

// An integral-image value for eight windows anywhere, their origins given as offsets into the
// integral images (a gather).
struct scattered_boxes {
    const int32_t *sums;
    __m256i origins;
    SC_LANES_TARGET __m256i at(int offset) const { return _mm256_i32gather_epi32(sums + offset, origins, 4); }
};

// A rectangle's box sums from the feature's distinct corners (int arithmetic, so the same sums).
SC_LANES_TARGET inline __m256i box_from(const __m256i *corners, const uint8_t index[4]) {
    const __m256i a = _mm256_sub_epi32(corners[index[0]], corners[index[1]]);
    return _mm256_add_epi32(_mm256_sub_epi32(a, corners[index[2]]), corners[index[3]]);
}

template <class Boxes>
SC_LANES_TARGET inline __m256 feature_value8(const placed_feature &f, const Boxes &boxes) {
    __m256i corners[12];
    for (int k = 0; k < f.distinct_count; k++) corners[k] = boxes.at(f.distinct[k]);
    const __m256 r0 = _mm256_mul_ps(_mm256_set1_ps(f.weight[0]), _mm256_cvtepi32_ps(box_from(corners, f.corner_index[0])));
    const __m256 r1 = _mm256_mul_ps(_mm256_set1_ps(f.weight[1]), _mm256_cvtepi32_ps(box_from(corners, f.corner_index[1])));
    __m256 value = _mm256_add_ps(r0, r1);
    if (f.weight[2] != 0.0f) {
        value = _mm256_add_ps(value, _mm256_mul_ps(_mm256_set1_ps(f.weight[2]), _mm256_cvtepi32_ps(box_from(corners, f.corner_index[2]))));
    }
    return value;
}

// A lane mask of 8 floats as two masks of 4 doubles.
SC_LANES_TARGET inline void widen(__m256 mask, __m256d &low, __m256d &high) {
    const __m256i m = _mm256_castps_si256(mask);
    low = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(m)));
    high = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm256_extracti128_si256(m, 1)));
}

// Unsigned ints as doubles (OpenCV's unsigned squared sum).
SC_LANES_TARGET inline __m256d unsigned_to_double(__m128i v) {
    const __m256d d = _mm256_cvtepi32_pd(v);
    const __m256d negative = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm_srai_epi32(v, 31)));
    return _mm256_add_pd(d, _mm256_and_pd(negative, _mm256_set1_pd(4294967296.0)));
}

// The leaves of eight windows for one tree (both halves of the lanes).
template <int Nodes, class Boxes>
SC_LANES_TARGET inline void tree8(const plan &pl, const cascade::tree &tr, const Boxes &boxes, __m256 factor, __m256d &low, __m256d &high) {
    const int nodes = Nodes > 0 ? Nodes : tr.node_count;
    __m256d below_low[3], below_high[3];
    for (int n = 0; n < nodes; n++) {
        const cascade::node &nd = pl.nodes[tr.first_node + n];
        const __m256 value = _mm256_mul_ps(feature_value8(pl.features[nd.feature], boxes), factor);
        widen(_mm256_cmp_ps(value, _mm256_set1_ps(nd.threshold), _CMP_LT_OQ), below_low[n], below_high[n]);
    }
    // The leaf of each lane: halve the table of outcomes once per node.
    __m256d l[8], h[8];
    int count = 1 << nodes;
    for (int j = 0; j < count; j++) l[j] = h[j] = _mm256_broadcast_sd(&tr.leaf_by_outcomes[j]);
    for (int n = 0; n < nodes; n++) {
        count /= 2;
        for (int j = 0; j < count; j++) {
            l[j] = _mm256_blendv_pd(l[2 * j], l[2 * j + 1], below_low[n]);
            h[j] = _mm256_blendv_pd(h[2 * j], h[2 * j + 1], below_high[n]);
        }
    }
    low = l[0];
    high = h[0];
}

// One stage for eight windows; bit i set when window i passes it. `Nodes`: every tree's node
// count when the cascade's trees are all alike (0: each tree's own).
template <int Nodes, class Boxes>
SC_LANES_TARGET unsigned stage8(const plan &pl, int si, const Boxes &boxes, __m256 factor) {
    const cascade::stage &st = pl.stages[si];
    __m256d sum_low = _mm256_setzero_pd(), sum_high = _mm256_setzero_pd();
    for (int t = st.first_tree; t < st.first_tree + st.tree_count; t++) {
        __m256d low, high;
        tree8<Nodes>(pl, pl.trees[t], boxes, factor, low, high);
        sum_low = _mm256_add_pd(sum_low, low);
        sum_high = _mm256_add_pd(sum_high, high);
    }
    const __m256d threshold = _mm256_set1_pd((double)st.threshold);
    const unsigned rejected = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(sum_low, threshold, _CMP_LT_OQ)) |
                              ((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(sum_high, threshold, _CMP_LT_OQ)) << 4);
    return ~rejected & 0xffu;
}

template <class Boxes>
SC_LANES_TARGET unsigned stage8(const plan &pl, int si, const Boxes &boxes, __m256 factor) {
    switch (pl.uniform_nodes) {
    case 1: return stage8<1>(pl, si, boxes, factor);
    case 2: return stage8<2>(pl, si, boxes, factor);
    default: return stage8<0>(pl, si, boxes, factor);
    }
}


// One row of window origins, eight windows side by side at a time. Whether OpenCV tries a window
// at all depends on its left neighbour's first stage (a window it rejects skips the next), so the
// first stage runs on all of them and the row's chain is then followed; the windows OpenCV would
// try that pass it go on, side by side while enough survive, then to `waiting[stage]`.
template <int Step>
SC_LANES_TARGET void row_stages(const plan &pl, const level &lv, uint32_t level_index, int row_origin, std::vector<survivors> &waiting) {
    const int n = (lv.positions.width + Step - 1) / Step;
    const __m256d area = _mm256_set1_pd(pl.area);
    const __m256d zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1.0), tenth = _mm256_set1_pd(1e-1);
    alignas(32) float factors[8];
    bool skip = false;
    for (int first = 0; first < n; first += 8) {
        const int count = std::min(8, n - first);
        const int at = row_origin + first * Step;
        const __m256i sum = box_sum8<Step>(pl.sums + at, pl.norm);
        const __m256i squares = box_sum8<Step>(pl.squares + at, pl.norm);
        const __m256d sum_low = _mm256_cvtepi32_pd(_mm256_castsi256_si128(sum));
        const __m256d sum_high = _mm256_cvtepi32_pd(_mm256_extracti128_si256(sum, 1));
        const __m256d nf_low = _mm256_sub_pd(_mm256_mul_pd(area, unsigned_to_double(_mm256_castsi256_si128(squares))),
                                             _mm256_mul_pd(sum_low, sum_low));
        const __m256d nf_high = _mm256_sub_pd(_mm256_mul_pd(area, unsigned_to_double(_mm256_extracti128_si256(squares, 1))),
                                              _mm256_mul_pd(sum_high, sum_high));
        const __m128 factor_low = _mm256_cvtpd_ps(_mm256_div_pd(one, _mm256_sqrt_pd(nf_low)));
        const __m128 factor_high = _mm256_cvtpd_ps(_mm256_div_pd(one, _mm256_sqrt_pd(nf_high)));
        const __m256d valid_low = _mm256_and_pd(_mm256_cmp_pd(nf_low, zero, _CMP_GT_OQ),
                                                _mm256_cmp_pd(_mm256_mul_pd(area, _mm256_cvtps_pd(factor_low)), tenth, _CMP_LT_OQ));
        const __m256d valid_high = _mm256_and_pd(_mm256_cmp_pd(nf_high, zero, _CMP_GT_OQ),
                                                 _mm256_cmp_pd(_mm256_mul_pd(area, _mm256_cvtps_pd(factor_high)), tenth, _CMP_LT_OQ));
        const unsigned valid = ((unsigned)_mm256_movemask_pd(valid_low) | ((unsigned)_mm256_movemask_pd(valid_high) << 4)) &
                               ((1u << count) - 1);
        if (!valid) {
            skip = false;  // a window OpenCV does not evaluate (-1) skips nothing
            continue;
        }
        const __m256 factor = _mm256_set_m128(factor_high, factor_low);
        const row_boxes<Step> boxes{pl.sums + at};
        const unsigned passed = stage8(pl, 0, boxes, factor);
        unsigned alive = 0;
        for (int i = 0; i < count; i++) {
            if (skip) {
                skip = false;
                continue;
            }
            if (!(valid >> i & 1)) continue;
            if (passed >> i & 1) {
                alive |= 1u << i;
            } else {
                skip = true;
            }
        }
        if (!alive) continue;
        int si = 1;
        while (alive && si < pl.stage_count && __builtin_popcount(alive) >= together_at_least) alive &= stage8(pl, si++, boxes, factor);
        if (!alive) continue;
        _mm256_store_ps(factors, factor);
        for (; alive; alive &= alive - 1) {
            const int i = __builtin_ctz(alive);
            waiting[(size_t)si].add(at + i * Step, factors[i], level_index);
        }
    }
}

// Each stage from the second on for the windows waiting for it, eight at a time wherever they
// are; those that pass wait for the next. `waiting[stage_count]` ends with the windows that
// passed every stage.
SC_LANES_TARGET void later_stages(const plan &pl, std::vector<survivors> &waiting) {
    for (int si = 1; si < pl.stage_count; si++) {
        survivors &now = waiting[(size_t)si];
        const size_t count = now.at.size();
        if (count == 0) continue;
        // Lanes past the end repeat the first window; their results are dropped.
        now.at.resize(count + 8, now.at[0]);
        now.factor.resize(count + 8, now.factor[0]);
        survivors &next = waiting[(size_t)si + 1];
        for (size_t first = 0; first < count; first += 8) {
            const __m256i at = _mm256_loadu_si256((const __m256i *)(now.at.data() + first));
            const __m256 factor = _mm256_loadu_ps(now.factor.data() + first);
            unsigned passed = stage8(pl, si, scattered_boxes{pl.sums, at}, factor);
            if (count - first < 8) passed &= (1u << (count - first)) - 1;
            for (; passed; passed &= passed - 1) {
                const size_t i = first + (size_t)__builtin_ctz(passed);
                next.add(now.at[i], now.factor[i], now.level[i]);
            }
        }
    }
}
