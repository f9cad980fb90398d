// The C boundary of the face libraries (libsharecard-faces.so and libsharecard-faces-opencv.so):
// C++ inside, C callers outside, so no exception may cross. Each entry point runs its body
// through `sc_boundary::guarded`.
#pragma once

#include <cstddef>
#include <cstdio>
#include <exception>

namespace sc_boundary {

// Copies `message` into the caller's buffer of err_size bytes, cut to fit and NUL-terminated;
// nothing when the caller gave none.
inline void set_error(char *err, size_t err_size, const char *message) noexcept {
    if (err && err_size > 0) std::snprintf(err, err_size, "%s", message);
}

// Runs an entry point's body: an exception becomes -1 with its message in err (`what` says
// what was under way, for an exception that carries no message).
template <typename Body>
int guarded(char *err, size_t err_size, const char *what, Body &&body) noexcept {
    try {
        return body();
    } catch (const std::exception &e) {
        set_error(err, err_size, e.what());
    } catch (...) {
        char message[128];
        std::snprintf(message, sizeof message, "unknown C++ exception %s", what);
        set_error(err, err_size, message);
    }
    return -1;
}

}  // namespace sc_boundary
