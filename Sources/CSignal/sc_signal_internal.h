#ifndef SC_SIGNAL_INTERNAL_H
#define SC_SIGNAL_INTERNAL_H
/* Shared by sc_signal.c and sc_cleanup.c; not part of the target's interface. */

/* 1 when SIGINT is ignored now: as whoever started the process left it (a background job of a
 * shell without job control, nohup), since neither file's installer puts a handler over it.
 * POSIX utilities leave such an interrupt ignored, and so does every command here. */
int sc_interrupt_is_ignored(void);

#endif
