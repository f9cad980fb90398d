/* Thread priority for the threads beside libmicrohttpd's (the render workers). */
#include "sc_httpd_internal.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int32_t sc_httpd_lower_thread_priority(int32_t niceness) {
    id_t thread = (id_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, thread);
    if (current == -1 && errno != 0) return -1;
    int wanted = current + niceness > 19 ? 19 : current + niceness;
    return setpriority(PRIO_PROCESS, thread, wanted) == 0 ? 0 : -1;
}
