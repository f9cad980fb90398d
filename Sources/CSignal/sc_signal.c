#define _GNU_SOURCE /* pipe2 */
#include "sc_signal.h"
#include "sc_signal_internal.h"

#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static pthread_once_t sc_signal_once = PTHREAD_ONCE_INIT;
/* Bit n - 1 set: signal n is watched. */
static _Atomic uint64_t sc_signal_watched = 0;
static int sc_signal_pipe[2] = {-1, -1};
static int sc_signal_pipe_error = 0;

static void sc_signal_open_pipe(void) {
    /* The write end never blocks: a full pipe (64 KiB of unread signals) drops the number,
     * which the reader has many copies of already. */
    if (pipe2(sc_signal_pipe, O_CLOEXEC) != 0 ||
        fcntl(sc_signal_pipe[1], F_SETFL, O_NONBLOCK) != 0) {
        sc_signal_pipe_error = errno != 0 ? errno : EIO;
        sc_signal_pipe[0] = sc_signal_pipe[1] = -1;
    }
}

static void sc_signal_handler(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    ssize_t written;
    do {
        written = write(sc_signal_pipe[1], &byte, 1);
    } while (written < 0 && errno == EINTR);
    errno = saved;
}

int sc_interrupt_is_ignored(void) {
    struct sigaction current;
    return sigaction(SIGINT, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

int32_t sc_signal_watch(int32_t number) {
    if (number <= 0 || number > 255) {
        errno = EINVAL;
        return -1;
    }
    pthread_once(&sc_signal_once, sc_signal_open_pipe);
    if (sc_signal_pipe[1] < 0) {
        errno = sc_signal_pipe_error;
        return -1;
    }
    if (number == SIGINT && sc_interrupt_is_ignored()) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = sc_signal_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(number, &action, NULL) != 0) return -1;
    if (number <= 64) atomic_fetch_or(&sc_signal_watched, (uint64_t)1 << (number - 1));
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, number);
    errno = pthread_sigmask(SIG_BLOCK, &set, NULL);
    return errno == 0 ? 0 : -1;
}

int32_t sc_signal_wait(void) {
    pthread_once(&sc_signal_once, sc_signal_open_pipe);
    if (sc_signal_pipe[0] < 0) {
        errno = sc_signal_pipe_error;
        return -1;
    }
    /* This thread takes the watched signals that the watching threads block. */
    uint64_t watched = atomic_load(&sc_signal_watched);
    sigset_t set;
    sigemptyset(&set);
    for (int n = 1; n <= 64; n++)
        if (watched & ((uint64_t)1 << (n - 1))) sigaddset(&set, n);
    if (pthread_sigmask(SIG_UNBLOCK, &set, NULL) != 0) return -1;
    for (;;) {
        unsigned char byte;
        ssize_t n = read(sc_signal_pipe[0], &byte, 1);
        if (n == 1) return byte;
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) errno = EPIPE;
        return -1;
    }
}
