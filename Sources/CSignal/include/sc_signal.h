#ifndef SC_SIGNAL_H
#define SC_SIGNAL_H
/* Signals delivered as data. A real sigaction handler writes the signal's number into a
 * process-wide pipe (write(2) is async-signal-safe), and one ordinary thread reads the numbers
 * with sc_signal_wait. Unlike a signal set to SIG_IGN and watched through signalfd or a
 * dispatch source, this does not depend on which thread the kernel picks or on any thread's
 * signal mask, so no signal is lost to a thread that does not block it (a sanitizer's own
 * threads, a library's). */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Installs the handler for `number` (SA_RESTART). Returns 0, or -1 with errno set (no pipe,
 * or sigaction refused the signal). Calling it again for the same signal is harmless. */
int32_t sc_signal_watch(int32_t number);

/* Blocks until a watched signal has arrived; returns its number, or -1 with errno set when
 * the pipe cannot be read. Signals of one kind that arrive faster than they are read may be
 * merged, as the kernel merges pending signals. */
int32_t sc_signal_wait(void);

#ifdef __cplusplus
}
#endif
#endif
