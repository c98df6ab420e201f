/*
** common.h: what every C bench shares: a monotonic clock, a seeded
** generator (SplitMix64, as Sources/canvas-bench uses), medians, and a
** checked-call macro for the Canvas ABI.
**
** Benches print one JSON object on stdout; bench/run.py reads it.
*/
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#ifndef _GNU_SOURCE  /* g++ defines it already */
#define _GNU_SOURCE
#endif
#include <stdint.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canvas.h"

static inline double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A field of /proc/self/status in KiB ("VmHWM" is the peak resident size), or -1. */
/* Bytes in use on the heap (glibc's mallinfo2: small blocks and mmapped ones). */
static inline size_t heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

static inline long status_kib(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long value = -1;
    size_t length = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, length) == 0 && line[length] == ':') {
            value = strtol(line + length + 1, NULL, 10);
            break;
        }
    fclose(f);
    return value;
}

typedef struct rng { uint64_t state; } rng;

static inline uint64_t rng_next(rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [low, high). */
static inline double rng_uniform(rng *r, double low, double high) {
    return low + (double)(rng_next(r) >> 11) * 0x1p-53 * (high - low);
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of count values (the upper one for an even count); sorts them. */
static inline double median(double *values, size_t count) {
    qsort(values, count, sizeof *values, compare_doubles);
    return values[count / 2];
}

/* Aborts with the engine's message when a Canvas call fails: a bench that
   measured a failing call would be measuring nothing. */
#define CHECK(engine, call)                                                        \
    do {                                                                           \
        canvas_status status_ = (call);                                            \
        if (status_ != CANVAS_OK) {                                                \
            fprintf(stderr, "%s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__,     \
                    #call, canvas_status_string(status_),                          \
                    canvas_engine_last_error(engine));                             \
            exit(1);                                                               \
        }                                                                          \
    } while (0)

static inline void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

#endif
