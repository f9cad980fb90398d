#include "sc_cleanup.h"
#include "sc_signal_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h> /* rename */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A recorded path (malloc'ed), or NULL for a free slot; claimed by compare-and-swap. */
static _Atomic(char *) sc_cleanup_paths[SC_CLEANUP_SLOTS];

/* The top bit closes the gate (exiting); the others count the operations under way. */
#define SC_CLEANUP_EXITING (UINT32_C(1) << 31)
static _Atomic uint32_t sc_cleanup_gate = 0;

/* Blocks SIGINT and SIGTERM in this thread and counts one operation under way, unless the
 * process is exiting (then restores the mask and returns -1). */
static int sc_cleanup_enter(sigset_t *saved) {
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, saved);
    uint32_t gate = atomic_load(&sc_cleanup_gate);
    do {
        if (gate & SC_CLEANUP_EXITING) {
            pthread_sigmask(SIG_SETMASK, saved, NULL);
            return -1;
        }
    } while (!atomic_compare_exchange_weak(&sc_cleanup_gate, &gate, gate + 1));
    return 0;
}

/* Ends the operation; a signal that arrived meanwhile is handled as the mask is restored. */
static void sc_cleanup_leave(const sigset_t *saved) {
    int saved_errno = errno;
    atomic_fetch_sub(&sc_cleanup_gate, 1);
    pthread_sigmask(SIG_SETMASK, saved, NULL);
    errno = saved_errno;
}

_Noreturn void sc_cleanup_exit(int32_t signal) {
    atomic_fetch_or(&sc_cleanup_gate, SC_CLEANUP_EXITING);
    /* Operations under way run in other threads (this one blocks the signals while in one):
     * a create, a rename or an unlink, each a single system call. */
    const struct timespec pause = {0, 100 * 1000};
    while ((atomic_load(&sc_cleanup_gate) & ~SC_CLEANUP_EXITING) != 0) nanosleep(&pause, NULL);
    for (int i = 0; i < SC_CLEANUP_SLOTS; i++) {
        char *path = atomic_load(&sc_cleanup_paths[i]);
        if (path != NULL) unlink(path);
    }
    _exit(128 + signal);
}

static void sc_cleanup_handler(int number) { sc_cleanup_exit(number); }

int32_t sc_cleanup_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sc_cleanup_handler;
    /* One handler at a time per thread: SIGTERM during SIGINT's cleanup waits for its _exit. */
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    if ((!sc_interrupt_is_ignored() && sigaction(SIGINT, &action, NULL) != 0) || sigaction(SIGTERM, &action, NULL) != 0) return -1;
    return 0;
}

int32_t sc_cleanup_create(const char *path, int32_t flags, uint32_t mode, int32_t *slot) {
    char *copy = strdup(path);
    if (copy == NULL) {
        errno = ENOMEM;
        return -1;
    }
    sigset_t saved;
    if (sc_cleanup_enter(&saved) != 0) {
        free(copy);
        errno = ECANCELED;
        return -1;
    }
    int index = -1;
    for (int i = 0; i < SC_CLEANUP_SLOTS && index < 0; i++) {
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&sc_cleanup_paths[i], &expected, copy)) index = i;
    }
    int fd = -1, error = EMFILE;
    if (index >= 0) {
        /* O_EXCL: a file recorded here is one this call created, never someone else's. */
        fd = open(copy, flags | O_CREAT | O_EXCL, (mode_t)mode);
        error = errno;
        if (fd < 0) atomic_store(&sc_cleanup_paths[index], NULL);
    }
    sc_cleanup_leave(&saved);
    if (fd < 0) {
        free(copy);
        errno = error;
        return -1;
    }
    *slot = index;
    return fd;
}

/* The slot's path, or NULL for a slot number that records nothing. */
static char *sc_cleanup_path(int32_t slot) {
    if (slot < 0 || slot >= SC_CLEANUP_SLOTS) return NULL;
    return atomic_load(&sc_cleanup_paths[slot]);
}

int32_t sc_cleanup_commit(int32_t slot, const char *target) {
    char *path = sc_cleanup_path(slot);
    if (path == NULL) return EINVAL;
    sigset_t saved;
    if (sc_cleanup_enter(&saved) != 0) return ECANCELED;
    int error = rename(path, target) == 0 ? 0 : errno;
    if (error != 0) unlink(path);
    atomic_store(&sc_cleanup_paths[slot], NULL);
    sc_cleanup_leave(&saved);
    free(path);
    return error;
}

void sc_cleanup_discard(int32_t slot) {
    char *path = sc_cleanup_path(slot);
    if (path == NULL) return;
    sigset_t saved;
    if (sc_cleanup_enter(&saved) != 0) return;
    unlink(path);
    atomic_store(&sc_cleanup_paths[slot], NULL);
    sc_cleanup_leave(&saved);
    free(path);
}
