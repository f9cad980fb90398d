#ifndef SC_SIGNAL_H
#define SC_SIGNAL_H
/* Signals delivered as data. A real sigaction handler writes the signal's number into a
 * process-wide pipe (write(2) is async-signal-safe), and one ordinary thread reads the numbers
 * with sc_signal_wait. Unlike a signal set to SIG_IGN and watched through signalfd or a
 * dispatch source, no signal is lost to a thread that does not block it (a sanitizer's own
 * threads, a library's): whichever thread takes it runs the handler.
 *
 * The thread that watches a signal also blocks it (and so do the threads it starts
 * afterwards), and the reading thread unblocks it: a signal sent to the process then goes to
 * the reading thread, which sits in read(2). That matters under ThreadSanitizer, which runs a
 * handler only when the thread that took the signal next enters an intercepted call — never,
 * for a thread waiting in an uninstrumented library (a futex inside libdispatch).
 *
 * Commands that only write files need no such thread: sc_cleanup.h's plain handler removes
 * their temporary files and exits. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Installs the handler for `number` (SA_RESTART) and blocks the signal in the calling thread.
 * Returns 0, or -1 with errno set (no pipe, or sigaction refused the signal). Calling it again
 * for the same signal is harmless. SIGINT ignored when this is called is left ignored (and 0
 * returned): what a shell does for a background job, or nohup, is kept. A signal sent to a
 * thread that blocks it (raise(3)) stays pending there: send it to the process (kill(2)). */
int32_t sc_signal_watch(int32_t number);

/* Unblocks every watched signal in the calling thread, then blocks until one has arrived; returns its number, or -1 with errno set when
 * the pipe cannot be read. Signals of one kind that arrive faster than they are read may be
 * merged, as the kernel merges pending signals. */
int32_t sc_signal_wait(void);

#ifdef __cplusplus
}
#endif
#endif
