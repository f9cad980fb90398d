// cv::parallel_for_ with its hand-offs told to ThreadSanitizer. OpenCV's pool orders a loop's
// work after what its caller wrote and before what its caller reads when the loop returns, but
// the pool is not instrumented, so under ThreadSanitizer each such read looked like a race
// (240 reports in the face tests). The loop below says so with __tsan_release/__tsan_acquire,
// which are no-ops in other builds. Internal to CFaces.
#ifndef SC_PARALLEL_LOOP_HPP
#define SC_PARALLEL_LOOP_HPP

#include <opencv2/core/utility.hpp>

#if defined(__SANITIZE_THREAD__)
#define SC_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SC_TSAN 1
#endif
#endif

#ifdef SC_TSAN
extern "C" void __tsan_acquire(void *address);
extern "C" void __tsan_release(void *address);
#endif

namespace sc_parallel {

// Runs body(range) over parts of `range` on OpenCV's threads, as cv::parallel_for_(range, body,
// stripes) does, and returns when every part has run.
template <class Body>
void for_each(const cv::Range &range, const Body &body, double stripes = -1.) {
    class loop final : public cv::ParallelLoopBody {
    public:
        explicit loop(const Body &body) : body_(body) {}
        void operator()(const cv::Range &part) const override {
            handed_over();
            body_(part);
            handing_over();
        }
        // What happened before a release is seen by whoever acquires the same address after it.
        void handing_over() const {
#ifdef SC_TSAN
            __tsan_release(const_cast<loop *>(this));
#endif
        }
        void handed_over() const {
#ifdef SC_TSAN
            __tsan_acquire(const_cast<loop *>(this));
#endif
        }

    private:
        const Body &body_;
    };
    const loop work(body);
    work.handing_over();
    cv::parallel_for_(range, work, stripes);
    work.handed_over();
}

}  // namespace sc_parallel

#endif
