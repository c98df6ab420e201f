/*
** test_viewport.c: exercises the viewport, culling, sizing, backdrop, zoom,
** pinch and selection parts of libcanvas.so through include/canvas.h only,
** the way a C host would.
**
** Every expected number is worked out by hand from the rules in the header;
** the comments show the arithmetic. Most tests use the "tile canvas": 100
** items of 100 x 100 in a 10-column grid with no spacing and no margins, so
** the item at data position p (id p + 1 unless the test gives ids) sits at
** (100 * (p % 10), 100 * (p / 10)) and the content is 1000 x 1000.
**
** Pinches are driven through `recognizer`, a test double that behaves like
** UIKit's UIPinchGestureRecognizer: its scale is cumulative since the
** gesture began (the ratio of finger spreads) and writing the scale rebases
** its reference, exactly as `recognizer.scale = 1` does in UIKit.
**
** The last line printed is "N passed, M failed"; the exit code is 0 only
** when nothing failed.
*/
#define _POSIX_C_SOURCE 200809L

#include "canvas.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ------------------------------------------------------------------------ */
/* Small constructors                                                        */
/* ------------------------------------------------------------------------ */

static canvas_rect rect4(double x, double y, double w, double h) {
    canvas_rect r = {x, y, w, h};
    return r;
}

static const canvas_point TOP_LEFT = {0, 0};
static const canvas_point CENTER = {0.5, 0.5};
static const canvas_point BOTTOM_RIGHT = {1, 1};

/* ------------------------------------------------------------------------ */
/* Id lists: what the copy functions return, compared with expected lists   */
/* ------------------------------------------------------------------------ */

#define MAX_IDS 256

typedef struct id_list {
    int status;
    size_t count;
    uint64_t ids[MAX_IDS];
} id_list;

typedef canvas_status (*copy_ids_fn)(const canvas_engine *, uint64_t *, size_t, size_t *);

static id_list copy_list(const canvas_engine *e, copy_ids_fn copy) {
    id_list list;
    memset(&list, 0, sizeof list);
    list.status = copy(e, list.ids, MAX_IDS, &list.count);
    return list;
}

static id_list visible(const canvas_engine *e) { return copy_list(e, canvas_copy_visible); }
static id_list appeared(const canvas_engine *e) { return copy_list(e, canvas_copy_appeared); }
static id_list disappeared(const canvas_engine *e) { return copy_list(e, canvas_copy_disappeared); }
static id_list selection(const canvas_engine *e) { return copy_list(e, canvas_copy_selection); }

static id_list query(const canvas_engine *e, canvas_rect rect) {
    id_list list;
    memset(&list, 0, sizeof list);
    list.status = canvas_query(e, rect, list.ids, MAX_IDS, &list.count);
    return list;
}

static void print_ids(const uint64_t *ids, size_t n) {
    printf("[");
    for (size_t i = 0; i < n; i++) printf("%s%llu", i ? ", " : "", (unsigned long long)ids[i]);
    printf("]");
}

static void check_ids_at(const char *file, int line, const char *what, id_list got,
                         const uint64_t *want, size_t n) {
    int same = got.status == CANVAS_OK && got.count == n;
    for (size_t i = 0; same && i < n; i++) same = got.ids[i] == want[i];
    record(same, file, line, "%s (status %s) differs from the expected list:", what,
           status_name(got.status));
    if (!same) {
        printf("    got      ");
        print_ids(got.ids, got.count < MAX_IDS ? got.count : MAX_IDS);
        printf("\n    expected ");
        print_ids(want, n);
        printf("\n");
    }
}

/* CHECK_IDS(visible(e), 1, 2, 3): the list, in that order. */
#define CHECK_IDS(list, ...)                                                   \
    do {                                                                       \
        const uint64_t want_[] = {__VA_ARGS__};                                \
        check_ids_at(__FILE__, __LINE__, #list, (list), want_,                 \
                     sizeof want_ / sizeof want_[0]);                          \
    } while (0)

/* CHECK_NO_IDS(appeared(e)): an empty list. */
#define CHECK_NO_IDS(list) check_ids_at(__FILE__, __LINE__, #list, (list), NULL, 0)

/* ------------------------------------------------------------------------ */
/* Engine helpers                                                            */
/* ------------------------------------------------------------------------ */

static canvas_rect viewport(const canvas_engine *e) {
    canvas_rect r = {-1, -1, -1, -1};
    CHECK_OK(canvas_get_viewport(e, &r));
    return r;
}

static double zoom(const canvas_engine *e) {
    double scale = -1;
    CHECK_OK(canvas_get_zoom(e, &scale));
    return scale;
}

static canvas_size content_size(const canvas_engine *e) {
    canvas_size s = {-1, -1};
    CHECK_OK(canvas_get_content_size(e, &s));
    return s;
}

static canvas_rect frame_at(const canvas_engine *e, size_t position) {
    canvas_rect frames[MAX_IDS];
    size_t n = 0;
    CHECK_OK(canvas_copy_frames(e, frames, MAX_IDS, &n));
    if (position >= n) return rect4(NAN, NAN, NAN, NAN);
    return frames[position];
}

/* The id at a content point, or 0 when nothing is there. */
static uint64_t hit(const canvas_engine *e, double x, double y) {
    uint64_t id = 0;
    int found = -1;
    CHECK_OK(canvas_hit_test(e, point2(x, y), &id, &found));
    CHECK(found == 0 || found == 1);
    return found ? id : 0;
}

static int set_offset(canvas_engine *e, double x, double y) {
    int published = -1;
    CHECK_OK(canvas_set_viewport_offset(e, point2(x, y), &published));
    return published;
}

/*
** The tile canvas: count items of 100 x 100, in a grid of columns columns
** with no spacing (the layout's default alignment cannot move equal items),
** ids 1..count unless ids is given. The viewport opens at anchor with the
** given overscan; vw x vh = 0 x 0 leaves it without a size.
*/
static canvas_engine *tile_canvas_with(size_t count, int64_t columns, const uint64_t *ids,
                                       double vw, double vh, canvas_point anchor, double overscan) {
    canvas_engine *e = canvas_engine_create();
    CHECK(e != NULL);
    canvas_size *sizes = malloc((count ? count : 1) * sizeof *sizes);
    for (size_t i = 0; i < count; i++) sizes[i] = size2(100, 100);
    CHECK_OK(canvas_set_items(e, sizes, ids, count));
    free(sizes);
    CHECK_OK(canvas_set_layout_grid(e, columns, 0, 0, CENTER));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_initial_anchor(e, anchor));
    CHECK_OK(canvas_set_overscan(e, overscan, NULL));
    if (vw > 0 || vh > 0) CHECK_OK(canvas_set_viewport_size(e, size2(vw, vh), NULL));
    return e;
}

/* The usual tile canvas: 1000 x 1000, a 200 x 100 viewport at (0, 0), no overscan. */
static canvas_engine *tile_canvas(void) {
    return tile_canvas_with(100, 10, NULL, 200, 100, TOP_LEFT, 0);
}

/* ------------------------------------------------------------------------ */
/* A custom layout that places items at frames given in user data            */
/* ------------------------------------------------------------------------ */

typedef struct fixed_frames {
    const canvas_rect *frames;
    size_t count;
} fixed_frames;

static canvas_status place_fixed(void *user, const canvas_size *sizes, size_t count,
                                 double pw, double ph, canvas_rect *frames_out) {
    (void)sizes; (void)pw; (void)ph;
    const fixed_frames *fixed = user;
    if (count != fixed->count) return 1;
    memcpy(frames_out, fixed->frames, count * sizeof *frames_out);
    return CANVAS_OK;
}

/*
** An engine whose items sit exactly at frames (the smallest x and y must be
** 0, so normalizing moves nothing). fixed must outlive the engine.
*/
static canvas_engine *frames_canvas(fixed_frames *fixed, const uint64_t *ids) {
    canvas_engine *e = canvas_engine_create();
    CHECK(e != NULL);
    canvas_size *sizes = malloc(fixed->count * sizeof *sizes);
    for (size_t i = 0; i < fixed->count; i++) sizes[i] = size2(fixed->frames[i].width, fixed->frames[i].height);
    CHECK_OK(canvas_set_items(e, sizes, ids, fixed->count));
    free(sizes);
    CHECK_OK(canvas_set_layout_custom(e, place_fixed, fixed));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_initial_anchor(e, TOP_LEFT));
    CHECK_OK(canvas_set_overscan(e, 0, NULL));
    return e;
}

/* ------------------------------------------------------------------------ */
/* A zoom callback that records what it is told                              */
/* ------------------------------------------------------------------------ */

#define MAX_EVENTS 64

typedef struct zoom_log {
    canvas_engine *engine;
    int count;
    int events[MAX_EVENTS];
    double scales[MAX_EVENTS];
    int fail_on;               /* fail when told this event (-1: never) */
    const char *fail_message;  /* left with canvas_callback_error before failing */
    int try_reentry;           /* call back into the engine from inside */
    int reentry_status[2];     /* what canvas_set_zoom and canvas_get_zoom returned then */
} zoom_log;

static canvas_status log_zoom(void *user, canvas_zoom_event event, double scale) {
    zoom_log *log = user;
    if (log->count < MAX_EVENTS) {
        log->events[log->count] = event;
        log->scales[log->count] = scale;
    }
    log->count++;
    if (log->try_reentry) {
        double out;
        log->reentry_status[0] = canvas_set_zoom(log->engine, 3);
        log->reentry_status[1] = canvas_get_zoom(log->engine, &out);
    }
    if (event == log->fail_on) {
        canvas_callback_error(log->engine, log->fail_message);
        return 1;
    }
    return CANVAS_OK;
}

/* Starts recording e's zoom events into log. */
static void watch_zoom(canvas_engine *e, zoom_log *log) {
    memset(log, 0, sizeof *log);
    log->engine = e;
    log->fail_on = -1;
    CHECK_OK(canvas_set_zoom_callback(e, log_zoom, log));
}

/* An expected event; a NAN scale means "any scale". */
typedef struct zoom_event {
    int event;
    double scale;
} zoom_event;

static void check_events_at(const char *file, int line, zoom_log *log,
                            const zoom_event *want, size_t n) {
    int same = log->count == (int)n;
    for (size_t i = 0; same && i < n; i++) {
        same = log->events[i] == want[i].event &&
               (isnan(want[i].scale) || close_enough(log->scales[i], want[i].scale));
    }
    record(same, file, line, "zoom events differ from the expected ones:");
    if (!same) {
        printf("    got     ");
        for (int i = 0; i < log->count && i < MAX_EVENTS; i++) printf(" (%d, %.17g)", log->events[i], log->scales[i]);
        printf("\n    expected");
        for (size_t i = 0; i < n; i++) printf(" (%d, %.17g)", want[i].event, want[i].scale);
        printf("\n");
    }
    log->count = 0; /* each check looks at what happened since the last */
}

/* CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), ENDED(2)): exactly these, since the last check. */
#define CHECK_EVENTS(log, ...)                                                 \
    do {                                                                       \
        const zoom_event want_[] = {__VA_ARGS__};                              \
        check_events_at(__FILE__, __LINE__, (log), want_,                      \
                        sizeof want_ / sizeof want_[0]);                       \
    } while (0)

#define CHECK_NO_EVENTS(log) check_events_at(__FILE__, __LINE__, (log), NULL, 0)

#define WILL_BEGIN {CANVAS_ZOOM_WILL_BEGIN, NAN}
#define CHANGED(s) {CANVAS_ZOOM_DID_CHANGE, (s)}
#define ENDED(s) {CANVAS_ZOOM_DID_END, (s)}

/* ------------------------------------------------------------------------ */
/* A faithful UIPinchGestureRecognizer double                                */
/* ------------------------------------------------------------------------ */

/*
** Behaves as UIKit's recognizer does, and feeds the engine what UIKit would
** hand a host's action method:
**   - the spread is the fingers' mean distance from their centroid, the
**     location is the centroid;
**   - the first report with two or more fingers begins the gesture at scale
**     1; later reports change it, and scale = spread / spread at began, so it
**     is cumulative since the gesture began, never per update;
**   - writing the scale (rec_write_scale) rebases the reference so the
**     current spread reads as the value written: what `recognizer.scale = 1`
**     does in UIKit, and what a host must not do to this engine.
*/
typedef struct recognizer {
    canvas_engine *engine;
    int in_gesture;
    size_t touches;
    canvas_point location;    /* the fingers' centroid */
    double spread;            /* the fingers' mean distance from it */
    double reference_spread;  /* the spread that reads as reference_scale */
    double reference_scale;
} recognizer;

static recognizer new_recognizer(canvas_engine *e) {
    recognizer r;
    memset(&r, 0, sizeof r);
    r.engine = e;
    r.reference_spread = 1;
    r.reference_scale = 1;
    return r;
}

static double rec_scale(const recognizer *r) {
    return r->reference_scale * r->spread / r->reference_spread;
}

static void rec_write_scale(recognizer *r, double scale) {
    r->reference_scale = scale;
    r->reference_spread = r->spread;
}

static canvas_status rec_send(recognizer *r, canvas_pinch_phase phase) {
    return canvas_pinch(r->engine, phase, rec_scale(r), (int)r->touches, r->location);
}

/* Fingers are now at these points: begins or changes the gesture. */
static canvas_status rec_fingers(recognizer *r, const canvas_point *fingers, size_t n) {
    r->touches = n;
    if (n < 2) return CANVAS_OK;  /* a pinch needs two fingers; nothing to report */
    double cx = 0, cy = 0, total = 0;
    for (size_t i = 0; i < n; i++) {
        cx += fingers[i].x;
        cy += fingers[i].y;
    }
    cx /= (double)n;
    cy /= (double)n;
    for (size_t i = 0; i < n; i++) total += hypot(fingers[i].x - cx, fingers[i].y - cy);
    r->location = point2(cx, cy);
    r->spread = total / (double)n;
    if (!r->in_gesture) {
        r->in_gesture = 1;
        r->reference_spread = r->spread;
        r->reference_scale = 1;
        return rec_send(r, CANVAS_PINCH_BEGAN);
    }
    return rec_send(r, CANVAS_PINCH_CHANGED);
}

/* Two fingers either side of center, each spread away from it. */
static canvas_status rec_pinch(recognizer *r, canvas_point center, double spread) {
    canvas_point fingers[2] = {point2(center.x - spread, center.y), point2(center.x + spread, center.y)};
    return rec_fingers(r, fingers, 2);
}

/* The fingers lift (ENDED) or the system takes the gesture (CANCELLED, FAILED). */
static canvas_status rec_lift(recognizer *r, canvas_pinch_phase phase) {
    r->in_gesture = 0;
    return rec_send(r, phase);
}

/* One whole gesture around center: down at spreads[0], through the rest, lifted. */
static void rec_gesture(recognizer *r, canvas_point center, const double *spreads, size_t n) {
    for (size_t i = 0; i < n; i++) CHECK_OK(rec_pinch(r, center, spreads[i]));
    CHECK_OK(rec_lift(r, CANVAS_PINCH_ENDED));
}

/* ======================================================================== */
/* Tests: errors common to the new functions                                */
/* ======================================================================== */

static canvas_status measure_nothing(void *user, uint64_t id, size_t index, double pw, canvas_size *out) {
    (void)user; (void)id; (void)index; (void)pw;
    *out = size2(1, 1);
    return CANVAS_OK;
}

static canvas_status zoom_nothing(void *user, canvas_zoom_event event, double scale) {
    (void)user; (void)event; (void)scale;
    return CANVAS_OK;
}

static void test_null_engine(void) {
    uint64_t id = 0;
    size_t n = 0;
    int flag = 0;
    double scale = 0, stops[1] = {1};
    canvas_rect rect = {0, 0, 10, 10};
    canvas_point fingers[2] = {{0, 0}, {10, 0}};
    canvas_backdrop_tile tile;
    canvas_select_result result;
    canvas_step_result step;

    CHECK_STATUS(canvas_set_item_size(NULL, size2(1, 1)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_estimated_item_size(NULL, size2(1, 1)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_measure(NULL, measure_nothing, NULL, 0), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_step(NULL, &step), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_invalidate_measurements(NULL), CANVAS_ERR_NULL);
    CHECK(canvas_get_pending_measurements(NULL) == 0);

    CHECK_STATUS(canvas_set_viewport_size(NULL, size2(1, 1), &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_viewport_offset(NULL, point2(1, 1), &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_overscan(NULL, 1, &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_moving(NULL, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_initial_anchor(NULL, CENTER), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_viewport(NULL, &rect), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_visible(NULL, &id, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_appeared(NULL, &id, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_disappeared(NULL, &id, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_query(NULL, rect, &id, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_hit_test(NULL, point2(1, 1), &id, &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_scroll_to_id(NULL, 1, CENTER, &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_scroll_to_point(NULL, point2(1, 1), CENTER, &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_scroll_to_rect(NULL, rect, CENTER, &flag), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_page(NULL, CANVAS_PAGE_DOWN, &flag), CANVAS_ERR_NULL);

    CHECK_STATUS(canvas_set_backdrop(NULL, CANVAS_BACKDROP_DOTS, 10, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_backdrop_tile(NULL, &tile), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_backdrop_origins(NULL, NULL, 0, &n), CANVAS_ERR_NULL);

    CHECK_STATUS(canvas_set_zoom_callback(NULL, zoom_nothing, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_zoom_axis(NULL, CANVAS_ZOOM_BOTH), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_zoom_limits(NULL, 0.5, 2), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_zoom_speed(NULL, 2), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_zoom_stops(NULL, stops, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_pinch_enabled(NULL, 0), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_selection_during_zoom(NULL, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_zoom(NULL, 2), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_zoom(NULL, &scale), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_pinch(NULL, CANVAS_PINCH_BEGAN, 1, 2, point2(0, 0)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_touches(NULL, fingers, 2), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_two_finger_tap(NULL), CANVAS_ERR_NULL);

    CHECK_STATUS(canvas_select_at(NULL, point2(1, 1), &id, &result), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_select_id(NULL, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_deselect_id(NULL, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_clear_selection(NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_selection(NULL, &id, 1, &n), CANVAS_ERR_NULL);
}

/* What a refused call must leave alone. */
typedef struct view_state {
    canvas_rect viewport;
    double zoom;
    id_list visible;
    canvas_backdrop_tile tile;
    size_t pending;
} view_state;

static view_state view_state_of(canvas_engine *e) {
    view_state s;
    memset(&s, 0, sizeof s);
    s.viewport = viewport(e);
    s.zoom = zoom(e);
    s.visible = visible(e);
    CHECK_OK(canvas_get_backdrop_tile(e, &s.tile));
    s.pending = canvas_get_pending_measurements(e);
    return s;
}

static int same_view_state(view_state a, view_state b) {
    return memcmp(&a.viewport, &b.viewport, sizeof a.viewport) == 0 && a.zoom == b.zoom &&
           a.visible.count == b.visible.count &&
           memcmp(a.visible.ids, b.visible.ids, a.visible.count * sizeof a.visible.ids[0]) == 0 &&
           memcmp(&a.tile, &b.tile, sizeof a.tile) == 0 && a.pending == b.pending;
}

#define CHECK_UNCHANGED(e, before)                                             \
    record(same_view_state(view_state_of(e), (before)), __FILE__, __LINE__,    \
           "the engine changed after a refused call")

/* A refused call: the status, a last-error message, and nothing changed. */
#define CHECK_REFUSED(e, before, expr, status)                                 \
    do {                                                                       \
        CHECK_STATUS(expr, status);                                            \
        CHECK_MESSAGE(canvas_engine_last_error(e));                            \
        CHECK_UNCHANGED(e, before);                                            \
    } while (0)

static void test_non_finite_arguments(void) {
    canvas_engine *e = tile_canvas();
    CHECK_OK(canvas_set_viewport_offset(e, point2(150, 250), NULL));
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, 40, 3));
    view_state before = view_state_of(e);
    const double nan = NAN, inf = INFINITY;
    uint64_t id = 0;
    int flag = 0;
    double stops[2] = {1, nan};
    canvas_point fingers[2] = {{0, 0}, {nan, 0}};

    CHECK_REFUSED(e, before, canvas_set_item_size(e, size2(nan, 1)), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_estimated_item_size(e, size2(1, inf)), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_viewport_size(e, size2(nan, 100), &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_viewport_offset(e, point2(10, nan), &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_viewport_offset(e, point2(-inf, 0), &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_overscan(e, nan, &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_initial_anchor(e, point2(nan, 0)), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_hit_test(e, point2(nan, 5), &id, &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_scroll_to_id(e, 5, point2(nan, 0), &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_scroll_to_point(e, point2(inf, 0), CENTER, &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_scroll_to_rect(e, rect4(0, 0, nan, 10), CENTER, &flag), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_backdrop(e, CANVAS_BACKDROP_GRID, nan, 1), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_backdrop(e, CANVAS_BACKDROP_GRID, 10, inf), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom_limits(e, nan, 2), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom_limits(e, 0.5, inf), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom_speed(e, nan), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom_stops(e, stops, 2), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom(e, nan), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_zoom(e, inf), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_touches(e, fingers, 2), CANVAS_ERR_NON_FINITE);

    /* A NaN query rect is no error: it simply covers nothing. */
    CHECK_NO_IDS(query(e, rect4(nan, 0, 100, 100)));
    canvas_engine_destroy(e);
}

static void test_invalid_arguments(void) {
    canvas_engine *e = tile_canvas();
    CHECK_OK(canvas_set_viewport_offset(e, point2(150, 250), NULL));
    view_state before = view_state_of(e);
    int flag = 0;
    double bad_stops[2] = {1, 0}, one_stop[1] = {1};

    CHECK_REFUSED(e, before, canvas_set_item_size(e, size2(-1, 1)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_estimated_item_size(e, size2(1, -1)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_viewport_size(e, size2(-200, 100), &flag), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_initial_anchor(e, point2(1.5, 0)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_scroll_to_id(e, 5, point2(0, -0.1), &flag), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_scroll_to_point(e, point2(0, 0), point2(2, 0), &flag), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_scroll_to_rect(e, rect4(0, 0, 1, 1), point2(0, 7), &flag), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_page(e, 4, &flag), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_backdrop(e, 3, 10, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, -10, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, 10, -1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_axis(e, 4), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_limits(e, 2, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_limits(e, 0, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_speed(e, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_speed(e, -1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom_stops(e, bad_stops, 2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom(e, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_set_zoom(e, -2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_REFUSED(e, before, canvas_pinch(e, 5, 1, 2, point2(0, 0)), CANVAS_ERR_INVALID_ARGUMENT);

    /* Required out pointers and arrays. */
    uint64_t id;
    CHECK_REFUSED(e, before, canvas_hit_test(e, point2(5, 5), NULL, &flag), CANVAS_ERR_NULL);
    CHECK_REFUSED(e, before, canvas_hit_test(e, point2(5, 5), &id, NULL), CANVAS_ERR_NULL);
    CHECK_REFUSED(e, before, canvas_touches(e, NULL, 2), CANVAS_ERR_NULL);
    CHECK_REFUSED(e, before, canvas_copy_visible(e, &id, 1, NULL), CANVAS_ERR_NULL);

    /* Not refused: stops may be cleared with a NULL array, and fingers
    ** may be NULL when there are none. */
    CHECK_OK(canvas_set_zoom_stops(e, one_stop, 1));
    CHECK_OK(canvas_set_zoom_stops(e, NULL, 0));
    CHECK_OK(canvas_touches(e, NULL, 0));
    CHECK_UNCHANGED(e, before);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: viewport, culling, scrolling                                      */
/* ======================================================================== */

static void test_initial_anchor_default_center(void) {
    /* Built by hand so the initial anchor and overscan keep their defaults. */
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[100];
    for (int i = 0; i < 100; i++) sizes[i] = size2(100, 100);
    CHECK_OK(canvas_set_items(e, sizes, NULL, 100));
    CHECK_OK(canvas_set_layout_grid(e, 10, 0, 0, CENTER));
    CHECK_OK(canvas_resolve(e));

    int published = -1;
    CHECK_OK(canvas_set_viewport_size(e, size2(200, 100), &published));
    CHECK(published == 1);
    /* Center: ((1000 - 200) * 0.5, (1000 - 100) * 0.5). */
    CHECK_RECT(viewport(e), 400, 450, 200, 100);
    /* Overscan 128: x 272..728 takes columns 2..7, y 322..678 rows 3..6. */
    CHECK_IDS(visible(e), 33, 34, 35, 36, 37, 38, 43, 44, 45, 46, 47, 48,
              53, 54, 55, 56, 57, 58, 63, 64, 65, 66, 67, 68);
    CHECK_IDS(appeared(e), 33, 34, 35, 36, 37, 38, 43, 44, 45, 46, 47, 48,
              53, 54, 55, 56, 57, 58, 63, 64, 65, 66, 67, 68);
    CHECK_NO_IDS(disappeared(e));

    /* The anchor applies once: a new size keeps the offset. */
    CHECK_OK(canvas_set_viewport_size(e, size2(300, 100), NULL));
    CHECK_RECT(viewport(e), 400, 450, 300, 100);
    canvas_engine_destroy(e);
}

static void test_initial_anchor_applied_once(void) {
    canvas_engine *e = tile_canvas_with(100, 10, NULL, 0, 0, point2(1, 0), 0);
    /* Empty sizes do not count as getting a size. */
    CHECK_OK(canvas_set_viewport_size(e, size2(0, 0), NULL));
    CHECK_OK(canvas_set_viewport_size(e, size2(0, 100), NULL));
    CHECK_RECT(viewport(e), 0, 0, 0, 100);
    /* First non-empty size: ((1000 - 200) * 1, (1000 - 100) * 0). */
    CHECK_OK(canvas_set_viewport_size(e, size2(200, 100), NULL));
    CHECK_RECT(viewport(e), 800, 0, 200, 100);
    CHECK_IDS(visible(e), 9, 10);

    /* Never again, whatever the anchor or size. */
    CHECK_OK(canvas_set_initial_anchor(e, BOTTOM_RIGHT));
    set_offset(e, 10, 10);
    CHECK_OK(canvas_set_viewport_size(e, size2(250, 100), NULL));
    CHECK_RECT(viewport(e), 10, 10, 250, 100);
    canvas_engine_destroy(e);

    /* Content smaller than the viewport: max(0, content - size) = 0. */
    e = tile_canvas_with(4, 2, NULL, 500, 500, BOTTOM_RIGHT, 0);
    CHECK_RECT(viewport(e), 0, 0, 500, 500);
    CHECK_IDS(visible(e), 1, 2, 3, 4);
    canvas_engine_destroy(e);
}

static void test_offset_clamped(void) {
    canvas_engine *e = tile_canvas();
    /* Offsets stay in [0, 1000 - 200] x [0, 1000 - 100]. */
    set_offset(e, -50, 5000);
    CHECK_RECT(viewport(e), 0, 900, 200, 100);
    set_offset(e, 850, -3);
    CHECK_RECT(viewport(e), 800, 0, 200, 100);
    set_offset(e, 123.5, 456.25);
    CHECK_RECT(viewport(e), 123.5, 456.25, 200, 100);

    /* A viewport larger than the content can only sit at 0. */
    CHECK_OK(canvas_set_viewport_size(e, size2(2000, 1500), NULL));
    CHECK_RECT(viewport(e), 0, 0, 2000, 1500);
    set_offset(e, 100, 100);
    CHECK_RECT(viewport(e), 0, 0, 2000, 1500);
    canvas_engine_destroy(e);
}

/*
** canvas_set_viewport: size, offset and overscan in one step, one update.
** Tiles of 100 in 10 columns; the window starts at 200 x 100 at (0, 0), no
** overscan, showing ids 1 and 2.
*/
static void test_set_viewport_in_one_step(void) {
    canvas_engine *e = tile_canvas();
    CHECK_IDS(visible(e), 1, 2);
    int published = -1;
    /* 300 x 200 at x = 500, y kept (NaN): columns 5..7 of rows 0..1. */
    canvas_point offset = point2(500, NAN);
    CHECK_OK(canvas_set_viewport(e, size2(300, 200), &offset, NAN, &published));
    CHECK(published == 1);
    CHECK_RECT(viewport(e), 500, 0, 300, 200);
    CHECK_IDS(visible(e), 6, 7, 8, 16, 17, 18);
    CHECK_IDS(appeared(e), 6, 7, 8, 16, 17, 18);   /* one diff for the whole change */
    CHECK_IDS(disappeared(e), 1, 2);

    /* The same again publishes nothing. */
    CHECK_OK(canvas_set_viewport(e, size2(300, 200), &offset, NAN, &published));
    CHECK(published == 0);

    /* NULL keeps the offset; an overscan of 50 grows the culling rect to
       450..850 x -50..250: columns 4..8 of rows 0..2. */
    CHECK_OK(canvas_set_viewport(e, size2(300, 200), NULL, 50, &published));
    CHECK(published == 1);
    CHECK_RECT(viewport(e), 500, 0, 300, 200);
    CHECK_IDS(visible(e), 5, 6, 7, 8, 9, 15, 16, 17, 18, 19, 25, 26, 27, 28, 29);
    CHECK_IDS(appeared(e), 5, 9, 15, 19, 25, 26, 27, 28, 29);
    CHECK_NO_IDS(disappeared(e));

    /* An infinite coordinate is refused; NaN is "keep", not an error. */
    view_state before = view_state_of(e);
    canvas_point infinite = point2(INFINITY, 0);
    CHECK_REFUSED(e, before, canvas_set_viewport(e, size2(300, 200), &infinite, NAN, &published), CANVAS_ERR_NON_FINITE);
    CHECK_REFUSED(e, before, canvas_set_viewport(e, size2(-1, 200), NULL, NAN, &published), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK(canvas_set_viewport(NULL, size2(1, 1), NULL, NAN, NULL) == CANVAS_ERR_NULL);
    canvas_engine_destroy(e);
}

static void test_visible_updates(void) {
    /* Reversed ids (position p has id 1000 - p), so data order is not id order. */
    uint64_t ids[100];
    for (int p = 0; p < 100; p++) ids[p] = (uint64_t)(1000 - p);
    canvas_engine *e = tile_canvas_with(100, 10, ids, 200, 100, TOP_LEFT, 0);
    /* Viewport (0, 0, 200, 100), no overscan: positions 0 and 1. */
    CHECK_IDS(visible(e), 1000, 999);
    CHECK_IDS(appeared(e), 1000, 999);
    CHECK_NO_IDS(disappeared(e));

    /* Overscan 50: (-50, -50, 300, 200) takes columns 0..2 of rows 0..1. */
    int published = -1;
    CHECK_OK(canvas_set_overscan(e, 50, &published));
    CHECK(published == 1);
    CHECK_IDS(visible(e), 1000, 999, 998, 990, 989, 988);
    CHECK_IDS(appeared(e), 998, 990, 989, 988);
    CHECK_NO_IDS(disappeared(e));

    /* Offset (150, 0): (100, -50, 300, 200) takes columns 1..3 of rows 0..1. */
    CHECK(set_offset(e, 150, 0) == 1);
    CHECK_IDS(visible(e), 999, 998, 997, 989, 988, 987);
    CHECK_IDS(appeared(e), 997, 987);
    CHECK_IDS(disappeared(e), 1000, 990);

    /* The same update again publishes nothing and keeps the last one. */
    CHECK(set_offset(e, 150, 0) == 0);
    CHECK_IDS(visible(e), 999, 998, 997, 989, 988, 987);
    CHECK_IDS(appeared(e), 997, 987);
    CHECK_IDS(disappeared(e), 1000, 990);
    published = -1;
    CHECK_OK(canvas_set_overscan(e, 50, &published));
    CHECK(published == 0);

    /* A host echoing a clamped offset back cannot loop: 5000 clamps to
    ** 800; then 5000 and 800 both land where the viewport already is. */
    CHECK(set_offset(e, 5000, 0) == 1);
    CHECK_RECT(viewport(e), 800, 0, 200, 100);
    CHECK(set_offset(e, 5000, 0) == 0);
    CHECK(set_offset(e, 800, 0) == 0);
    /* published_out may be NULL. */
    CHECK_OK(canvas_set_viewport_offset(e, point2(0, 0), NULL));
    CHECK_IDS(visible(e), 1000, 999, 998, 990, 989, 988);
    canvas_engine_destroy(e);
}

static void test_overscan(void) {
    canvas_engine *e = tile_canvas();
    CHECK_IDS(visible(e), 1, 2);
    /* 100: (-100, -100, 400, 300) takes columns 0..2 of rows 0..1. */
    CHECK_OK(canvas_set_overscan(e, 100, NULL));
    CHECK_IDS(visible(e), 1, 2, 3, 11, 12, 13);
    /* Negative counts as 0. */
    CHECK_OK(canvas_set_overscan(e, -10, NULL));
    CHECK_IDS(visible(e), 1, 2);
    CHECK_IDS(disappeared(e), 3, 11, 12, 13);
    /* Items that only touch the grown rect are not visible: 0 overscan at
    ** offset (100, 100) touches columns 0 and 3 and rows 0 and 2. */
    set_offset(e, 100, 100);
    CHECK_IDS(visible(e), 12, 13);
    canvas_engine_destroy(e);
}

static void test_scroll_to_id(void) {
    canvas_engine *e = tile_canvas();
    int published = -1;
    /* Id 56 is position 55: frame (500, 500, 100, 100). Centered:
    ** (500 + 50 - 100, 500 + 50 - 50) = (450, 500). */
    CHECK_OK(canvas_scroll_to_id(e, 56, CENTER, &published));
    CHECK(published == 1);
    CHECK_RECT(viewport(e), 450, 500, 200, 100);
    CHECK_IDS(visible(e), 55, 56, 57);
    /* Top-left: the frame's origin. */
    CHECK_OK(canvas_scroll_to_id(e, 56, TOP_LEFT, NULL));
    CHECK_RECT(viewport(e), 500, 500, 200, 100);
    /* Bottom-right: (600 - 200, 600 - 100). */
    CHECK_OK(canvas_scroll_to_id(e, 56, BOTTOM_RIGHT, NULL));
    CHECK_RECT(viewport(e), 400, 500, 200, 100);
    /* Id 100 at (900, 900) top-left clamps to (800, 900). */
    CHECK_OK(canvas_scroll_to_id(e, 100, TOP_LEFT, NULL));
    CHECK_RECT(viewport(e), 800, 900, 200, 100);

    /* An unknown id: not found, and nothing moves. */
    published = -1;
    CHECK_STATUS(canvas_scroll_to_id(e, 101, CENTER, &published), CANVAS_ERR_NOT_FOUND);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_RECT(viewport(e), 800, 900, 200, 100);
    CHECK_IDS(visible(e), 99, 100);
    canvas_engine_destroy(e);
}

static void test_scroll_to_point_and_rect(void) {
    canvas_engine *e = tile_canvas();
    /* A point is a region of size 0: (300 - 100, 250 - 50). */
    CHECK_OK(canvas_scroll_to_point(e, point2(300, 250), CENTER, NULL));
    CHECK_RECT(viewport(e), 200, 200, 200, 100);
    /* Anchor (1, 0): x = 300 - 200, y = 250. */
    CHECK_OK(canvas_scroll_to_point(e, point2(300, 250), point2(1, 0), NULL));
    CHECK_RECT(viewport(e), 100, 250, 200, 100);
    /* Rect (100, 100, 400, 300) at (1, 1): (100 + 400 - 200, 100 + 300 - 100). */
    CHECK_OK(canvas_scroll_to_rect(e, rect4(100, 100, 400, 300), BOTTOM_RIGHT, NULL));
    CHECK_RECT(viewport(e), 300, 300, 200, 100);
    /* At (0.25, 0.75): (100 + 100 - 50, 100 + 225 - 75). */
    CHECK_OK(canvas_scroll_to_rect(e, rect4(100, 100, 400, 300), point2(0.25, 0.75), NULL));
    CHECK_RECT(viewport(e), 150, 250, 200, 100);
    /* Far outside the content: clamped. */
    CHECK_OK(canvas_scroll_to_point(e, point2(-500, 5000), CENTER, NULL));
    CHECK_RECT(viewport(e), 0, 900, 200, 100);
    canvas_engine_destroy(e);
}

static void test_paging(void) {
    canvas_engine *e = tile_canvas();
    int moved = -1;
    /* Right by 0.85 * 200 = 170 until the edge at 800. */
    const double rights[] = {170, 340, 510, 680, 800};
    for (int i = 0; i < 5; i++) {
        CHECK_OK(canvas_page(e, CANVAS_PAGE_RIGHT, &moved));
        CHECK(moved == 1);
        CHECK_CLOSE(viewport(e).x, rights[i]);
    }
    CHECK_OK(canvas_page(e, CANVAS_PAGE_RIGHT, &moved));
    CHECK(moved == 0);
    CHECK_CLOSE(viewport(e).x, 800);
    /* Left from 800: 630. */
    CHECK_OK(canvas_page(e, CANVAS_PAGE_LEFT, &moved));
    CHECK(moved == 1);
    CHECK_CLOSE(viewport(e).x, 630);
    /* Up at the top edge does not move; down moves 0.85 * 100 = 85. */
    CHECK_OK(canvas_page(e, CANVAS_PAGE_UP, &moved));
    CHECK(moved == 0);
    CHECK_OK(canvas_page(e, CANVAS_PAGE_DOWN, &moved));
    CHECK(moved == 1);
    CHECK_RECT(viewport(e), 630, 85, 200, 100);
    CHECK_OK(canvas_page(e, CANVAS_PAGE_UP, NULL));  /* moved_out may be NULL */
    CHECK_RECT(viewport(e), 630, 0, 200, 100);
    /* Down from 850: 935 clamps to 900, then the edge. */
    set_offset(e, 630, 850);
    CHECK_OK(canvas_page(e, CANVAS_PAGE_DOWN, &moved));
    CHECK(moved == 1);
    CHECK_CLOSE(viewport(e).y, 900);
    CHECK_OK(canvas_page(e, CANVAS_PAGE_DOWN, &moved));
    CHECK(moved == 0);
    canvas_engine_destroy(e);
}

static void test_hit_test_last_wins(void) {
    /* A (0,0,100,100) under B (50,50,100,100); C apart. */
    const canvas_rect frames[] = {{0, 0, 100, 100}, {50, 50, 100, 100}, {300, 0, 10, 10}};
    fixed_frames fixed = {frames, 3};
    canvas_engine *e = frames_canvas(&fixed, NULL);
    CHECK(hit(e, 25, 25) == 1);
    CHECK(hit(e, 75, 75) == 2);    /* both: the later one in data order */
    CHECK(hit(e, 120, 120) == 2);
    CHECK(hit(e, 305, 5) == 3);
    CHECK(hit(e, 200, 50) == 0);   /* between items */
    CHECK(hit(e, -5, 5) == 0);     /* outside the content */
    canvas_engine_destroy(e);

    /* The same frames with the data order reversed: now A is on top. */
    const canvas_rect reversed[] = {{300, 0, 10, 10}, {50, 50, 100, 100}, {0, 0, 100, 100}};
    fixed_frames fixed_reversed = {reversed, 3};
    e = frames_canvas(&fixed_reversed, NULL);
    CHECK(hit(e, 75, 75) == 3);
    CHECK(hit(e, 120, 120) == 2);
    canvas_engine_destroy(e);
}

static void test_query_strict_intersection(void) {
    canvas_engine *e = tile_canvas();
    /* Exactly item 2's frame: its neighbours only touch it. */
    CHECK_IDS(query(e, rect4(100, 0, 100, 100)), 2);
    /* A small square on the corner of four items, in data order. */
    CHECK_IDS(query(e, rect4(99, 99, 2, 2)), 1, 2, 11, 12);
    /* Touching item 1's corner from outside: nothing; overlapping it: item 1. */
    CHECK_NO_IDS(query(e, rect4(-50, -50, 50, 50)));
    CHECK_IDS(query(e, rect4(-50, -50, 50.5, 50.5)), 1);
    /* Empty and non-finite rects cover nothing. */
    CHECK_NO_IDS(query(e, rect4(150, 150, 0, 50)));
    CHECK_NO_IDS(query(e, rect4(150, 150, 50, 0)));
    CHECK_NO_IDS(query(e, rect4(150, 150, -50, 50)));
    CHECK_NO_IDS(query(e, rect4(150, 150, INFINITY, 50)));
    /* Everything, each once. */
    id_list all = query(e, rect4(0, 0, 1000, 1000));
    CHECK(all.count == 100);
    int in_order = 1;
    for (size_t i = 0; i < all.count; i++) in_order &= all.ids[i] == i + 1;
    CHECK(in_order);

    /* Buffer rules: NULL asks the count; a short buffer is refused. */
    uint64_t two[2] = {0, 0};
    size_t n = 0;
    CHECK_OK(canvas_query(e, rect4(99, 99, 2, 2), NULL, 0, &n));
    CHECK(n == 4);
    n = 0;
    CHECK_STATUS(canvas_query(e, rect4(99, 99, 2, 2), two, 2, &n), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 4);
    CHECK(two[0] == 0 && two[1] == 0);
    canvas_engine_destroy(e);

    /* Data order, not id order. */
    uint64_t ids[100];
    for (int p = 0; p < 100; p++) ids[p] = (uint64_t)(1000 - p);
    e = tile_canvas_with(100, 10, ids, 200, 100, TOP_LEFT, 0);
    CHECK_IDS(query(e, rect4(99, 99, 2, 2)), 1000, 999, 990, 989);
    canvas_engine_destroy(e);
}

static void test_items_far_apart(void) {
    const canvas_rect frames[] = {{0, 0, 10, 10}, {1e7, 1e7, 10, 10}};
    fixed_frames fixed = {frames, 2};
    canvas_engine *e = frames_canvas(&fixed, NULL);
    CHECK_SIZE(content_size(e), 1e7 + 10, 1e7 + 10);
    CHECK_IDS(query(e, rect4(-1, -1, 20, 20)), 1);
    CHECK_IDS(query(e, rect4(1e7 - 5, 1e7 - 5, 10, 10)), 2);
    CHECK_IDS(query(e, rect4(0, 0, 1e7 + 10, 1e7 + 10)), 1, 2);
    CHECK_NO_IDS(query(e, rect4(5e6, 5e6, 1000, 1000)));
    CHECK(hit(e, 1e7 + 5, 1e7 + 5) == 2);
    CHECK(hit(e, 5, 5) == 1);
    CHECK(hit(e, 5e6, 5e6) == 0);

    /* The viewport clamps to (1e7 + 10 - 200, 1e7 + 10 - 100) and sees item 2. */
    CHECK_OK(canvas_set_viewport_size(e, size2(200, 100), NULL));
    CHECK_IDS(visible(e), 1);
    set_offset(e, 1e9, 1e9);
    CHECK_RECT(viewport(e), 1e7 - 190, 1e7 - 90, 200, 100);
    CHECK_IDS(visible(e), 2);
    CHECK_IDS(disappeared(e), 1);
    canvas_engine_destroy(e);
}

static void test_big_item_among_small(void) {
    /* Id 1: 5000 x 5000 at (50, 50). Ids 2..101: 20 x 20 at (100 i, 100 j),
    ** k = 10 j + i, id k + 2. */
    canvas_rect frames[101];
    frames[0] = rect4(50, 50, 5000, 5000);
    for (int k = 0; k < 100; k++) frames[k + 1] = rect4(100 * (k % 10), 100 * (k / 10), 20, 20);
    fixed_frames fixed = {frames, 101};
    canvas_engine *e = frames_canvas(&fixed, NULL);
    CHECK_SIZE(content_size(e), 5050, 5050);

    /* Deep inside the big item: it alone, once. */
    CHECK_IDS(query(e, rect4(3000, 3000, 10, 10)), 1);
    CHECK_IDS(query(e, rect4(2000, 2000, 2000, 2000)), 1);
    /* Around the small item at (100, 100) (k = 11, id 13): big first in data order. */
    CHECK_IDS(query(e, rect4(95, 95, 30, 30)), 1, 13);
    /* Everything, each once. */
    id_list all = query(e, rect4(0, 0, 5050, 5050));
    CHECK(all.count == 101);
    int in_order = 1;
    for (size_t i = 0; i < all.count; i++) in_order &= all.ids[i] == i + 1;
    CHECK(in_order);

    CHECK(hit(e, 105, 105) == 13);  /* the small item is later in data order */
    CHECK(hit(e, 60, 60) == 1);
    CHECK(hit(e, 10, 10) == 2);     /* (0, 0) is before the big item starts */
    CHECK(hit(e, 4000, 4000) == 1);

    CHECK_OK(canvas_set_viewport_size(e, size2(200, 100), NULL));
    set_offset(e, 2000, 2000);
    CHECK_IDS(visible(e), 1);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: sizing by id                                                       */
/* ======================================================================== */

#define MEASURER_MAGIC 0x4d454153u
#define MAX_CALLS 512

/*
** A measure function's user data: it measures id as (10 id, 5 + id), keeps
** a log of its calls, and fails (or calls back in) when told to.
*/
typedef struct measurer {
    unsigned magic;            /* proves the user pointer arrives intact */
    canvas_engine *engine;
    int calls;
    uint64_t ids[MAX_CALLS];
    size_t indexes[MAX_CALLS];
    double proposals[MAX_CALLS];
    uint64_t fail_id;          /* fail when measuring this id (0: never) */
    const char *fail_message;  /* NULL: fail without canvas_callback_error */
    int try_reentry;
    int reentry_status[2];     /* what canvas_resolve and canvas_set_viewport_offset returned */
} measurer;

static canvas_status measure(void *user, uint64_t id, size_t index, double proposal_width, canvas_size *out) {
    measurer *m = user;
    if (m->magic != MEASURER_MAGIC) return 99;
    if (m->calls < MAX_CALLS) {
        m->ids[m->calls] = id;
        m->indexes[m->calls] = index;
        m->proposals[m->calls] = proposal_width;
    }
    m->calls++;
    if (m->try_reentry) {
        m->reentry_status[0] = canvas_resolve(m->engine);
        m->reentry_status[1] = canvas_set_viewport_offset(m->engine, point2(0, 0), NULL);
    }
    if (id == m->fail_id) {
        if (m->fail_message) canvas_callback_error(m->engine, m->fail_message);
        return 42;
    }
    *out = size2(10.0 * (double)id, 5.0 + (double)id);
    return CANVAS_OK;
}

/* An engine with count items ids (NULL: 1..count), no sizes given, measured by m. */
static canvas_engine *measured_canvas(measurer *m, const uint64_t *ids, size_t count, size_t chunk) {
    canvas_engine *e = canvas_engine_create();
    memset(m, 0, sizeof *m);
    m->magic = MEASURER_MAGIC;
    m->engine = e;
    CHECK_OK(canvas_set_measure(e, measure, m, chunk));
    CHECK_OK(canvas_set_items(e, NULL, ids, count));
    CHECK_OK(canvas_resolve(e));
    return e;
}

static canvas_step_result step(canvas_engine *e) {
    canvas_step_result result = -1;
    CHECK_OK(canvas_step(e, &result));
    return result;
}

/* Frame p has size w x h. */
#define CHECK_FRAME_SIZE(e, p, w, h)                                           \
    do {                                                                       \
        canvas_rect f_ = frame_at((e), (p));                                   \
        CHECK_SIZE(size2(f_.width, f_.height), (w), (h));                      \
    } while (0)

static void test_fixed_item_size(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_item_size(e, size2(30, 20)));
    /* Sizes may now be NULL. */
    CHECK_OK(canvas_set_items(e, NULL, NULL, 5));
    CHECK(canvas_get_item_count(e) == 5);
    CHECK_OK(canvas_resolve(e));
    for (size_t p = 0; p < 5; p++) CHECK_FRAME_SIZE(e, p, 30, 20);

    /* Given sizes are overridden too: every item has the fixed size. */
    const canvas_size given[2] = {{50, 50}, {70, 10}};
    const uint64_t ids[2] = {7, 8};
    CHECK_OK(canvas_set_items(e, given, ids, 2));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 0, 30, 20);
    CHECK_FRAME_SIZE(e, 1, 30, 20);

    /* Nothing is measured. */
    CHECK(canvas_get_pending_measurements(e) == 0);
    CHECK(step(e) == CANVAS_STEP_IDLE);
    canvas_engine_destroy(e);
}

static void test_estimated_size(void) {
    /* A measure function alone: the default estimate, 120 x 120. */
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 3, 0);
    CHECK(canvas_get_pending_measurements(e) == 3);
    for (size_t p = 0; p < 3; p++) CHECK_FRAME_SIZE(e, p, 120, 120);
    /* A new estimate applies to the items not measured yet. */
    CHECK_OK(canvas_set_estimated_item_size(e, size2(40, 30)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 0, 40, 30);
    CHECK(m.calls == 0);
    canvas_engine_destroy(e);

    /* An estimate set first stays when the measure function comes. */
    e = canvas_engine_create();
    CHECK_OK(canvas_set_estimated_item_size(e, size2(40, 30)));
    CHECK_OK(canvas_set_items(e, NULL, NULL, 2));
    CHECK_OK(canvas_set_measure(e, measure_nothing, NULL, 0));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 1, 40, 30);
    canvas_engine_destroy(e);
}

static void test_measure_in_chunks(void) {
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 5, 2);
    /* Chunk 1: ids 1 and 2; nothing is resolved until the last chunk. */
    CHECK(step(e) == CANVAS_STEP_MEASURED);
    CHECK(m.calls == 2);
    CHECK(canvas_get_pending_measurements(e) == 3);
    CHECK_FRAME_SIZE(e, 0, 120, 120);
    CHECK(step(e) == CANVAS_STEP_MEASURED);
    CHECK(m.calls == 4);
    CHECK(canvas_get_pending_measurements(e) == 1);
    /* The last chunk (id 5) and one resolve. */
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 5);
    CHECK(canvas_get_pending_measurements(e) == 0);
    for (size_t p = 0; p < 5; p++) CHECK_FRAME_SIZE(e, p, 10.0 * (double)(p + 1), 5.0 + (double)(p + 1));
    /* Then nothing to do. */
    CHECK(step(e) == CANVAS_STEP_IDLE);
    CHECK(m.calls == 5);
    CHECK_OK(canvas_step(e, NULL));  /* result_out may be NULL */

    /* Each call got its id, its position and an open proposal (NaN: the
    ** default flow with automatic content size proposes no width). */
    for (int i = 0; i < 5; i++) {
        CHECK(m.ids[i] == (uint64_t)(i + 1));
        CHECK(m.indexes[i] == (size_t)i);
        CHECK(isnan(m.proposals[i]));
    }
    canvas_engine_destroy(e);

    /* Chunk size 0 means 200: 250 items take two steps. */
    e = measured_canvas(&m, NULL, 250, 0);
    CHECK(step(e) == CANVAS_STEP_MEASURED);
    CHECK(m.calls == 200);
    CHECK(canvas_get_pending_measurements(e) == 50);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 250);
    canvas_engine_destroy(e);
}

static void test_measure_waits_while_moving(void) {
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 3, 0);
    CHECK_OK(canvas_set_moving(e, 1));
    CHECK(step(e) == CANVAS_STEP_DEFERRED);
    CHECK(step(e) == CANVAS_STEP_DEFERRED);
    CHECK(m.calls == 0);
    CHECK(canvas_get_pending_measurements(e) == 3);
    CHECK_OK(canvas_set_moving(e, 0));
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 3);
    canvas_engine_destroy(e);
}

static void test_measure_proposal_width(void) {
    /* Fixed content 500 wide, margins 20 leading and 30 trailing: 450. */
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 2, 0);
    canvas_insets margins = {0, 20, 0, 30};
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(500, 400)));
    CHECK_OK(canvas_set_margins(e, margins));
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK_CLOSE(m.proposals[0], 450);
    CHECK_CLOSE(m.proposals[1], 450);
    canvas_engine_destroy(e);
}

static canvas_status measure_extremes(void *user, uint64_t id, size_t index, double pw, canvas_size *out) {
    (void)user; (void)index; (void)pw;
    switch (id) {
    case 1: *out = size2(NAN, 20000); break;
    case 2: *out = size2(-5, INFINITY); break;
    default: *out = size2(10000.5, 3); break;
    }
    return CANVAS_OK;
}

static void test_measured_sizes_clamped(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_measure(e, measure_extremes, NULL, 0));
    CHECK_OK(canvas_set_items(e, NULL, NULL, 3));
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    /* Sides clamp to 0...10000; a non-finite side counts as 0. */
    CHECK_FRAME_SIZE(e, 0, 0, 10000);
    CHECK_FRAME_SIZE(e, 1, 0, 0);
    CHECK_FRAME_SIZE(e, 2, 10000, 3);
    canvas_engine_destroy(e);
}

static void test_measurements_cached_by_id(void) {
    measurer m;
    const uint64_t first[3] = {10, 20, 30};
    canvas_engine *e = measured_canvas(&m, first, 3, 0);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 3);

    /* Reordered, with one new id: only id 40 (now at position 2) is measured. */
    const uint64_t second[4] = {30, 10, 40, 20};
    CHECK_OK(canvas_set_items(e, NULL, second, 4));
    CHECK(canvas_get_pending_measurements(e) == 1);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 4);
    CHECK(m.ids[3] == 40);
    CHECK(m.indexes[3] == 2);
    CHECK_FRAME_SIZE(e, 0, 300, 35);
    CHECK_FRAME_SIZE(e, 1, 100, 15);
    CHECK_FRAME_SIZE(e, 2, 400, 45);
    CHECK_FRAME_SIZE(e, 3, 200, 25);

    /* Removal: nothing new to measure; a resolve uses the cached size. */
    const uint64_t third[1] = {20};
    CHECK_OK(canvas_set_items(e, NULL, third, 1));
    CHECK(canvas_get_pending_measurements(e) == 0);
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 0, 200, 25);
    CHECK(m.calls == 4);

    /* Ids that left in an earlier update were forgotten (issue 12: the
    ** cache follows the live items); only 20, still present, is cached... */
    CHECK_OK(canvas_set_items(e, NULL, second, 4));
    CHECK(canvas_get_pending_measurements(e) == 3);
    /* ...until the measurements are invalidated: then all are measured again. */
    CHECK_OK(canvas_invalidate_measurements(e));
    CHECK(canvas_get_pending_measurements(e) == 4);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 8);
    CHECK(m.ids[4] == 30 && m.ids[5] == 10 && m.ids[6] == 40 && m.ids[7] == 20);
    canvas_engine_destroy(e);
}

static void test_measure_failure_changes_nothing(void) {
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 5, 2);
    CHECK(step(e) == CANVAS_STEP_MEASURED);  /* ids 1 and 2 */

    /* The chunk of ids 3 and 4 fails at id 3, with a message. */
    m.fail_id = 3;
    m.fail_message = "no font for item 3";
    canvas_step_result result = CANVAS_STEP_IDLE;
    CHECK_STATUS(canvas_step(e, &result), CANVAS_ERR_CALLBACK);
    CHECK_STR(canvas_engine_last_error(e), "no font for item 3");
    CHECK(canvas_get_pending_measurements(e) == 3);
    CHECK_FRAME_SIZE(e, 2, 120, 120);

    /* Without a message: still a failure, with some message. */
    m.fail_message = NULL;
    CHECK_STATUS(canvas_step(e, NULL), CANVAS_ERR_CALLBACK);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK(canvas_get_pending_measurements(e) == 3);

    /* Fixed: the same chunk again, then the last one. */
    m.fail_id = 0;
    int calls = m.calls;
    CHECK(step(e) == CANVAS_STEP_MEASURED);
    CHECK(m.calls == calls + 2);
    CHECK(m.ids[calls] == 3 && m.ids[calls + 1] == 4);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    for (size_t p = 0; p < 5; p++) CHECK_FRAME_SIZE(e, p, 10.0 * (double)(p + 1), 5.0 + (double)(p + 1));
    canvas_engine_destroy(e);
}

static void test_measure_reentry_is_busy(void) {
    measurer m;
    canvas_engine *e = measured_canvas(&m, NULL, 1, 0);
    CHECK_OK(canvas_set_viewport_size(e, size2(50, 50), NULL));
    m.try_reentry = 1;
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK_STATUS(m.reentry_status[0], CANVAS_ERR_BUSY);
    CHECK_STATUS(m.reentry_status[1], CANVAS_ERR_BUSY);
    CHECK_FRAME_SIZE(e, 0, 10, 6);
    canvas_engine_destroy(e);
}

static void test_measure_after_fixed_size(void) {
    /* canvas_set_measure selects measuring with the default estimate unless
    ** an estimate is set; a fixed size is not an estimate. */
    measurer m;
    memset(&m, 0, sizeof m);
    m.magic = MEASURER_MAGIC;
    canvas_engine *e = canvas_engine_create();
    m.engine = e;
    CHECK_OK(canvas_set_item_size(e, size2(50, 50)));
    CHECK_OK(canvas_set_items(e, NULL, NULL, 2));
    CHECK_OK(canvas_set_measure(e, measure, &m, 0));
    CHECK(canvas_get_pending_measurements(e) == 2);
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 0, 120, 120);
    CHECK(step(e) == CANVAS_STEP_RESOLVED);
    CHECK(m.calls == 2);
    CHECK_FRAME_SIZE(e, 1, 20, 7);

    /* And canvas_set_item_size replaces the measure function again. */
    CHECK_OK(canvas_set_item_size(e, size2(50, 50)));
    CHECK(canvas_get_pending_measurements(e) == 0);
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAME_SIZE(e, 1, 50, 50);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: backdrop                                                           */
/* ======================================================================== */

static canvas_backdrop_tile backdrop_tile(const canvas_engine *e) {
    canvas_backdrop_tile tile;
    memset(&tile, 0xff, sizeof tile);
    CHECK_OK(canvas_get_backdrop_tile(e, &tile));
    return tile;
}

#define MAX_ORIGINS 64

typedef struct origin_list {
    size_t count;
    canvas_point points[MAX_ORIGINS];
} origin_list;

static origin_list backdrop_origins(const canvas_engine *e) {
    origin_list list;
    memset(&list, 0, sizeof list);
    CHECK_OK(canvas_copy_backdrop_origins(e, list.points, MAX_ORIGINS, &list.count));
    return list;
}

/* The origins are the tiles of columns c0..c1 and rows r0..r1, row by row. */
static int origins_are(origin_list list, double side, int c0, int c1, int r0, int r1) {
    size_t want = (size_t)((c1 - c0 + 1) * (r1 - r0 + 1));
    if (list.count != want) return 0;
    size_t i = 0;
    for (int r = r0; r <= r1; r++) {
        for (int c = c0; c <= c1; c++, i++) {
            if (!close_enough(list.points[i].x, c * side) || !close_enough(list.points[i].y, r * side)) return 0;
        }
    }
    return 1;
}

#define CHECK_ORIGINS(list, side, c0, c1, r0, r1)                              \
    record(origins_are((list), (side), (c0), (c1), (r0), (r1)), __FILE__, __LINE__, \
           "%zu origins are not columns %d..%d, rows %d..%d of side %g", \
           (list).count, (c0), (c1), (r0), (r1), (double)(side))

static void test_backdrop_dots(void) {
    canvas_engine *e = tile_canvas();
    set_offset(e, 130, 45);
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, 40, 3));
    canvas_backdrop_tile tile = backdrop_tile(e);
    CHECK(tile.kind == CANVAS_BACKDROP_DOTS);
    CHECK_CLOSE(tile.side, 40);
    /* The visible rect (130, 45, 200, 100) starts 130 - 120 = 10 and
    ** 45 - 40 = 5 into its first tile. */
    CHECK_CLOSE(tile.phase.x, 10);
    CHECK_CLOSE(tile.phase.y, 5);
    /* A dot of radius 3 centered in the tile: its bounding square. */
    CHECK(tile.shape_count == 1);
    CHECK_RECT(tile.shapes[0], 20 - 3, 20 - 3, 6, 6);
    /* Columns 130/40 -> 3 up to 330/40 = 8.25 -> 8; rows 45/40 -> 1 up to
    ** 145/40 = 3.6 -> 3: 6 x 3 tiles, row by row. */
    origin_list origins = backdrop_origins(e);
    CHECK_ORIGINS(origins, 40, 3, 8, 1, 3);
    CHECK(origins.points[0].x == 120 && origins.points[0].y == 40);
    CHECK(origins.points[6].x == 120 && origins.points[6].y == 80);

    /* Buffer rules: NULL asks the count; a short buffer is refused. */
    canvas_point two[2];
    size_t n = 0;
    CHECK_OK(canvas_copy_backdrop_origins(e, NULL, 0, &n));
    CHECK(n == 18);
    CHECK_STATUS(canvas_copy_backdrop_origins(e, two, 2, &n), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 18);

    /* Scrolling to a tile boundary: phase 0 and no partial tile. */
    set_offset(e, 200, 80);
    tile = backdrop_tile(e);
    CHECK_CLOSE(tile.phase.x, 0);
    CHECK_CLOSE(tile.phase.y, 0);
    CHECK_ORIGINS(backdrop_origins(e), 40, 5, 9, 2, 4);
    canvas_engine_destroy(e);
}

/* Issue 12: finite inputs whose results leave the finite range were reported
** as success (margins of 1e308 gave an infinite content size, a zoom of 1e308
** infinite frames, an overscan of 9e307 an empty visible list). Each is
** CANVAS_ERR_NON_FINITE now, naming the input, and changes nothing. */
static void test_results_past_the_finite_range(void) {
    canvas_engine *e = tile_canvas();
    canvas_rect before_frame = frame_at(e, 0);
    view_state before = view_state_of(e);
    CHECK_OK(canvas_set_margins(e, (canvas_insets){1e308, 1e308, 1e308, 1e308}));
    CHECK_REFUSED(e, before, canvas_resolve(e), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "margins");
    canvas_rect after_frame = frame_at(e, 0);
    CHECK_RECT(after_frame, before_frame.x, before_frame.y, before_frame.width, before_frame.height);
    CHECK_OK(canvas_set_margins(e, (canvas_insets){0, 0, 0, 0}));

    CHECK_OK(canvas_set_zoom_limits(e, 0.5, 1e308));
    CHECK_REFUSED(e, before, canvas_set_zoom(e, 1e308), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "zoom scale");
    CHECK_REFUSED(e, before, canvas_set_zoom_limits(e, 1e307, 1e308), CANVAS_ERR_NON_FINITE);
    /* A pinch towards such a zoom does nothing past the finite range. */
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_BEGAN, 1, 2, (canvas_point){0, 0}));
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 1e307, 2, (canvas_point){0, 0}));
    CHECK_CLOSE(zoom(e), 1);
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_ENDED, 1e307, 2, (canvas_point){0, 0}));

    before = view_state_of(e);
    CHECK_REFUSED(e, before, canvas_set_overscan(e, 9e307, NULL), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "overscan");
    CHECK_REFUSED(e, before, canvas_set_viewport(e, (canvas_size){200, 100}, NULL, 9e307, NULL), CANVAS_ERR_NON_FINITE);
    CHECK_OK(canvas_set_overscan(e, 1e307, NULL));  /* large but finite: everything counts as visible */
    CHECK(visible(e).count == 100);
    before = view_state_of(e);
    CHECK_REFUSED(e, before, canvas_set_viewport_size(e, (canvas_size){1.7e308, 100}, NULL), CANVAS_ERR_NON_FINITE);
    canvas_engine_destroy(e);
}

/* Issue 12: a count whose arrays cannot exist ended the process ("failed to
** allocate"). Past 2^31 - 1 items, or past what malloc will give, it is
** CANVAS_ERR_NO_MEMORY, and the items stay as they were. */
static void test_counts_whose_arrays_cannot_exist(void) {
    canvas_engine *e = tile_canvas();
    view_state before = view_state_of(e);
    CHECK_OK(canvas_set_item_size(e, (canvas_size){10, 10}));
    before = view_state_of(e);
    CHECK_REFUSED(e, before, canvas_set_items(e, NULL, NULL, (size_t)1 << 40), CANVAS_ERR_NO_MEMORY);
    CHECK_CONTAINS(canvas_engine_last_error(e), "items");
    CHECK_REFUSED(e, before, canvas_set_items(e, NULL, NULL, (size_t)1 << 31), CANVAS_ERR_NO_MEMORY);
    CHECK_REFUSED(e, before, canvas_set_items(e, NULL, NULL, SIZE_MAX / 64), CANVAS_ERR_NO_MEMORY);
    CHECK(canvas_get_item_count(e) == 100);
    CHECK_STR(canvas_status_string(CANVAS_ERR_NO_MEMORY), "not enough memory");
    canvas_engine_destroy(e);
}

/* Issue 12: a spacing-1 backdrop under a viewport at x = 1e16 looped for
** ever (a double stepped by 1 stops moving past 2^53) until the process
** aborted. Past 2^52 tiles from the origin there are no origins, only the
** phase. */
static void test_backdrop_far_from_the_origin(void) {
    canvas_engine *e = canvas_engine_create();
    const canvas_size size = {1, 1};
    CHECK_OK(canvas_set_items(e, &size, NULL, 1));
    CHECK_OK(canvas_set_margins(e, (canvas_insets){0, 2e16, 0, 0}));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, 1, 0.2));
    const canvas_point far = {1e16, 0};
    CHECK_OK(canvas_set_viewport(e, (canvas_size){400, 300}, &far, 0, NULL));
    size_t n = 99;
    CHECK_OK(canvas_copy_backdrop_origins(e, NULL, 0, &n));
    CHECK(n == 0);
    canvas_backdrop_tile tile = backdrop_tile(e);
    CHECK(tile.phase.x >= 0 && tile.phase.x < 1);
    canvas_engine_destroy(e);
}

static void test_backdrop_grid(void) {
    canvas_engine *e = tile_canvas();
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_GRID, 50, 2));
    canvas_backdrop_tile tile = backdrop_tile(e);
    CHECK(tile.kind == CANVAS_BACKDROP_GRID);
    CHECK_CLOSE(tile.side, 50);
    /* Two lines along the tile's top and left edges. */
    CHECK(tile.shape_count == 2);
    CHECK_RECT(tile.shapes[0], 0, 0, 50, 2);
    CHECK_RECT(tile.shapes[1], 0, 0, 2, 50);
    /* (0, 0, 200, 100): columns 0..3, rows 0..1. */
    CHECK_ORIGINS(backdrop_origins(e), 50, 0, 3, 0, 1);

    /* Line width 0 draws a 0.5 hairline. */
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_GRID, 50, 0));
    tile = backdrop_tile(e);
    CHECK_RECT(tile.shapes[0], 0, 0, 50, 0.5);
    CHECK_RECT(tile.shapes[1], 0, 0, 0.5, 50);

    /* The tile side is at least 1. */
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_GRID, 0.25, 0));
    tile = backdrop_tile(e);
    CHECK_CLOSE(tile.side, 1);
    CHECK_RECT(tile.shapes[0], 0, 0, 1, 0.5);
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_DOTS, 0, 0.25));
    tile = backdrop_tile(e);
    CHECK_CLOSE(tile.side, 1);
    CHECK_RECT(tile.shapes[0], 0.25, 0.25, 0.5, 0.5);

    /* None: no shapes. */
    CHECK_OK(canvas_set_backdrop(e, CANVAS_BACKDROP_NONE, 0, 0));
    tile = backdrop_tile(e);
    CHECK(tile.kind == CANVAS_BACKDROP_NONE);
    CHECK(tile.shape_count == 0);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: zoom                                                               */
/* ======================================================================== */

/*
** Fractional frames, so rounding shows: A (0, 0, 33.3, 40.4),
** B (50.2, 7.5, 15.5, 15.5), C (100.7, 60.2, 20.1, 10.3). Content 120.8 x 70.5.
*/
static const canvas_rect FRACTIONAL[3] = {{0, 0, 33.3, 40.4}, {50.2, 7.5, 15.5, 15.5}, {100.7, 60.2, 20.1, 10.3}};

static void test_zoom_rounds_zoomed_axes(void) {
    fixed_frames fixed = {FRACTIONAL, 3};
    canvas_engine *e = frames_canvas(&fixed, NULL);
    zoom_log log;
    watch_zoom(e, &log);
    canvas_rect bounds;

    /* Scale 1: nothing is rounded. */
    CHECK_CLOSE(zoom(e), 1);
    CHECK_RECT(frame_at(e, 0), 0, 0, 33.3, 40.4);
    CHECK_RECT(frame_at(e, 2), 100.7, 60.2, 20.1, 10.3);
    CHECK_SIZE(content_size(e), 120.8, 70.5);

    /* Horizontal (the default) at 1.5: each edge is rounded, x' = round(1.5 x),
    ** w' = round(1.5 maxX) - x' (issue 12); 49.95 -> 50, 75.3 -> 75,
    ** 98.55 -> 99 (w 24), 151.05 -> 151, 181.2 -> 181 (w 30). */
    CHECK_OK(canvas_set_zoom(e, 1.5));
    CHECK_EVENTS(&log, CHANGED(1.5));
    CHECK_RECT(frame_at(e, 0), 0, 0, 50, 40.4);
    CHECK_RECT(frame_at(e, 1), 75, 7.5, 24, 15.5);
    CHECK_RECT(frame_at(e, 2), 151, 60.2, 30, 10.3);
    CHECK_SIZE(content_size(e), 181, 70.5);  /* 181.2 -> 181 */
    CHECK_OK(canvas_get_content_bounds(e, &bounds));
    CHECK_RECT(bounds, 0, 0, 181, 70.5);

    /* Vertical: the same scale on y and heights instead; 60.6 -> 61,
    ** 11.25 -> 11, 34.5 -> 35 (h 24), 90.3 -> 90, 105.75 -> 106 (h 16). */
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_VERTICAL));
    CHECK_CLOSE(zoom(e), 1.5);
    CHECK_RECT(frame_at(e, 0), 0, 0, 33.3, 61);
    CHECK_RECT(frame_at(e, 1), 50.2, 11, 15.5, 24);
    CHECK_RECT(frame_at(e, 2), 100.7, 90, 20.1, 16);
    CHECK_SIZE(content_size(e), 120.8, 106);

    /* Both axes. */
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK_RECT(frame_at(e, 1), 75, 11, 24, 24);
    CHECK_RECT(frame_at(e, 2), 151, 90, 30, 16);
    CHECK_SIZE(content_size(e), 181, 106);
    CHECK_OK(canvas_get_content_bounds(e, &bounds));
    CHECK_RECT(bounds, 0, 0, 181, 106);

    /* Back to exactly 1: the fractional frames again. */
    CHECK_OK(canvas_set_zoom(e, 1));
    CHECK_RECT(frame_at(e, 1), 50.2, 7.5, 15.5, 15.5);
    CHECK_SIZE(content_size(e), 120.8, 70.5);
    canvas_engine_destroy(e);
}

static void test_zoomed_viewport_scrolling_and_hits(void) {
    canvas_engine *e = tile_canvas();
    /* Zoom 2 about the viewport's middle (100, 50): x = (0 + 100) * 2 - 100. */
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_RECT(viewport(e), 100, 0, 200, 100);
    CHECK_SIZE(content_size(e), 2000, 1000);
    /* Zoomed columns are 200 wide: x 100..300 sees columns 0 and 1. */
    CHECK_IDS(visible(e), 1, 2);
    CHECK_RECT(frame_at(e, 55), 1000, 500, 200, 100);

    /* Clamping uses the zoomed content: [0, 1800] x [0, 900]. */
    set_offset(e, 5000, 5000);
    CHECK_RECT(viewport(e), 1800, 900, 200, 100);

    /* Scroll targets are zoomed frames: id 56 at (1000, 500, 200, 100),
    ** centered: (1000 + 100 - 100, 500 + 50 - 50). */
    CHECK_OK(canvas_scroll_to_id(e, 56, CENTER, NULL));
    CHECK_RECT(viewport(e), 1000, 500, 200, 100);
    CHECK_IDS(visible(e), 56);
    /* Paging moves by the viewport, not the content: 0.85 * 200. */
    CHECK_OK(canvas_page(e, CANVAS_PAGE_RIGHT, NULL));
    CHECK_CLOSE(viewport(e).x, 1170);

    /* Hit tests and queries take zoomed points: (250, 50) is in zoomed
    ** column 1 (200..400), id 2; unzoomed it would be id 3. */
    CHECK(hit(e, 250, 50) == 2);
    CHECK(hit(e, 1050, 510) == 56);
    CHECK_IDS(query(e, rect4(200, 0, 200, 100)), 2);
    canvas_engine_destroy(e);

    /* The same on the vertical axis and on both: zoomed rows are 200 tall. */
    e = tile_canvas();
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_VERTICAL));
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK(hit(e, 50, 250) == 11);
    CHECK(hit(e, 250, 150) == 3);
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK(hit(e, 250, 250) == 12);
    CHECK(hit(e, 450, 50) == 3);
    canvas_engine_destroy(e);

    /* At 1.004 touching columns stay touching (edges are rounded, issue 12):
    ** column 1 spans round(100.4) = 100 to round(200.8) = 201, column 2
    ** starts there. Rounding position and length apart opened a gap. */
    e = tile_canvas();
    CHECK_OK(canvas_set_zoom(e, 1.004));
    CHECK_RECT(frame_at(e, 1), 100, 0, 101, 100);
    CHECK_RECT(frame_at(e, 2), 201, 0, 100, 100);
    CHECK(hit(e, 199.5, 50) == 2);
    CHECK(hit(e, 200.5, 50) == 2);
    CHECK(hit(e, 201.5, 50) == 3);
    CHECK_IDS(query(e, rect4(200.2, 0, 0.6, 10)), 2);
    CHECK_SIZE(content_size(e), 1004, 1000);
    canvas_engine_destroy(e);
}

static void test_set_zoom(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    const double stops[2] = {1, 2};
    CHECK_OK(canvas_set_zoom_stops(e, stops, 2));
    CHECK_NO_EVENTS(&log);

    /* Not snapped; anchored at the viewport's middle: (0 + 100) * 1.3 - 100. */
    CHECK_OK(canvas_set_zoom(e, 1.3));
    CHECK_EVENTS(&log, CHANGED(1.3));
    CHECK_CLOSE(zoom(e), 1.3);
    CHECK_RECT(viewport(e), 30, 0, 200, 100);
    /* Unchanged: nothing. */
    CHECK_OK(canvas_set_zoom(e, 1.3));
    CHECK_NO_EVENTS(&log);
    /* Clamped to the maximum: (30 + 100) * 5 / 1.3 - 100 = 400. */
    CHECK_OK(canvas_set_zoom(e, 10));
    CHECK_EVENTS(&log, CHANGED(5));
    CHECK_RECT(viewport(e), 400, 0, 200, 100);
    CHECK_OK(canvas_set_zoom(e, 7));  /* clamps to 5 again: unchanged */
    CHECK_NO_EVENTS(&log);
    /* Clamped to the minimum: (400 + 100) * 0.35 / 5 - 100 < 0 clamps to 0. */
    CHECK_OK(canvas_set_zoom(e, 0.1));
    CHECK_EVENTS(&log, CHANGED(0.35));
    CHECK_RECT(viewport(e), 0, 0, 200, 100);
    CHECK_SIZE(content_size(e), 350, 1000);
    canvas_engine_destroy(e);

    /* Vertical: y follows the middle, (0 + 50) * 2 - 50; x keeps its offset. */
    e = tile_canvas();
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_VERTICAL));
    set_offset(e, 40, 0);
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_RECT(viewport(e), 40, 50, 200, 100);
    CHECK_SIZE(content_size(e), 1000, 2000);
    canvas_engine_destroy(e);
}

static void test_zoom_limits(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    CHECK_OK(canvas_set_zoom(e, 3));
    CHECK_EVENTS(&log, CHANGED(3));
    /* Narrowed limits bring the zoom inside, and say so. */
    CHECK_OK(canvas_set_zoom_limits(e, 0.5, 2));
    CHECK_EVENTS(&log, CHANGED(2));
    CHECK_CLOSE(zoom(e), 2);
    /* Widened limits leave it. */
    CHECK_OK(canvas_set_zoom_limits(e, 0.5, 4));
    CHECK_NO_EVENTS(&log);
    CHECK_OK(canvas_set_zoom(e, 0.2));
    CHECK_EVENTS(&log, CHANGED(0.5));
    /* Raising the minimum above the zoom. */
    CHECK_OK(canvas_set_zoom_limits(e, 1.5, 4));
    CHECK_EVENTS(&log, CHANGED(1.5));
    /* A refused setting reports nothing and changes nothing. */
    CHECK_STATUS(canvas_set_zoom_limits(e, 3, 2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_NO_EVENTS(&log);
    CHECK_CLOSE(zoom(e), 1.5);
    canvas_engine_destroy(e);
}

static void test_two_finger_tap(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    const double stops[1] = {1.2};
    CHECK_OK(canvas_set_zoom_stops(e, stops, 1));
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_RECT(viewport(e), 100, 0, 200, 100);
    log.count = 0;
    /* Back to exactly 1 (stops do not apply), about the middle:
    ** (100 + 100) * 1 / 2 - 100 = 0. */
    CHECK_OK(canvas_two_finger_tap(e));
    CHECK_EVENTS(&log, CHANGED(1));
    CHECK_RECT(viewport(e), 0, 0, 200, 100);
    /* At 1: nothing. */
    CHECK_OK(canvas_two_finger_tap(e));
    CHECK_NO_EVENTS(&log);

    /* 1 is clamped to the limits. */
    CHECK_OK(canvas_set_zoom_limits(e, 1.5, 3));
    CHECK_EVENTS(&log, CHANGED(1.5));
    CHECK_OK(canvas_set_zoom(e, 2.5));
    CHECK_EVENTS(&log, CHANGED(2.5));
    CHECK_OK(canvas_two_finger_tap(e));
    CHECK_EVENTS(&log, CHANGED(1.5));
    CHECK_OK(canvas_two_finger_tap(e));
    CHECK_NO_EVENTS(&log);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: pinching                                                           */
/* ======================================================================== */

static const canvas_point MIDDLE = {100, 50};  /* of the 200 x 100 viewport */

static void test_recognizer_double_is_uikit_like(void) {
    /* The double on its own, against an engine that only listens. */
    canvas_engine *e = tile_canvas();
    recognizer r = new_recognizer(e);
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    CHECK_CLOSE(rec_scale(&r), 1);       /* began at 1 */
    CHECK_OK(rec_pinch(&r, MIDDLE, 150));
    CHECK_OK(rec_pinch(&r, MIDDLE, 200));
    CHECK_CLOSE(rec_scale(&r), 2);       /* cumulative: 200 / 100, not 200 / 150 */
    rec_write_scale(&r, 1);              /* what UIKit hosts do with scale = 1 */
    CHECK_CLOSE(rec_scale(&r), 1);
    CHECK_OK(rec_pinch(&r, MIDDLE, 300));
    CHECK_CLOSE(rec_scale(&r), 1.5);     /* 300 / 200: rebased on the write */
    rec_write_scale(&r, 3);
    CHECK_OK(rec_pinch(&r, MIDDLE, 400));
    CHECK_CLOSE(rec_scale(&r), 4);       /* 3 * 400 / 300 */
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    /* A new gesture begins afresh at 1. */
    CHECK_OK(rec_pinch(&r, MIDDLE, 50));
    CHECK_CLOSE(rec_scale(&r), 1);
    /* The location is the centroid; the spread the mean distance from it. */
    const canvas_point three[3] = {{0, 0}, {30, 0}, {0, 60}};
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_OK(rec_fingers(&r, three, 3));
    CHECK_CLOSE(r.location.x, 10);
    CHECK_CLOSE(r.location.y, 20);
    CHECK_CLOSE(r.spread, (hypot(10, 20) + hypot(20, 20) + hypot(10, 40)) / 3);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_CANCELLED));
    canvas_engine_destroy(e);
}

static void test_pinch_zooms_about_the_fingers(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    set_offset(e, 0, 300);

    CHECK_OK(rec_pinch(&r, MIDDLE, 50));
    CHECK_CLOSE(zoom(e), 1);  /* began changes nothing yet */
    /* Scale 2: the content point under x = 100, p = 0 + 100, stays put:
    ** 100 * 2 / 1 - 100 = 100. y is not zoomed and keeps 300. */
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    CHECK_CLOSE(zoom(e), 2);
    CHECK_RECT(viewport(e), 100, 300, 200, 100);
    /* Scale 1.5: p = 100 + 100 = 200, 200 * 1.5 / 2 - 100 = 50. */
    CHECK_OK(rec_pinch(&r, MIDDLE, 75));
    CHECK_CLOSE(zoom(e), 1.5);
    CHECK_RECT(viewport(e), 50, 300, 200, 100);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), CHANGED(1.5), ENDED(1.5));
    canvas_engine_destroy(e);

    /* Off-center fingers at x = 150: 150 * 2 - 150 = 150. */
    e = tile_canvas();
    r = new_recognizer(e);
    const double spreads[2] = {40, 80};
    rec_gesture(&r, point2(150, 50), spreads, 2);
    CHECK_RECT(viewport(e), 150, 0, 200, 100);
    canvas_engine_destroy(e);

    /* Vertical: y about the fingers, (300 + 50) * 2 - 50 = 650; x keeps 40. */
    e = tile_canvas();
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_VERTICAL));
    set_offset(e, 40, 300);
    r = new_recognizer(e);
    rec_gesture(&r, MIDDLE, spreads, 2);
    CHECK_RECT(viewport(e), 40, 650, 200, 100);
    canvas_engine_destroy(e);

    /* Both: (800 + 200) * 2 - 200 = 1800 and (900 + 100) * 2 - 100 = 1900,
    ** the far corner staying under fingers at the viewport's corner. */
    e = tile_canvas();
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    set_offset(e, 800, 900);
    r = new_recognizer(e);
    rec_gesture(&r, point2(200, 100), spreads, 2);
    CHECK_RECT(viewport(e), 1800, 1900, 200, 100);
    /* Zooming out by 1/4 about the fingers: (10 + 0) * 0.25 - 0 = 2.5 on
    ** both axes; about the far corner, (10 + 200) * 0.25 - 200 and
    ** (10 + 100) * 0.25 - 100 fall under 0 and clamp. */
    const double out[2] = {80, 20};
    set_offset(e, 10, 10);
    rec_gesture(&r, point2(0, 0), out, 2);
    CHECK_CLOSE(zoom(e), 0.5);
    CHECK_RECT(viewport(e), 2.5, 2.5, 200, 100);
    CHECK_OK(canvas_set_zoom(e, 2));
    set_offset(e, 10, 10);
    rec_gesture(&r, point2(200, 100), out, 2);
    CHECK_CLOSE(zoom(e), 0.5);
    CHECK_RECT(viewport(e), 0, 0, 200, 100);
    canvas_engine_destroy(e);
}

static void test_pinch_ignores_stray_events(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_BEGAN, 1, 2, MIDDLE));
    CHECK_EVENTS(&log, WILL_BEGIN);
    /* One touch, a zero or negative scale: ignored. */
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 2, 1, MIDDLE));
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 0, 2, MIDDLE));
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, -2, 2, MIDDLE));
    CHECK_NO_EVENTS(&log);
    CHECK_CLOSE(zoom(e), 1);
    CHECK_RECT(viewport(e), 0, 0, 200, 100);
    /* The same gesture still works. */
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 2, 2, MIDDLE));
    CHECK_EVENTS(&log, CHANGED(2));
    /* Cancelled and failed end a pinch as ended does. */
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CANCELLED, 2, 2, MIDDLE));
    CHECK_EVENTS(&log, ENDED(2));
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_BEGAN, 1, 2, MIDDLE));
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_FAILED, 1, 2, MIDDLE));
    CHECK_EVENTS(&log, WILL_BEGIN, ENDED(2));

    /* Pinching disabled: a pinch does not zoom. */
    CHECK_OK(canvas_set_pinch_enabled(e, 0));
    recognizer r = new_recognizer(e);
    const double spreads[2] = {50, 100};
    rec_gesture(&r, MIDDLE, spreads, 2);
    CHECK_CLOSE(zoom(e), 2);
    canvas_engine_destroy(e);
}

static void test_pinch_began_scale_is_the_baseline(void) {
    /* UIKit may report began with a scale already past 1: that scale, not 1,
    ** is what the zoom at began corresponds to. 1.5 then 3 is a pinch of 2. */
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    CHECK_OK(canvas_set_zoom(e, 1.25));
    log.count = 0;
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_BEGAN, 1.5, 2, MIDDLE));
    CHECK_CLOSE(zoom(e), 1.25);
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 3, 2, MIDDLE));
    CHECK_CLOSE(zoom(e), 2.5);
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_CHANGED, 1.5, 2, MIDDLE));
    CHECK_CLOSE(zoom(e), 1.25);
    CHECK_OK(canvas_pinch(e, CANVAS_PINCH_ENDED, 1.5, 2, MIDDLE));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2.5), CHANGED(1.25), ENDED(1.25));
    canvas_engine_destroy(e);
}

static void test_pinch_speed_damping(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    /* Speed 0.5: a pinch of 4 zooms by 4^0.5 = 2; then 1/4 zooms back by 0.5. */
    CHECK_OK(canvas_set_zoom_speed(e, 0.5));
    const double in[2] = {50, 200}, out[2] = {200, 50};
    rec_gesture(&r, MIDDLE, in, 2);
    CHECK_CLOSE(zoom(e), 2);
    rec_gesture(&r, MIDDLE, out, 2);
    CHECK_CLOSE(zoom(e), 1);
    /* Both limits in one gesture: 30^0.5 = 5.48 -> 5, then 0.1^0.5 = 0.32 -> 0.35. */
    log.count = 0;
    const double both[3] = {10, 300, 1};
    rec_gesture(&r, MIDDLE, both, 3);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(5), CHANGED(0.35), ENDED(0.35));

    /* Speed 1: by k = 1.7, then by 1 / 1.7, back to the start. */
    CHECK_OK(canvas_set_zoom_speed(e, 1));
    CHECK_OK(canvas_set_zoom(e, 1));
    const double k[2] = {50, 85}, inverse[2] = {85, 50};
    rec_gesture(&r, MIDDLE, k, 2);
    CHECK_CLOSE(zoom(e), 1.7);
    rec_gesture(&r, MIDDLE, inverse, 2);
    CHECK_CLOSE(zoom(e), 1);
    /* Speed 2: a pinch of 1.5 zooms by 2.25. */
    CHECK_OK(canvas_set_zoom_speed(e, 2));
    const double half_again[2] = {50, 75};
    rec_gesture(&r, MIDDLE, half_again, 2);
    CHECK_CLOSE(zoom(e), 2.25);
    canvas_engine_destroy(e);
}

static void test_pinch_clamp_never_discards(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    /* 10 clamps to 5; back to 6 is still past the limit (no event); back
    ** to 4 is 4: the movement past the limit was kept, not thrown away. */
    const double over[4] = {10, 100, 60, 40};
    rec_gesture(&r, MIDDLE, over, 4);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(5), CHANGED(4), ENDED(4));
    /* The same at the minimum, from 4: 4 * 0.05 -> 0.35, 4 * 0.08 = 0.32
    ** -> 0.35, 4 * 0.125 = 0.5. */
    const double under[4] = {100, 5, 8, 12.5};
    rec_gesture(&r, MIDDLE, under, 4);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(0.35), CHANGED(0.5), ENDED(0.5));
    canvas_engine_destroy(e);
}

static void test_pinch_snaps_to_stops(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    const double stops[4] = {0.75, 1, 1.25, 1.5};
    CHECK_OK(canvas_set_zoom_stops(e, stops, 4));
    /* 1.2 -> 1.25, 1.1 -> 1, 1.8 -> 1.5, 0.8 -> 0.75, 0.6 -> 0.75 (no event). */
    const double spreads[6] = {100, 120, 110, 180, 80, 60};
    rec_gesture(&r, MIDDLE, spreads, 6);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(1.25), CHANGED(1), CHANGED(1.5), CHANGED(0.75), ENDED(0.75));
    canvas_engine_destroy(e);

    /* Ties go to the stop listed first: 1.01 -> 1.25, then 1.0 is as near
    ** to 0.75 as to 1.25. */
    e = tile_canvas();
    watch_zoom(e, &log);
    r = new_recognizer(e);
    const double low_first[2] = {0.75, 1.25};
    CHECK_OK(canvas_set_zoom_stops(e, low_first, 2));
    const double there_and_back[3] = {100, 101, 100};
    rec_gesture(&r, MIDDLE, there_and_back, 3);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(1.25), CHANGED(0.75), ENDED(0.75));
    CHECK_OK(canvas_set_zoom(e, 1));
    const double high_first[2] = {1.25, 0.75};
    CHECK_OK(canvas_set_zoom_stops(e, high_first, 2));
    const double back_and_there[3] = {100, 99, 100};
    log.count = 0;
    rec_gesture(&r, MIDDLE, back_and_there, 3);
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(0.75), CHANGED(1.25), ENDED(1.25));
    canvas_engine_destroy(e);

    /* Only stops inside the limits count: with limits 0.5...2 and stops
    ** 0.4, 1, 2.2, 1.5, a pinch of 3 clamps to 2 and snaps to 1.5 (not the
    ** nearer 2.2); from 2, a pinch of 0.1 clamps to 0.5 and snaps to 1
    ** (not the nearer 0.4). */
    e = tile_canvas();
    r = new_recognizer(e);
    CHECK_OK(canvas_set_zoom_limits(e, 0.5, 2));
    const double mixed[4] = {0.4, 1, 2.2, 1.5};
    CHECK_OK(canvas_set_zoom_stops(e, mixed, 4));
    const double triple[2] = {50, 150}, third[2] = {150, 15};
    rec_gesture(&r, MIDDLE, triple, 2);
    CHECK_CLOSE(zoom(e), 1.5);
    CHECK_OK(canvas_set_zoom(e, 2));
    rec_gesture(&r, MIDDLE, third, 2);  /* 2 * 0.1 = 0.2 -> 0.5 -> 1 */
    CHECK_CLOSE(zoom(e), 1);
    /* No stop inside the limits: no snapping. */
    const double outside[1] = {8};
    CHECK_OK(canvas_set_zoom_stops(e, outside, 1));
    const double some[2] = {100, 130};
    rec_gesture(&r, MIDDLE, some, 2);
    CHECK_CLOSE(zoom(e), 1.3);
    canvas_engine_destroy(e);
}

static void test_pinch_rebases_when_zoom_changes_underneath(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    CHECK_OK(rec_pinch(&r, MIDDLE, 200));  /* scale 2: zoom 2 */
    /* The host sets 3 mid-pinch. The next event rebases on it: start 3,
    ** baseline 2.2, so 2.2 itself changes nothing... */
    CHECK_OK(canvas_set_zoom(e, 3));
    CHECK_OK(rec_pinch(&r, MIDDLE, 220));
    CHECK_CLOSE(zoom(e), 3);
    /* ...and 3.3 zooms 3 * 3.3 / 2.2 = 4.5 (not 1 * 3.3). */
    CHECK_OK(rec_pinch(&r, MIDDLE, 330));
    CHECK_CLOSE(zoom(e), 4.5);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), CHANGED(3), CHANGED(4.5), ENDED(4.5));
    canvas_engine_destroy(e);

    /* New items reset the zoom to 1 mid-pinch: rebased on 1 at scale 2.5,
    ** so 2.5 stays 1 and 5 zooms 1 * 5 / 2.5 = 2 (not 1 * 5). */
    e = tile_canvas();
    watch_zoom(e, &log);
    r = new_recognizer(e);
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    CHECK_OK(rec_pinch(&r, MIDDLE, 200));
    canvas_size sizes[100];
    for (int i = 0; i < 100; i++) sizes[i] = size2(100, 100);
    CHECK_OK(canvas_set_items(e, sizes, NULL, 100));
    CHECK_OK(canvas_resolve(e));
    CHECK_CLOSE(zoom(e), 1);
    CHECK_OK(rec_pinch(&r, MIDDLE, 250));
    CHECK_CLOSE(zoom(e), 1);
    CHECK_OK(rec_pinch(&r, MIDDLE, 500));
    CHECK_CLOSE(zoom(e), 2);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), CHANGED(1), CHANGED(2), ENDED(2));
    canvas_engine_destroy(e);
}

/*
** The regression from SwiftGridView's notes. Stops 0.75, 1, 1.25, 1.5; a
** slow pinch moves the fingers 1% further apart per update, so each update
** alone (1.01) snaps back to the current stop.
**
** host_resets_rejected = 0 is a correct host: it only forwards events. The
** engine derives the zoom from the gesture's start (start * cumulative
** scale), so the rejected movement keeps counting.
**
** host_resets_rejected = 1 is SwiftGridView 1.0's mistake: after each step
** the engine rejected, the host writes recognizer.scale = 1. Every update
** then reads 1.01 and snaps back: wedged.
**
** Runs `steps` updates from spread 100 by factor per update, and stores
** the update numbers at which the zoom changed (and the zooms) in at/to.
** Returns how many changes there were.
*/
static int slow_pinch(canvas_engine *e, double factor, int steps, int host_resets_rejected,
                      int *at, double *to, int capacity) {
    recognizer r = new_recognizer(e);
    double spread = 100;
    int changes = 0;
    CHECK_OK(rec_pinch(&r, MIDDLE, spread));
    for (int n = 1; n <= steps; n++) {
        double before = zoom(e);
        spread *= factor;
        CHECK_OK(rec_pinch(&r, MIDDLE, spread));
        double after = zoom(e);
        if (after != before) {
            if (changes < capacity) {
                at[changes] = n;
                to[changes] = after;
            }
            changes++;
        } else if (host_resets_rejected) {
            rec_write_scale(&r, 1);
        }
    }
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    return changes;
}

static canvas_engine *stepped_canvas(double minimum) {
    canvas_engine *e = tile_canvas();
    const double stops[4] = {0.75, 1, 1.25, 1.5};
    CHECK_OK(canvas_set_zoom_stops(e, stops, 4));
    CHECK_OK(canvas_set_zoom_limits(e, minimum, 5));
    return e;
}

static void test_slow_pinch_reaches_the_next_stop(void) {
    int at[8];
    double to[8];
    canvas_engine *e = stepped_canvas(0.35);
    /* 1.01^12 = 1.127 passes 1.125 (-> 1.25); 1.01^33 = 1.389 passes 1.375 (-> 1.5). */
    CHECK(slow_pinch(e, 1.01, 60, 0, at, to, 8) == 2);
    CHECK(at[0] == 12 && at[1] == 33);
    CHECK_CLOSE(to[0], 1.25);
    CHECK_CLOSE(to[1], 1.5);
    canvas_engine_destroy(e);

    /* The same double, driven by a host that resets its scale after every
    ** rejected step: never leaves 1. */
    e = stepped_canvas(0.35);
    CHECK(slow_pinch(e, 1.01, 60, 1, at, to, 8) == 0);
    CHECK_CLOSE(zoom(e), 1);
    canvas_engine_destroy(e);
}

static void test_slow_pinch_escapes_the_minimum(void) {
    int at[8];
    double to[8];
    /* The minimum is the lowest stop, 0.75. Pinching in 1% per update:
    ** 0.99^14 = 0.869 passes 0.875 (-> 0.75), then rests on the minimum. */
    canvas_engine *e = stepped_canvas(0.75);
    CHECK(slow_pinch(e, 0.99, 40, 0, at, to, 8) == 1);
    CHECK(at[0] == 14);
    CHECK_CLOSE(to[0], 0.75);
    /* A new gesture out, 1% per update: 0.75 * 1.01^16 = 0.879 passes
    ** 0.875 (-> 1), 0.75 * 1.01^41 = 1.128 passes 1.125 (-> 1.25). */
    CHECK(slow_pinch(e, 1.01, 60, 0, at, to, 8) == 2);
    CHECK(at[0] == 16 && at[1] == 41);
    CHECK_CLOSE(to[0], 1);
    CHECK_CLOSE(to[1], 1.25);
    canvas_engine_destroy(e);

    /* The resetting host stays wedged on the minimum. */
    e = stepped_canvas(0.75);
    CHECK_OK(canvas_set_zoom(e, 0.75));
    CHECK(slow_pinch(e, 1.01, 60, 1, at, to, 8) == 0);
    CHECK_CLOSE(zoom(e), 0.75);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: zoom callbacks                                                     */
/* ======================================================================== */

static void test_failing_zoom_callback_rolls_back(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    recognizer r = new_recognizer(e);
    set_offset(e, 30, 40);
    CHECK_OK(canvas_select_id(e, 1));
    CHECK_OK(canvas_select_id(e, 2));

    /* A refused change in a pinch: the call fails with the host's message
    ** and zoom and viewport stay as they were. */
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    log.fail_on = CANVAS_ZOOM_DID_CHANGE;
    log.fail_message = "host refused the zoom";
    CHECK_STATUS(rec_pinch(&r, MIDDLE, 200), CANVAS_ERR_CALLBACK);
    CHECK_STR(canvas_engine_last_error(e), "host refused the zoom");
    CHECK_CLOSE(zoom(e), 1);
    CHECK_RECT(viewport(e), 30, 40, 200, 100);
    CHECK_IDS(visible(e), 1, 2, 3, 11, 12, 13);
    /* The pinch goes on once the host accepts: scale 2 from the same start. */
    log.fail_on = -1;
    CHECK_OK(rec_pinch(&r, MIDDLE, 200));
    CHECK_CLOSE(zoom(e), 2);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), CHANGED(2), ENDED(2));

    /* canvas_set_zoom and the two-finger tap roll back the same way;
    ** without a message the call still fails with one. */
    canvas_rect before = viewport(e);
    log.fail_on = CANVAS_ZOOM_DID_CHANGE;
    log.fail_message = NULL;
    CHECK_STATUS(canvas_set_zoom(e, 3), CANVAS_ERR_CALLBACK);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_STATUS(canvas_two_finger_tap(e), CANVAS_ERR_CALLBACK);
    CHECK_STATUS(canvas_set_zoom_limits(e, 0.5, 1.5), CANVAS_ERR_CALLBACK);
    CHECK_CLOSE(zoom(e), 2);
    CHECK_RECT(viewport(e), before.x, before.y, before.width, before.height);

    /* New items reset the zoom to 1; refused, the items, the selection and
    ** the zoom all stay. */
    log.fail_message = "keep my zoom";
    const canvas_size sizes[3] = {{10, 10}, {10, 10}, {10, 10}};
    const uint64_t ids[3] = {1, 7, 8};
    CHECK_STATUS(canvas_set_items(e, sizes, ids, 3), CANVAS_ERR_CALLBACK);
    CHECK_STR(canvas_engine_last_error(e), "keep my zoom");
    CHECK(canvas_get_item_count(e) == 100);
    CHECK_IDS(selection(e), 1, 2);
    CHECK_CLOSE(zoom(e), 2);
    CHECK_RECT(viewport(e), before.x, before.y, before.width, before.height);

    /* The refused limits did not stick: 3 is still allowed. */
    log.fail_on = -1;
    CHECK_OK(canvas_set_zoom(e, 3));
    CHECK_CLOSE(zoom(e), 3);
    canvas_engine_destroy(e);
}

static void test_failing_will_begin_starts_no_pinch(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    log.fail_on = CANVAS_ZOOM_WILL_BEGIN;
    log.fail_message = "not now";
    CHECK_STATUS(canvas_pinch(e, CANVAS_PINCH_BEGAN, 1, 2, MIDDLE), CANVAS_ERR_CALLBACK);
    /* No pinch is in flight, so a tap selects. */
    canvas_select_result result = -1;
    CHECK_OK(canvas_select_at(e, point2(50, 50), NULL, &result));
    CHECK(result == CANVAS_SELECT_SELECTED);
    canvas_engine_destroy(e);
}

static void test_zoom_callback_reentry_is_busy(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    log.try_reentry = 1;
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_STATUS(log.reentry_status[0], CANVAS_ERR_BUSY);
    CHECK_STATUS(log.reentry_status[1], CANVAS_ERR_BUSY);
    CHECK_CLOSE(zoom(e), 2);  /* not the 3 asked for from inside */
    CHECK_EVENTS(&log, CHANGED(2));
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: the engine's own recognizer (canvas_touches)                      */
/* ======================================================================== */

static void test_touches(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    /* Two fingers 50 from (100, 50), then 100: scale 2 about (100, 50). */
    const canvas_point down[2] = {{50, 50}, {150, 50}};
    const canvas_point apart[2] = {{0, 50}, {200, 50}};
    const canvas_point one[1] = {{0, 50}};
    CHECK_OK(canvas_touches(e, down, 2));
    CHECK_OK(canvas_touches(e, apart, 2));
    CHECK_CLOSE(zoom(e), 2);
    CHECK_RECT(viewport(e), 100, 0, 200, 100);
    /* One finger left: the pinch ends. */
    CHECK_OK(canvas_touches(e, one, 1));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(2), ENDED(2));
    /* A new gesture is cumulative from its own start; no fingers end it. */
    CHECK_OK(canvas_touches(e, apart, 2));
    CHECK_OK(canvas_touches(e, down, 2));
    CHECK_OK(canvas_touches(e, NULL, 0));
    CHECK_EVENTS(&log, WILL_BEGIN, CHANGED(1), ENDED(1));
    canvas_engine_destroy(e);
}

/* Issue 12: two still fingers plus a third landing took the zoom from 1 to
** 2 (and back when it lifted). The recognizer rebases on a new finger count. */
static void test_touches_stray_finger(void) {
    canvas_engine *e = tile_canvas();
    zoom_log log;
    watch_zoom(e, &log);
    const canvas_point two[2] = {{50, 50}, {150, 50}};
    const canvas_point three[3] = {{50, 50}, {150, 50}, {100, 150}};
    CHECK_OK(canvas_touches(e, two, 2));
    CHECK_OK(canvas_touches(e, three, 3));
    CHECK_CLOSE(zoom(e), 1);
    CHECK_OK(canvas_touches(e, two, 2));
    CHECK_CLOSE(zoom(e), 1);
    CHECK_OK(canvas_touches(e, NULL, 0));
    CHECK_EVENTS(&log, WILL_BEGIN, ENDED(1));
    canvas_engine_destroy(e);
}

static void test_touches_spread_is_mean_distance(void) {
    /* Three fingers; only the third moves, from (20, 30) to (20, 60):
    **   before: centroid (20, 10), distances sqrt 500, sqrt 500, 20;
    **   after:  centroid (20, 20), distances sqrt 800, sqrt 800, 40;
    ** scale = (2 sqrt 800 + 40) / (2 sqrt 500 + 20) = 1.4921, about the
    ** new centroid: x = (0 + 20) * s - 20. y is not zoomed. */
    const canvas_point before[3] = {{0, 0}, {40, 0}, {20, 30}};
    const canvas_point after[3] = {{0, 0}, {40, 0}, {20, 60}};
    const double s = (2 * sqrt(800) + 40) / (2 * sqrt(500) + 20);

    canvas_engine *e = tile_canvas();
    CHECK_OK(canvas_touches(e, before, 3));
    CHECK_OK(canvas_touches(e, after, 3));
    CHECK_CLOSE(zoom(e), s);
    CHECK_RECT(viewport(e), 20 * s - 20, 0, 200, 100);

    /* The test double, fed the same fingers, drives a second engine to the
    ** same place: the double and the engine's recognizer agree. */
    canvas_engine *twin = tile_canvas();
    recognizer r = new_recognizer(twin);
    CHECK_OK(rec_fingers(&r, before, 3));
    CHECK_OK(rec_fingers(&r, after, 3));
    CHECK_CLOSE(zoom(twin), zoom(e));
    canvas_rect a = viewport(e), b = viewport(twin);
    CHECK_RECT(a, b.x, b.y, b.width, b.height);
    canvas_engine_destroy(twin);
    canvas_engine_destroy(e);
}

/* ======================================================================== */
/* Tests: selection                                                          */
/* ======================================================================== */

static void test_select_at(void) {
    /* 15 tiles: row 0 full, row 1 columns 0..4. Content 1000 x 200. */
    canvas_engine *e = tile_canvas_with(15, 10, NULL, 200, 100, TOP_LEFT, 0);
    uint64_t id = 0;
    canvas_select_result result = -1;
    set_offset(e, 150, 100);
    /* Viewport (60, 20) is content (210, 120): column 2, row 1, id 13. */
    CHECK_OK(canvas_select_at(e, point2(60, 20), &id, &result));
    CHECK(result == CANVAS_SELECT_SELECTED);
    CHECK(id == 13);
    CHECK_OK(canvas_select_at(e, point2(180, 50), NULL, NULL));  /* (330, 150): id 14 */
    /* Content (650, 150) is past row 1's last item. */
    set_offset(e, 600, 100);
    id = 777;
    CHECK_OK(canvas_select_at(e, point2(50, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_NOTHING);
    CHECK(id == 777);
    CHECK_IDS(selection(e), 13, 14);

    /* By id, in data order whatever the order selected. */
    CHECK_OK(canvas_select_id(e, 5));
    CHECK_OK(canvas_select_id(e, 2));
    CHECK_IDS(selection(e), 2, 5, 13, 14);
    CHECK_STATUS(canvas_select_id(e, 99), CANVAS_ERR_NOT_FOUND);
    CHECK_IDS(selection(e), 2, 5, 13, 14);
    CHECK_OK(canvas_deselect_id(e, 13));
    CHECK_IDS(selection(e), 2, 5, 14);
    CHECK_OK(canvas_clear_selection(e));
    CHECK_NO_IDS(selection(e));
    canvas_engine_destroy(e);

    /* Data order is not id order. */
    uint64_t ids[100];
    for (int p = 0; p < 100; p++) ids[p] = (uint64_t)(1000 - p);
    e = tile_canvas_with(100, 10, ids, 200, 100, TOP_LEFT, 0);
    CHECK_OK(canvas_select_id(e, 990));
    CHECK_OK(canvas_select_id(e, 1000));
    CHECK_OK(canvas_select_id(e, 995));
    CHECK_IDS(selection(e), 1000, 995, 990);
    /* A zoomed hit: at 2 (offset 100), viewport (150, 50) is content
    ** (250, 50), zoomed column 1: id 999. */
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_OK(canvas_select_at(e, point2(150, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_SELECTED && id == 999);
    canvas_engine_destroy(e);
}

static void test_selection_during_pinch(void) {
    canvas_engine *e = tile_canvas();
    recognizer r = new_recognizer(e);
    uint64_t id = 0;
    canvas_select_result result = -1;
    CHECK_OK(canvas_select_id(e, 1));

    /* A tap while a pinch is in flight is refused and leaves no trace. */
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    id = 777;
    CHECK_OK(canvas_select_at(e, point2(150, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_REFUSED);
    CHECK(id == 777);
    CHECK_IDS(selection(e), 1);
    /* Selecting by id still works; zooming clears nothing. */
    CHECK_OK(canvas_select_id(e, 5));
    CHECK_OK(rec_pinch(&r, MIDDLE, 200));
    CHECK_CLOSE(zoom(e), 2);
    CHECK_IDS(selection(e), 1, 5);
    /* Back to 1 in the same gesture (offset (100 + 100) / 2 - 100 = 0), and
    ** selection during zoom allowed: (150, 50) selects id 2. (At 1, so
    ** this does not depend on zoomed hit testing, checked elsewhere.) */
    CHECK_OK(rec_pinch(&r, MIDDLE, 100));
    CHECK_RECT(viewport(e), 0, 0, 200, 100);
    CHECK_OK(canvas_set_selection_during_zoom(e, 1));
    CHECK_OK(canvas_select_at(e, point2(150, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_SELECTED && id == 2);
    CHECK_OK(canvas_set_selection_during_zoom(e, 0));
    CHECK_OK(canvas_select_at(e, point2(50, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_REFUSED);
    CHECK_OK(rec_lift(&r, CANVAS_PINCH_ENDED));
    CHECK_IDS(selection(e), 1, 2, 5);

    /* After the pinch a tap selects again. */
    CHECK_OK(canvas_clear_selection(e));
    CHECK_OK(canvas_select_at(e, point2(50, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_SELECTED && id == 1);
    CHECK_IDS(selection(e), 1);

    /* Through the engine's own recognizer too. */
    const canvas_point fingers[2] = {{50, 50}, {150, 50}};
    CHECK_OK(canvas_touches(e, fingers, 2));
    CHECK_OK(canvas_select_at(e, point2(50, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_REFUSED);
    CHECK_OK(canvas_touches(e, NULL, 0));
    CHECK_OK(canvas_select_at(e, point2(50, 50), &id, &result));
    CHECK(result == CANVAS_SELECT_SELECTED);
    canvas_engine_destroy(e);
}

/* ------------------------------------------------------------------------ */

int main(void) {
    /* Errors common to the new functions */
    RUN(test_null_engine);
    RUN(test_non_finite_arguments);
    RUN(test_invalid_arguments);
    /* Viewport, culling, scrolling */
    RUN(test_initial_anchor_default_center);
    RUN(test_initial_anchor_applied_once);
    RUN(test_offset_clamped);
    RUN(test_visible_updates);
    RUN(test_set_viewport_in_one_step);
    RUN(test_overscan);
    RUN(test_scroll_to_id);
    RUN(test_scroll_to_point_and_rect);
    RUN(test_paging);
    RUN(test_hit_test_last_wins);
    RUN(test_query_strict_intersection);
    RUN(test_items_far_apart);
    RUN(test_big_item_among_small);
    /* Sizing by id */
    RUN(test_fixed_item_size);
    RUN(test_estimated_size);
    RUN(test_measure_in_chunks);
    RUN(test_measure_waits_while_moving);
    RUN(test_measure_proposal_width);
    RUN(test_measured_sizes_clamped);
    RUN(test_measurements_cached_by_id);
    RUN(test_measure_failure_changes_nothing);
    RUN(test_measure_reentry_is_busy);
    RUN(test_measure_after_fixed_size);
    /* Backdrop */
    RUN(test_backdrop_dots);
    RUN(test_backdrop_grid);
    RUN(test_backdrop_far_from_the_origin);
    RUN(test_results_past_the_finite_range);
    RUN(test_counts_whose_arrays_cannot_exist);
    /* Zoom */
    RUN(test_zoom_rounds_zoomed_axes);
    RUN(test_zoomed_viewport_scrolling_and_hits);
    RUN(test_set_zoom);
    RUN(test_zoom_limits);
    RUN(test_two_finger_tap);
    /* Pinching */
    RUN(test_recognizer_double_is_uikit_like);
    RUN(test_pinch_zooms_about_the_fingers);
    RUN(test_pinch_ignores_stray_events);
    RUN(test_pinch_began_scale_is_the_baseline);
    RUN(test_pinch_speed_damping);
    RUN(test_pinch_clamp_never_discards);
    RUN(test_pinch_snaps_to_stops);
    RUN(test_pinch_rebases_when_zoom_changes_underneath);
    RUN(test_slow_pinch_reaches_the_next_stop);
    RUN(test_slow_pinch_escapes_the_minimum);
    /* Zoom callbacks */
    RUN(test_failing_zoom_callback_rolls_back);
    RUN(test_failing_will_begin_starts_no_pinch);
    RUN(test_zoom_callback_reentry_is_busy);
    /* canvas_touches */
    RUN(test_touches);
    RUN(test_touches_stray_finger);
    RUN(test_touches_spread_is_mean_distance);
    /* Selection */
    RUN(test_select_at);
    RUN(test_selection_during_pinch);

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
