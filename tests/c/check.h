/*
** check.h: the tiny assertion kit shared by the C tests (test_abi.c,
** test_viewport.c). Include it once, after canvas.h, from a single .c file:
** it defines the pass/fail counters as statics of that file.
**
** CHECK(cond), CHECK_CLOSE(got, want), CHECK_STATUS(expr, status),
** CHECK_OK(expr), CHECK_STR(got, want), CHECK_MESSAGE(got),
** CHECK_RECT(got, x, y, w, h), CHECK_SIZE(got, w, h); RUN(test) runs one
** test function and prints "ok" or "FAIL" with its name. main prints
** "N passed, M failed" from the counters `passed` and `failed`.
*/
#ifndef CANVAS_TEST_CHECK_H
#define CANVAS_TEST_CHECK_H

#include "canvas.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* A tiny assertion kit                                                      */
/* ------------------------------------------------------------------------ */

static int passed;
static int failed;
static const char *current_test = "?";

static void record(int ok, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5), unused));

static void record(int ok, const char *file, int line, const char *fmt, ...) {
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL %s:%d [%s] ", file, line, current_test);
    va_list args;
    va_start(args, fmt);
    vprintf(fmt, args);
    va_end(args);
    printf("\n");
    fflush(stdout);
}

#define CHECK(cond) record(!!(cond), __FILE__, __LINE__, "%s", #cond)

__attribute__((unused)) static int close_enough(double got, double want) {
    if (isnan(got) || isnan(want)) return 0;
    return fabs(got - want) <= 1e-9 * fmax(1.0, fabs(want));
}

#define CHECK_CLOSE(got, want)                                                 \
    do {                                                                       \
        double got_ = (got), want_ = (want);                                   \
        record(close_enough(got_, want_), __FILE__, __LINE__,                  \
               "%s = %.17g, expected %.17g", #got, got_, want_);               \
    } while (0)

__attribute__((unused)) static const char *status_name(int status) {
    switch (status) {
    case CANVAS_OK: return "CANVAS_OK";
    case CANVAS_ERR_NULL: return "CANVAS_ERR_NULL";
    case CANVAS_ERR_INVALID_ARGUMENT: return "CANVAS_ERR_INVALID_ARGUMENT";
    case CANVAS_ERR_NON_FINITE: return "CANVAS_ERR_NON_FINITE";
    case CANVAS_ERR_CALLBACK: return "CANVAS_ERR_CALLBACK";
    case CANVAS_ERR_BUFFER_TOO_SMALL: return "CANVAS_ERR_BUFFER_TOO_SMALL";
    case CANVAS_ERR_BAD_LAYOUT: return "CANVAS_ERR_BAD_LAYOUT";
    case CANVAS_ERR_BUSY: return "CANVAS_ERR_BUSY";
    case CANVAS_ERR_NOT_FOUND: return "CANVAS_ERR_NOT_FOUND";
    case CANVAS_ERR_NO_MEMORY: return "CANVAS_ERR_NO_MEMORY";
    default: return "(unknown)";
    }
}

#define CHECK_STATUS(expr, want)                                               \
    do {                                                                       \
        int got_ = (expr), want_ = (want);                                     \
        record(got_ == want_, __FILE__, __LINE__, "%s returned %d %s, expected %d %s", \
               #expr, got_, status_name(got_), want_, status_name(want_));     \
    } while (0)

#define CHECK_OK(expr) CHECK_STATUS(expr, CANVAS_OK)

#define CHECK_STR(got, want)                                                   \
    do {                                                                       \
        const char *got_ = (got), *want_ = (want);                             \
        record(got_ != NULL && strcmp(got_, want_) == 0, __FILE__, __LINE__,   \
               "%s = \"%s\", expected \"%s\"", #got, got_ ? got_ : "(NULL)", want_); \
    } while (0)

/* A string holding `want`. */
#define CHECK_CONTAINS(got, want)                                              \
    do {                                                                       \
        const char *got_ = (got), *want_ = (want);                             \
        record(got_ != NULL && strstr(got_, want_) != NULL, __FILE__, __LINE__, \
               "%s = \"%s\", expected it to contain \"%s\"", #got, got_ ? got_ : "(NULL)", want_); \
    } while (0)

/* A non-NULL, non-empty string. */
#define CHECK_MESSAGE(got)                                                     \
    do {                                                                       \
        const char *got_ = (got);                                              \
        record(got_ != NULL && got_[0] != '\0', __FILE__, __LINE__,            \
               "%s is %s, expected a message", #got, got_ ? "\"\"" : "NULL");  \
    } while (0)

__attribute__((unused)) static int rect_close(canvas_rect r, double x, double y, double w, double h) {
    return close_enough(r.x, x) && close_enough(r.y, y) &&
           close_enough(r.width, w) && close_enough(r.height, h);
}

#define CHECK_RECT(got, wx, wy, ww, wh)                                        \
    do {                                                                       \
        canvas_rect r_ = (got);                                                \
        record(rect_close(r_, (wx), (wy), (ww), (wh)), __FILE__, __LINE__,     \
               "%s = {%g, %g, %g, %g}, expected {%g, %g, %g, %g}", #got,       \
               r_.x, r_.y, r_.width, r_.height,                                \
               (double)(wx), (double)(wy), (double)(ww), (double)(wh));        \
    } while (0)

#define CHECK_SIZE(got, ww, wh)                                                \
    do {                                                                       \
        canvas_size s_ = (got);                                                \
        record(close_enough(s_.width, (ww)) && close_enough(s_.height, (wh)),  \
               __FILE__, __LINE__, "%s = {%g, %g}, expected {%g, %g}", #got,   \
               s_.width, s_.height, (double)(ww), (double)(wh));               \
    } while (0)

#define RUN(test)                                                              \
    do {                                                                       \
        current_test = #test;                                                  \
        int failed_before_ = failed;                                           \
        test();                                                                \
        printf("%s %s\n", failed == failed_before_ ? "ok  " : "FAIL", #test);  \
        fflush(stdout);                                                        \
    } while (0)

/* Small constructors shared by the tests. */
static inline canvas_size size2(double w, double h) {
    canvas_size s = {w, h};
    return s;
}

static inline canvas_point point2(double x, double y) {
    canvas_point p = {x, y};
    return p;
}

#endif /* CANVAS_TEST_CHECK_H */
