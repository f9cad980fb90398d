#ifndef SC_CLEANUP_H
#define SC_CLEANUP_H
/* Temporary files removed when SIGINT or SIGTERM ends the process, without a thread.
 *
 * A temporary file is created, renamed into place or removed only through these calls, which
 * record its path in a fixed table of slots. sc_cleanup_exit (called by the handler that
 * sc_cleanup_install puts on SIGINT and SIGTERM, or by a thread that handles the signals
 * itself) closes a gate so that no create, rename or removal starts any more, waits for those
 * under way in other threads to finish, removes every recorded file and calls _exit(128 + the
 * signal): after it, no temporary file remains and none is renamed into place.
 *
 * Each create, rename and removal runs with SIGINT and SIGTERM blocked in its thread, so the
 * handler never interrupts one half-done on the same thread (it runs when the call returns),
 * and the handler touches only atomics, the table and async-signal-safe calls (unlink,
 * nanosleep, _exit). Paths are copied before the gate is entered; the copy is freed after. */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Slots in the table: as many temporary files may exist at once. */
#define SC_CLEANUP_SLOTS 1024

/* Puts the cleanup handler on SIGINT and SIGTERM (not on a SIGINT ignored when it is called,
 * which stays ignored). Returns 0, or -1 with errno set. */
int32_t sc_cleanup_install(void);

/* open(path, flags | O_CREAT | O_EXCL, mode), recorded for removal. Returns the descriptor and
 * stores the slot in *slot, or returns -1 with errno set: open's error, ENOMEM, EMFILE when
 * every slot is taken, ECANCELED once the process is exiting (nothing was created). */
int32_t sc_cleanup_create(const char *path, int32_t flags, uint32_t mode, int32_t *slot);

/* rename(the slot's path, target) and forgets the slot; a file that could not be renamed is
 * removed. Returns 0, rename's errno, or ECANCELED once the process is exiting (nothing
 * was renamed; the exiting thread removes the file). */
int32_t sc_cleanup_commit(int32_t slot, const char *target);

/* Removes the slot's file and forgets the slot (once exiting, the exiting thread removes it). */
void sc_cleanup_discard(int32_t slot);

/* Removes every recorded file and ends the process with status 128 + signal, as described
 * above. Async-signal-safe. */
_Noreturn void sc_cleanup_exit(int32_t signal);

#ifdef __cplusplus
}
#endif
#endif
