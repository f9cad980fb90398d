// SC_CLONES builds a function twice on x86-64 (AVX2 and the baseline) and lets the loader
// pick one for the machine (target_clones); elsewhere it is empty. The arithmetic, and so
// every result, is the same in both builds. Not under ThreadSanitizer: the loader runs the
// clone's resolver before the sanitizer's runtime is set up, and the instrumented resolver
// crashes every program at start.
#ifndef SC_TARGET_CLONES_H
#define SC_TARGET_CLONES_H

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SC_CLONES
#endif
#endif
#if !defined(SC_CLONES) && defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define SC_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef SC_CLONES
#define SC_CLONES
#endif

#endif
