/*
** thread_counter.h: this thread's CPU time and, where the kernel lets a
** process count its own instructions (perf_event_open, user space only),
** its instructions: under load the counts are what to compare. Shared by
** links_zoom.c and links_edits.c.
*/
#ifndef BENCH_THREAD_COUNTER_H
#define BENCH_THREAD_COUNTER_H

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static inline double thread_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* User-space instructions of this thread; -1 where perf events are not allowed. */
static int counter = -1;
static inline void counter_open(void) {
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    counter = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}
static inline double counter_read(void) {
    long long v = 0;
    if (counter < 0 || read(counter, &v, sizeof v) != (ssize_t)sizeof v) return -1;
    return (double)v;
}

#endif
