/*
** test_abi.c: exercises libcanvas.so through the published C interface only
** (include/canvas.h), the way a C host would.
**
** Every expected number below is worked out by hand from the rules in the
** header and the issue (sanitize, proposal, normalize, mirror, content size,
** anchor, flow wrapping, grid cells); the comments show the arithmetic.
**
** The last line printed is "N passed, M failed"; the exit code is 0 only
** when nothing failed.
*/
#define _POSIX_C_SOURCE 200809L

#include "canvas.h"

#include <math.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

#define MAX_ITEMS 16
static const double PI = 3.14159265358979323846;

static canvas_insets insets(double top, double leading, double bottom, double trailing) {
    canvas_insets m = {top, leading, bottom, trailing};
    return m;
}

/* A snapshot of everything a resolve produces. */
typedef struct snapshot {
    size_t count;
    canvas_rect frames[MAX_ITEMS];
    uint64_t ids[MAX_ITEMS];
    canvas_size content;
    canvas_rect bounds;
} snapshot;

static snapshot take(canvas_engine *e) {
    snapshot s;
    memset(&s, 0, sizeof s);
    size_t n = 0;
    CHECK_OK(canvas_copy_frames(e, s.frames, MAX_ITEMS, &s.count));
    CHECK_OK(canvas_copy_ids(e, s.ids, MAX_ITEMS, &n));
    CHECK(n == s.count);
    CHECK_OK(canvas_get_content_size(e, &s.content));
    CHECK_OK(canvas_get_content_bounds(e, &s.bounds));
    return s;
}

static int same_snapshot(const snapshot *a, const snapshot *b) {
    if (a->count != b->count) return 0;
    for (size_t i = 0; i < a->count; i++) {
        if (!rect_close(a->frames[i], b->frames[i].x, b->frames[i].y,
                        b->frames[i].width, b->frames[i].height)) return 0;
        if (a->ids[i] != b->ids[i]) return 0;
    }
    return close_enough(a->content.width, b->content.width) &&
           close_enough(a->content.height, b->content.height) &&
           rect_close(a->bounds, b->bounds.x, b->bounds.y, b->bounds.width, b->bounds.height);
}

#define CHECK_SAME(a, b) record(same_snapshot(&(a), &(b)), __FILE__, __LINE__, \
                                "snapshots %s and %s differ", #a, #b)

/* Expected frame origins (sizes come from the item list). */
typedef struct xy { double x, y; } xy;

static void check_frames_at(const char *file, int line, canvas_engine *e,
                            const canvas_size *sizes, const xy *want, size_t n) {
    canvas_rect frames[MAX_ITEMS];
    size_t count = 0;
    int status = canvas_copy_frames(e, frames, MAX_ITEMS, &count);
    record(status == CANVAS_OK, file, line, "canvas_copy_frames returned %s", status_name(status));
    record(count == n, file, line, "frame count %zu, expected %zu", count, n);
    for (size_t i = 0; i < n && i < count; i++) {
        record(rect_close(frames[i], want[i].x, want[i].y, sizes[i].width, sizes[i].height),
               file, line, "frame %zu = {%g, %g, %g, %g}, expected {%g, %g, %g, %g}", i,
               frames[i].x, frames[i].y, frames[i].width, frames[i].height,
               want[i].x, want[i].y, sizes[i].width, sizes[i].height);
    }
}

#define CHECK_FRAMES(e, sizes, ...)                                            \
    do {                                                                       \
        const xy want_[] = {__VA_ARGS__};                                      \
        check_frames_at(__FILE__, __LINE__, (e), (sizes), want_,               \
                        sizeof want_ / sizeof want_[0]);                       \
    } while (0)

static canvas_size content_size(canvas_engine *e) {
    canvas_size s = {-1, -1};
    CHECK_OK(canvas_get_content_size(e, &s));
    return s;
}

static canvas_rect content_bounds(canvas_engine *e) {
    canvas_rect r = {-1, -1, -1, -1};
    CHECK_OK(canvas_get_content_bounds(e, &r));
    return r;
}

static size_t frame_count(canvas_engine *e) {
    size_t n = (size_t)-1;
    CHECK_OK(canvas_copy_frames(e, NULL, 0, &n));
    return n;
}

/* ------------------------------------------------------------------------ */
/* A custom layout: a ring, radius in user data                              */
/* ------------------------------------------------------------------------ */

#define RING_MAGIC 0x52494e47u

enum ring_mode {
    RING_OK,
    RING_FAIL_WITH_MESSAGE,   /* canvas_callback_error(msg), then return 42 */
    RING_FAIL_SILENTLY,       /* return -1 without a message */
    RING_FAIL_NULL_MESSAGE,   /* canvas_callback_error(NULL), then return 3 */
    RING_MESSAGE_BUT_OK,      /* canvas_callback_error(msg), then return OK */
    RING_NAN_FRAME,
    RING_INFINITE_FRAME,
    RING_NEGATIVE_FRAME,
    RING_REENTER,             /* call back into the engine, then place normally */
};

typedef struct ring {
    unsigned magic;
    double radius;
    enum ring_mode mode;
    canvas_engine *engine;    /* the engine running us, for callback_error / re-entry */
    canvas_engine *other;     /* a different engine, free to use from inside */
    /* what the last call saw */
    int calls;
    void *seen_user;
    size_t seen_count;
    double seen_pw, seen_ph;
    canvas_size seen_sizes[MAX_ITEMS];
    /* statuses from inside the callback */
    int callback_error_status;
    int reentry[9];
} ring;

static void ring_init(ring *r, double radius, canvas_engine *engine) {
    memset(r, 0, sizeof *r);
    r->magic = RING_MAGIC;
    r->radius = radius;
    r->engine = engine;
    r->seen_pw = r->seen_ph = -12345;
}

static canvas_status ring_place(void *user, const canvas_size *sizes, size_t count,
                                double proposal_width, double proposal_height,
                                canvas_rect *frames_out) {
    ring *r = user;
    if (r == NULL || r->magic != RING_MAGIC) return 99;
    r->calls++;
    r->seen_user = user;
    r->seen_count = count;
    r->seen_pw = proposal_width;
    r->seen_ph = proposal_height;
    for (size_t i = 0; i < count && i < MAX_ITEMS; i++) r->seen_sizes[i] = sizes[i];

    /* Item i is centered on the circle at angle 2*pi*i/count. */
    for (size_t i = 0; i < count; i++) {
        double angle = 2 * PI * (double)i / (double)count;
        double cx = r->radius * cos(angle), cy = r->radius * sin(angle);
        canvas_rect f = {cx - sizes[i].width / 2, cy - sizes[i].height / 2,
                         sizes[i].width, sizes[i].height};
        frames_out[i] = f;
    }

    switch (r->mode) {
    case RING_OK:
        return CANVAS_OK;
    case RING_FAIL_WITH_MESSAGE: {
        /* The engine must copy the message: this buffer dies with the call. */
        char message[64];
        snprintf(message, sizeof message, "ring exploded: radius %g", r->radius);
        r->callback_error_status = canvas_callback_error(r->engine, message);
        memset(message, 'X', sizeof message - 1);
        message[sizeof message - 1] = '\0';
        return 42;
    }
    case RING_FAIL_SILENTLY:
        return -1;
    case RING_FAIL_NULL_MESSAGE:
        r->callback_error_status = canvas_callback_error(r->engine, NULL);
        return 3;
    case RING_MESSAGE_BUT_OK:
        r->callback_error_status = canvas_callback_error(r->engine, "not really a failure");
        return CANVAS_OK;
    case RING_NAN_FRAME:
        if (count > 1) frames_out[1].x = NAN;
        return CANVAS_OK;
    case RING_INFINITE_FRAME:
        if (count > 0) frames_out[0].height = INFINITY;
        return CANVAS_OK;
    case RING_NEGATIVE_FRAME:
        if (count > 0) frames_out[count - 1].width = -1;
        return CANVAS_OK;
    case RING_REENTER: {
        canvas_engine *e = r->engine;
        size_t n = 0;
        canvas_size s;
        canvas_rect b;
        canvas_rect buffer[MAX_ITEMS];
        uint64_t ids[MAX_ITEMS];
        r->reentry[0] = canvas_resolve(e);
        r->reentry[1] = canvas_set_items(e, sizes, NULL, count);
        r->reentry[2] = canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0);
        r->reentry[3] = canvas_copy_frames(e, buffer, MAX_ITEMS, &n);
        r->reentry[4] = canvas_get_content_size(e, &s);
        r->reentry[5] = canvas_set_margins(e, insets(1, 1, 1, 1));
        r->reentry[6] = canvas_set_layout_custom(e, ring_place, r);
        r->reentry[7] = canvas_copy_ids(e, ids, MAX_ITEMS, &n) == CANVAS_ERR_BUSY &&
                        canvas_get_content_bounds(e, &b) == CANVAS_ERR_BUSY &&
                        canvas_set_content_size(e, CANVAS_CONTENT_AUTOMATIC, size2(0, 0)) == CANVAS_ERR_BUSY &&
                        canvas_set_content_anchor(e, point2(0, 0)) == CANVAS_ERR_BUSY &&
                        canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL) == CANVAS_ERR_BUSY &&
                        canvas_set_layout_grid(e, 2, 0, 0, point2(0, 0)) == CANVAS_ERR_BUSY;
        /* Destroying the running engine from inside is refused too. */
        canvas_engine_destroy(e);
        /* Another engine is independent and free to use. */
        r->reentry[8] = r->other ? canvas_resolve(r->other) : -1;
        return CANVAS_OK;
    }
    }
    return 77;
}

/* ------------------------------------------------------------------------ */
/* Shared item sets                                                          */
/* ------------------------------------------------------------------------ */

/* Flow set: every item 42 wide, so w + 8 = 50; heights + 8 = 30, 70, 50, 50
** sum to 200, so the default square side is sqrt(50 * 200) = 100 exactly. */
static const canvas_size FLOW[4] = {{42, 22}, {42, 62}, {42, 42}, {42, 42}};

/* Grid set. */
static const canvas_size GRID[5] = {{30, 20}, {50, 10}, {20, 40}, {40, 30}, {10, 10}};

/* Ring set: four items around a circle, centers (r,0), (0,r), (-r,0), (0,-r). */
static const canvas_size RING[4] = {{20, 20}, {40, 10}, {20, 20}, {10, 30}};

/* ------------------------------------------------------------------------ */
/* Tests                                                                     */
/* ------------------------------------------------------------------------ */

static void test_version(void) {
    CHECK(canvas_abi_version() == CANVAS_ABI_VERSION);
    CHECK_STR(canvas_version(), CANVAS_VERSION);
}

static void test_status_strings(void) {
    const char *seen[10];
    for (int code = 0; code <= 9; code++) {
        const char *text = canvas_status_string(code);
        CHECK_MESSAGE(text);
        record(text && strcmp(text, "unknown status") != 0, __FILE__, __LINE__,
               "status %d described as \"%s\"", code, text ? text : "(NULL)");
        seen[code] = text;
        for (int earlier = 0; earlier < code; earlier++) {
            record(text && seen[earlier] && strcmp(text, seen[earlier]) != 0, __FILE__, __LINE__,
                   "status %d and %d share the description \"%s\"", earlier, code, text ? text : "");
        }
    }
    CHECK_STR(canvas_status_string(9), "not enough memory");
    CHECK_STR(canvas_status_string(10), "unknown status");
    CHECK_STR(canvas_status_string(-1), "unknown status");
    CHECK_STR(canvas_status_string(12345), "unknown status");
    /* Static strings: the same pointer every time. */
    CHECK(canvas_status_string(CANVAS_ERR_BUSY) == canvas_status_string(CANVAS_ERR_BUSY));
}

static canvas_status never_called(void *user, const canvas_size *sizes, size_t count,
                                  double pw, double ph, canvas_rect *out) {
    (void)user; (void)sizes; (void)count; (void)pw; (void)ph; (void)out;
    return 1;
}

static void test_null_engine(void) {
    canvas_size size = {1, 1};
    canvas_rect rect;
    uint64_t id = 1;
    size_t n = 123;

    canvas_engine_destroy(NULL); /* harmless no-op */
    CHECK_STATUS(canvas_set_items(NULL, &size, &id, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_items(NULL, NULL, NULL, 0), CANVAS_ERR_NULL);
    CHECK(canvas_get_item_count(NULL) == 0);
    CHECK_MESSAGE(canvas_engine_last_error(NULL));
    CHECK_STATUS(canvas_set_layout_flow(NULL, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_layout_grid(NULL, 2, 8, 8, point2(0.5, 0.5)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_layout_custom(NULL, never_called, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_content_size(NULL, CANVAS_CONTENT_FIXED, size2(10, 10)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_margins(NULL, insets(1, 2, 3, 4)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_content_anchor(NULL, point2(0, 0)), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_layout_direction(NULL, CANVAS_DIRECTION_RTL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_resolve(NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_frames(NULL, &rect, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_frames(NULL, NULL, 0, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_ids(NULL, &id, 1, &n), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_content_size(NULL, &size), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_content_bounds(NULL, &rect), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_callback_error(NULL, "message"), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_callback_error(NULL, NULL), CANVAS_ERR_NULL);
}

static void test_null_arguments(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK(e != NULL);
    canvas_rect rect;
    uint64_t id;

    CHECK_STATUS(canvas_set_items(e, NULL, NULL, 3), CANVAS_ERR_NULL);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK(canvas_get_item_count(e) == 0);
    CHECK_STATUS(canvas_set_layout_custom(e, NULL, NULL), CANVAS_ERR_NULL);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_OK(canvas_resolve(e));
    CHECK_STATUS(canvas_copy_frames(e, &rect, 1, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_frames(e, NULL, 0, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_ids(e, &id, 1, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_content_size(e, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_content_bounds(e, NULL), CANVAS_ERR_NULL);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    canvas_engine_destroy(e);
}

static void test_fresh_engine(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK(e != NULL);
    CHECK_STR(canvas_engine_last_error(e), "");
    CHECK(canvas_get_item_count(e) == 0);
    CHECK_OK(canvas_resolve(e));
    CHECK(frame_count(e) == 0);
    /* Automatic, no margins, nothing to place. */
    CHECK_SIZE(content_size(e), 0, 0);
    CHECK_RECT(content_bounds(e), 0, 0, 0, 0);
    CHECK_STR(canvas_engine_last_error(e), "");
    canvas_engine_destroy(e);
}

static void test_empty_input(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, NULL, NULL, 0));
    CHECK(canvas_get_item_count(e) == 0);
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(640, 480)));
    CHECK_OK(canvas_resolve(e));
    CHECK(frame_count(e) == 0);
    CHECK_SIZE(content_size(e), 640, 480);
    /* Empty cluster 0x0, centered in 640x480: (320, 240). */
    CHECK_RECT(content_bounds(e), 320, 240, 0, 0);

    /* Every layout accepts no items. */
    CHECK_OK(canvas_set_layout_grid(e, 3, 8, 8, point2(0.5, 0.5)));
    CHECK_OK(canvas_resolve(e));
    CHECK(frame_count(e) == 0);
    CHECK_SIZE(content_size(e), 640, 480);
    ring r;
    ring_init(&r, 10, e);
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK_OK(canvas_resolve(e));
    CHECK(frame_count(e) == 0);
    CHECK_SIZE(content_size(e), 640, 480);

    /* Automatic with margins: just the margins, 2+4 by 1+3. */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AUTOMATIC, size2(0, 0)));
    CHECK_OK(canvas_set_margins(e, insets(1, 2, 3, 4)));
    CHECK_OK(canvas_resolve(e));
    CHECK_SIZE(content_size(e), 6, 4);

    /* At least 100x50: the larger of 100x50 and 6x4. */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(100, 50)));
    CHECK_OK(canvas_resolve(e));
    CHECK_SIZE(content_size(e), 100, 50);
    canvas_engine_destroy(e);
}

static void test_flow_default_square(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, FLOW, NULL, 4));
    CHECK(canvas_get_item_count(e) == 4);
    CHECK_OK(canvas_resolve(e));
    /* Wrap at sqrt(200 * 50) = 100. Row 1: x 0 and 50 (50+42 = 92 <= 100);
    ** item 2 at 100 would end at 142 > 100, so it wraps. Row 1 height 62,
    ** centered: item 0 at (62-22)/2 = 20. Row 2 at 62+8 = 70: x 0 and 50. */
    CHECK_FRAMES(e, FLOW, {0, 20}, {50, 0}, {0, 70}, {50, 70});
    CHECK_SIZE(content_size(e), 92, 112);
    CHECK_RECT(content_bounds(e), 0, 0, 92, 112);
    snapshot defaults = take(e);

    /* The defaults are spacing 8, 8, center, no maximum: stating them changes nothing. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
    CHECK_OK(canvas_resolve(e));
    snapshot explicit_zero = take(e);
    CHECK_SAME(explicit_zero, defaults);
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, NAN));
    CHECK_OK(canvas_resolve(e));
    snapshot explicit_nan = take(e);
    CHECK_SAME(explicit_nan, defaults);

    /* Ids default to 1..count. */
    uint64_t ids[4] = {0};
    size_t n = 0;
    CHECK_OK(canvas_copy_ids(e, ids, 4, &n));
    CHECK(n == 4);
    CHECK(ids[0] == 1 && ids[1] == 2 && ids[2] == 3 && ids[3] == 4);
    canvas_engine_destroy(e);
}

static void test_flow_alignment_and_spacing(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, FLOW, NULL, 4));

    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_TOP, 0));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 0}, {50, 0}, {0, 70}, {50, 70});

    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_BOTTOM, 0));
    CHECK_OK(canvas_resolve(e));
    /* Item 0 at 62 - 22 = 40. */
    CHECK_FRAMES(e, FLOW, {0, 40}, {50, 0}, {0, 70}, {50, 70});

    /* No spacing: wrap at sqrt(42 * (22+62+42+42)) = sqrt(42 * 168) = 84.
    ** Item 1 ends exactly at 84, which does not pass 84, so it stays. */
    CHECK_OK(canvas_set_layout_flow(e, 0, 0, CANVAS_FLOW_ALIGN_TOP, 0));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 0}, {42, 0}, {0, 62}, {42, 62});
    CHECK_SIZE(content_size(e), 84, 104);

    /* Unequal spacing, h 20 v 4: sum (62)(26+66+46+46) = 62 * 184 = 11408,
    ** sqrt = 106.8; row 1: 0 and 62 (ends 104 <= 106.8), item 2 at 124 wraps.
    ** Rows: height 62 then 42, second row at 62+4 = 66. Center: item 0 at 20. */
    CHECK_OK(canvas_set_layout_flow(e, 20, 4, CANVAS_FLOW_ALIGN_CENTER, 0));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 20}, {62, 0}, {0, 66}, {62, 66});
    CHECK_SIZE(content_size(e), 104, 108);
    canvas_engine_destroy(e);
}

static void test_flow_max_width(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, FLOW, NULL, 4));

    /* 92: item 1 ends exactly at 92, still fits; same as the square. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 92));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 20}, {50, 0}, {0, 70}, {50, 70});

    /* 91.9: item 1 would end at 92 > 91.9, so one item per row:
    ** y 0, 22+8 = 30, 30+62+8 = 100, 100+42+8 = 150. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 91.9));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 0}, {0, 30}, {0, 100}, {0, 150});
    CHECK_SIZE(content_size(e), 42, 192);

    /* 10 is less than the widest item (42): wrap at 42, one per row again. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 10));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 0}, {0, 30}, {0, 100}, {0, 150});

    /* 200: one row, x 0 50 100 150 (ends 192); row height 62, centered. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 200));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 20}, {50, 0}, {100, 10}, {150, 10});
    CHECK_SIZE(content_size(e), 192, 62);

    /* The maximum wins over the proposal: fixed 100x100 proposes 100 wide,
    ** but the row still wraps at 200. Cluster 192x62 in 100x100: x spills
    ** (origin 0), y centered (100-62)/2 = 19. */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(100, 100)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {0, 39}, {50, 19}, {100, 29}, {150, 29});
    CHECK_SIZE(content_size(e), 100, 100);
    CHECK_RECT(content_bounds(e), 0, 19, 192, 62);
    canvas_engine_destroy(e);
}

static void test_flow_proposal(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, FLOW, NULL, 4));

    /* Fixed 300x200, no margins: proposal 300 wide, one row (ends 192).
    ** Cluster 192x62; origin ((300-192)/2, (200-62)/2) = (54, 69). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(300, 200)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {54, 89}, {104, 69}, {154, 79}, {204, 79});
    CHECK_SIZE(content_size(e), 300, 200);
    CHECK_RECT(content_bounds(e), 54, 69, 192, 62);

    /* Fixed 180x100, margins top 5 leading 10 bottom 5 trailing 20: proposal
    ** (150, 90). Row 1: x 0 50 100 (ends 142 <= 150), item 3 wraps to y 70.
    ** Cluster 142x112. Available (150, 90): origin (10 + 8/2, 5 + 0) = (14, 5). */
    CHECK_OK(canvas_set_margins(e, insets(5, 10, 5, 20)));
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(180, 100)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {14, 25}, {64, 5}, {114, 15}, {14, 75});
    CHECK_SIZE(content_size(e), 180, 100);
    CHECK_RECT(content_bounds(e), 14, 5, 142, 112);

    /* Same, right-to-left: x' = 142 - maxX gives 100, 50, 0, 100; the left
    ** inset is now trailing = 20, origin x = 20 + 8/2 = 24. */
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {124, 25}, {74, 5}, {24, 15}, {124, 75});
    CHECK_RECT(content_bounds(e), 24, 5, 142, 112);
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_LTR));

    /* At least 180x100: same proposal and cluster; content per axis
    ** max(180, 142+30) = 180, max(100, 112+10) = 122. Available (150, 112). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(180, 100)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {14, 25}, {64, 5}, {114, 15}, {14, 75});
    CHECK_SIZE(content_size(e), 180, 122);

    /* Fixed 30x100: proposal width max(0, 30-30) = 0 is not positive, so the
    ** square (100) decides: rows of two, cluster 92x112, pinned at (10, 5). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(30, 100)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, FLOW, {10, 25}, {60, 5}, {10, 75}, {60, 75});
    CHECK_SIZE(content_size(e), 30, 100);
    CHECK_RECT(content_bounds(e), 10, 5, 92, 112);
    canvas_engine_destroy(e);
}

static void test_grid(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, GRID, NULL, 5));

    /* 3 columns, spacing 10 x 5. Column widths 40 50 20 at x 0, 50, 110;
    ** row heights 40 30 at y 0, 45. */
    CHECK_OK(canvas_set_layout_grid(e, 3, 10, 5, point2(0.5, 0.5)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {5, 10}, {50, 15}, {110, 0}, {0, 45}, {70, 55});
    CHECK_SIZE(content_size(e), 130, 75);
    CHECK_RECT(content_bounds(e), 0, 0, 130, 75);

    CHECK_OK(canvas_set_layout_grid(e, 3, 10, 5, point2(1, 0)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {10, 0}, {50, 0}, {110, 0}, {0, 45}, {90, 45});

    CHECK_OK(canvas_set_layout_grid(e, 3, 10, 5, point2(0, 1)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {0, 20}, {50, 30}, {110, 0}, {0, 45}, {50, 65});

    /* Right-to-left mirrors the centered grid: x' = 130 - maxX. */
    CHECK_OK(canvas_set_layout_grid(e, 3, 10, 5, point2(0.5, 0.5)));
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {95, 10}, {30, 15}, {0, 0}, {90, 45}, {50, 55});
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_LTR));

    /* 0 columns counts as 1: one column 50 wide, items right-aligned
    ** (x = 50 - w), rows at 0, 25, 40, 85, 120. */
    CHECK_OK(canvas_set_layout_grid(e, 0, 10, 5, point2(1, 0)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {20, 0}, {0, 25}, {30, 40}, {10, 85}, {40, 120});
    CHECK_SIZE(content_size(e), 50, 130);
    snapshot zero_columns = take(e);
    CHECK_OK(canvas_set_layout_grid(e, 1, 10, 5, point2(1, 0)));
    CHECK_OK(canvas_resolve(e));
    snapshot one_column = take(e);
    CHECK_SAME(zero_columns, one_column);

    /* More columns than items: two items in one row, 30 + 10 + 50 = 90 wide. */
    CHECK_OK(canvas_set_items(e, GRID, NULL, 2));
    CHECK_OK(canvas_set_layout_grid(e, 10, 10, 5, point2(0.5, 0.5)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {0, 0}, {40, 5});
    CHECK_SIZE(content_size(e), 90, 20);
    canvas_engine_destroy(e);
}

static void test_sanitize(void) {
    canvas_engine *e = canvas_engine_create();
    /* Real items first and last so the cluster's extent never hangs on a
    ** zero-sized frame. */
    const canvas_size dirty[7] = {{10, 30}, {NAN, 10}, {-5, 20}, {INFINITY, -INFINITY},
                                  {30, NAN}, {-0.5, 7}, {10, 30}};
    const canvas_size clean[7] = {{10, 30}, {0, 10}, {0, 20}, {0, 0},
                                  {30, 0}, {0, 7}, {10, 30}};
    CHECK_OK(canvas_set_items(e, dirty, NULL, 7));
    CHECK(canvas_get_item_count(e) == 7);

    /* A layout only ever sees clean sizes. */
    ring r;
    ring_init(&r, 10, e);
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK_OK(canvas_resolve(e));
    CHECK(r.seen_count == 7);
    for (int i = 0; i < 7; i++) {
        CHECK_SIZE(r.seen_sizes[i], clean[i].width, clean[i].height);
    }

    /* And so do the frames. Flow, one row (max width 1000), spacing 8:
    ** x 0, 18, 26, 34, 42, 80, 88 (ends 98); row height 30, centered:
    ** y = (30 - h)/2 = 0, 10, 5, 15, 15, 11.5, 0. */
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 1000));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, clean, {0, 0}, {18, 10}, {26, 5}, {34, 15}, {42, 15}, {80, 11.5}, {88, 0});
    CHECK_SIZE(content_size(e), 98, 30);
    canvas_engine_destroy(e);
}

/* Grid, 2 columns, spacing 10 x 0, top-leading: s0 at (0,0) 30x20, s1 at
** (40,0) 50x10; cluster 90x20. Margins top 5, leading 10, bottom 15,
** trailing 40 (horizontal 50, vertical 20). */
static void test_margins_rtl_anchor(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, GRID, NULL, 2));
    CHECK_OK(canvas_set_layout_grid(e, 2, 10, 0, point2(0, 0)));
    CHECK_OK(canvas_set_margins(e, insets(5, 10, 15, 40)));

    /* Automatic: 90+50 by 20+20; origin (leading 10, top 5). */
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {10, 5}, {50, 5});
    CHECK_SIZE(content_size(e), 140, 40);
    CHECK_RECT(content_bounds(e), 10, 5, 90, 20);

    /* Right-to-left: mirrored x' = 90 - maxX gives 60 and 0; left inset is
    ** trailing = 40. */
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {100, 5}, {40, 5});
    CHECK_SIZE(content_size(e), 140, 40);
    CHECK_RECT(content_bounds(e), 40, 5, 90, 20);

    /* Fixed 200x100, default (center) anchor: available (150, 80).
    ** LTR origin (10 + 60/2, 5 + 60/2) = (40, 35); RTL (40 + 30, 35). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(200, 100)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {130, 35}, {70, 35});
    CHECK_RECT(content_bounds(e), 70, 35, 90, 20);
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_LTR));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {40, 35}, {80, 35});
    CHECK_RECT(content_bounds(e), 40, 35, 90, 20);

    /* At least 200x100 with anchor (0.25, 1): content (max(200,140),
    ** max(100,40)) = 200x100, available (150, 80), spare (60, 60).
    ** LTR origin (10 + 60*0.25, 5 + 60) = (25, 65). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(200, 100)));
    CHECK_OK(canvas_set_content_anchor(e, point2(0.25, 1)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {25, 65}, {65, 65});
    CHECK_SIZE(content_size(e), 200, 100);
    CHECK_RECT(content_bounds(e), 25, 65, 90, 20);

    /* RTL: ax becomes 0.75, origin (40 + 60*0.75, 65) = (85, 65). */
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, GRID, {145, 65}, {85, 65});
    CHECK_RECT(content_bounds(e), 85, 65, 90, 20);

    /* Anchor (1,1) in RTL is bottom-left: origin (40 + 0, 65). */
    CHECK_OK(canvas_set_content_anchor(e, point2(1, 1)));
    CHECK_OK(canvas_resolve(e));
    CHECK_RECT(content_bounds(e), 40, 65, 90, 20);
    /* Anchor (0,0) in RTL is top-right: origin (40 + 60, 5). */
    CHECK_OK(canvas_set_content_anchor(e, point2(0, 0)));
    CHECK_OK(canvas_resolve(e));
    CHECK_RECT(content_bounds(e), 100, 5, 90, 20);
    CHECK_FRAMES(e, GRID, {160, 5}, {100, 5});

    /* Fixed 120x30 is smaller than 140x40: the cluster is pinned at the
    ** left/top insets whatever the anchor (spare room max(0, ...) = 0). */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(120, 30)));
    CHECK_OK(canvas_set_content_anchor(e, point2(0.5, 0.5)));
    CHECK_OK(canvas_resolve(e));
    CHECK_SIZE(content_size(e), 120, 30);
    CHECK_RECT(content_bounds(e), 40, 5, 90, 20);
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_LTR));
    CHECK_OK(canvas_resolve(e));
    CHECK_RECT(content_bounds(e), 10, 5, 90, 20);
    canvas_engine_destroy(e);
}

/* Ring, radius 100: centers (100,0), (0,100), (-100,0), (0,-100).
** item 0 20x20 -> (90,-10); item 1 40x10 -> (-20,95); item 2 20x20 ->
** (-110,-10); item 3 10x30 -> (-5,-115). Cluster x -110..110, y -115..105:
** 220x220; normalized by (+110, +115): (200,105), (90,210), (0,105), (105,0).
** Mirrored x' = 220 - (x + w): 0, 90, 200, 105. */
static void test_custom_ring(void) {
    canvas_engine *e = canvas_engine_create();
    ring r;
    ring_init(&r, 100, e);
    CHECK_OK(canvas_set_items(e, RING, NULL, 4));
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK(r.calls == 0); /* only called during resolve */
    CHECK_OK(canvas_resolve(e));
    CHECK(r.calls == 1);
    CHECK(r.seen_user == (void *)&r);
    CHECK(r.seen_count == 4);
    CHECK(isnan(r.seen_pw) && isnan(r.seen_ph)); /* automatic: open on both sides */
    for (int i = 0; i < 4; i++) CHECK_SIZE(r.seen_sizes[i], RING[i].width, RING[i].height);
    CHECK_FRAMES(e, RING, {200, 105}, {90, 210}, {0, 105}, {105, 0});
    CHECK_SIZE(content_size(e), 220, 220);
    CHECK_RECT(content_bounds(e), 0, 0, 220, 220);

    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, RING, {0, 105}, {90, 210}, {200, 105}, {105, 0});

    /* Margins top 5, leading 10, bottom 15, trailing 40: content 270x240;
    ** RTL origin (40, 5), LTR origin (10, 5). */
    CHECK_OK(canvas_set_margins(e, insets(5, 10, 15, 40)));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, RING, {40, 110}, {130, 215}, {240, 110}, {145, 5});
    CHECK_SIZE(content_size(e), 270, 240);
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_LTR));
    CHECK_OK(canvas_resolve(e));
    CHECK_FRAMES(e, RING, {210, 110}, {100, 215}, {10, 110}, {115, 5});
    CHECK(isnan(r.seen_pw) && isnan(r.seen_ph));

    /* Proposals: size less margins (50 across, 20 down), never negative. */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(300, 200)));
    CHECK_OK(canvas_resolve(e));
    CHECK_CLOSE(r.seen_pw, 250);
    CHECK_CLOSE(r.seen_ph, 180);
    /* 220x220 in fixed 300x200: available (250, 180); origin (10 + 15, 5). */
    CHECK_SIZE(content_size(e), 300, 200);
    CHECK_RECT(content_bounds(e), 25, 5, 220, 220);

    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(300, 200)));
    CHECK_OK(canvas_resolve(e));
    CHECK_CLOSE(r.seen_pw, 250);
    CHECK_CLOSE(r.seen_ph, 180);
    /* content (max(300, 270), max(200, 240)) = (300, 240); available (250, 220). */
    CHECK_SIZE(content_size(e), 300, 240);
    CHECK_RECT(content_bounds(e), 25, 5, 220, 220);

    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(60, 25)));
    CHECK_OK(canvas_resolve(e));
    CHECK_CLOSE(r.seen_pw, 10);
    CHECK_CLOSE(r.seen_ph, 5);
    CHECK_SIZE(content_size(e), 270, 240);

    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(30, 10)));
    CHECK_OK(canvas_resolve(e));
    CHECK_CLOSE(r.seen_pw, 0);
    CHECK_CLOSE(r.seen_ph, 0);
    CHECK(!signbit(r.seen_pw) && !signbit(r.seen_ph));

    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AUTOMATIC, size2(0, 0)));
    CHECK_OK(canvas_resolve(e));
    CHECK(isnan(r.seen_pw) && isnan(r.seen_ph));

    /* The radius comes from user data: radius 50 gives a 120x120 cluster
    ** (x -60..60 from items 0 and 2, y -65..55 from items 3 and 1). */
    CHECK_OK(canvas_set_margins(e, insets(0, 0, 0, 0)));
    r.radius = 50;
    CHECK_OK(canvas_resolve(e));
    CHECK_SIZE(content_size(e), 120, 120);
    CHECK_FRAMES(e, RING, {100, 55}, {40, 110}, {0, 55}, {55, 0});

    /* A second ring on a second engine with its own user data. */
    canvas_engine *e2 = canvas_engine_create();
    ring r2;
    ring_init(&r2, 10, e2);
    CHECK_OK(canvas_set_items(e2, RING, NULL, 4));
    CHECK_OK(canvas_set_layout_custom(e2, ring_place, &r2));
    int calls_before = r.calls;
    CHECK_OK(canvas_resolve(e2));
    CHECK(r2.calls == 1 && r2.seen_user == (void *)&r2);
    CHECK(r.calls == calls_before);
    /* radius 10: x -20..20 (item 1 spans -20..20; items 0/2 reach +-20),
    ** y -25..15 (item 3 from -25, item 1 to 15). */
    CHECK_SIZE(content_size(e2), 40, 40);
    canvas_engine_destroy(e2);

    /* Another layout selected: the callback is never called again. */
    calls_before = r.calls;
    CHECK_OK(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
    CHECK_OK(canvas_resolve(e));
    CHECK(r.calls == calls_before);
    canvas_engine_destroy(e);
}

static void test_callback_failure(void) {
    canvas_engine *e = canvas_engine_create();
    ring r;
    ring_init(&r, 100, e);
    CHECK_OK(canvas_set_items(e, RING, NULL, 4));
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK_OK(canvas_resolve(e));
    snapshot good = take(e);
    CHECK(good.count == 4);

    /* Outside a callback canvas_callback_error is refused. */
    CHECK_STATUS(canvas_callback_error(e, "too early"), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(e));

    /* Failure with a message: CANVAS_ERR_CALLBACK and that message. Change
    ** the radius so that a successful resolve would move the frames. */
    r.mode = RING_FAIL_WITH_MESSAGE;
    r.radius = 50;
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_CALLBACK);
    CHECK_OK(r.callback_error_status);
    CHECK_STR(canvas_engine_last_error(e), "ring exploded: radius 50");
    snapshot after = take(e);
    CHECK_SAME(after, good);

    /* Failure without a message: a generic one, not the stale one. */
    r.mode = RING_FAIL_SILENTLY;
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_CALLBACK);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK(strstr(canvas_engine_last_error(e), "ring exploded") == NULL);
    after = take(e);
    CHECK_SAME(after, good);

    /* canvas_callback_error(NULL message) is allowed: a generic message. */
    r.mode = RING_FAIL_NULL_MESSAGE;
    r.callback_error_status = -1;
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_CALLBACK);
    CHECK_OK(r.callback_error_status);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    after = take(e);
    CHECK_SAME(after, good);

    /* The return value decides: a message followed by CANVAS_OK succeeds,
    ** and the message does not linger into a later failure. */
    r.mode = RING_MESSAGE_BUT_OK;
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(r.callback_error_status);
    CHECK_SIZE(content_size(e), 120, 120);
    r.mode = RING_FAIL_SILENTLY;
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_CALLBACK);
    CHECK(strstr(canvas_engine_last_error(e), "not really a failure") == NULL);
    CHECK_SIZE(content_size(e), 120, 120);

    /* And it recovers. */
    r.mode = RING_OK;
    r.radius = 100;
    CHECK_OK(canvas_resolve(e));
    after = take(e);
    CHECK_SAME(after, good);
    canvas_engine_destroy(e);
}

static void test_bad_frames(void) {
    canvas_engine *e = canvas_engine_create();
    ring r;
    ring_init(&r, 100, e);
    CHECK_OK(canvas_set_items(e, RING, NULL, 4));
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK_OK(canvas_resolve(e));
    snapshot good = take(e);

    const enum ring_mode bad[3] = {RING_NAN_FRAME, RING_INFINITE_FRAME, RING_NEGATIVE_FRAME};
    for (int i = 0; i < 3; i++) {
        r.mode = bad[i];
        r.radius = 30 + i;
        CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_BAD_LAYOUT);
        CHECK_MESSAGE(canvas_engine_last_error(e));
        snapshot after = take(e);
        CHECK_SAME(after, good);
    }
    canvas_engine_destroy(e);
}

static void test_reentrancy(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_engine *other = canvas_engine_create();
    CHECK_OK(canvas_set_items(other, FLOW, NULL, 4));

    ring r;
    ring_init(&r, 100, e);
    r.other = other;
    r.mode = RING_REENTER;
    CHECK_OK(canvas_set_items(e, RING, NULL, 4));
    CHECK_OK(canvas_set_layout_custom(e, ring_place, &r));
    CHECK_OK(canvas_resolve(e));
    CHECK(r.calls == 1); /* the nested resolve did not run the callback again */
    for (int i = 0; i < 7; i++) {
        record(r.reentry[i] == CANVAS_ERR_BUSY, __FILE__, __LINE__,
               "re-entrant call %d returned %s, expected CANVAS_ERR_BUSY", i, status_name(r.reentry[i]));
    }
    CHECK(r.reentry[7] == 1); /* the remaining setters and getters, all BUSY */
    CHECK_OK(r.reentry[8]);   /* a different engine works from inside */
    CHECK_SIZE(content_size(other), 92, 112);

    /* The refused calls changed nothing: still the ring (not flow), no
    ** margins, LTR, automatic; the engine survived the destroy attempt. */
    CHECK_MESSAGE(canvas_engine_last_error(e)); /* the BUSY calls failed */
    CHECK(canvas_get_item_count(e) == 4);
    CHECK_FRAMES(e, RING, {200, 105}, {90, 210}, {0, 105}, {105, 0});
    CHECK_SIZE(content_size(e), 220, 220);
    r.mode = RING_OK;
    CHECK_OK(canvas_resolve(e));
    CHECK(r.calls == 2);
    CHECK_FRAMES(e, RING, {200, 105}, {90, 210}, {0, 105}, {105, 0});

    /* After the callback returns the engine takes calls again. */
    CHECK_OK(canvas_set_margins(e, insets(1, 1, 1, 1)));
    CHECK_OK(canvas_resolve(e));
    CHECK_SIZE(content_size(e), 222, 222);
    canvas_engine_destroy(e);
    canvas_engine_destroy(other);
}

static void test_copy_buffers(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, GRID, NULL, 5));
    CHECK_OK(canvas_resolve(e));

    size_t n = 999;
    CHECK_OK(canvas_copy_frames(e, NULL, 0, &n));
    CHECK(n == 5);
    n = 999;
    CHECK_OK(canvas_copy_frames(e, NULL, 100, &n)); /* capacity ignored with NULL */
    CHECK(n == 5);
    n = 999;
    CHECK_OK(canvas_copy_ids(e, NULL, 0, &n));
    CHECK(n == 5);

    /* Too small: the count needed, nothing written. */
    canvas_rect frames[8];
    canvas_rect sentinel[8];
    memset(sentinel, 0xA5, sizeof sentinel);
    memcpy(frames, sentinel, sizeof frames);
    n = 999;
    CHECK_STATUS(canvas_copy_frames(e, frames, 4, &n), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 5);
    CHECK(memcmp(frames, sentinel, sizeof frames) == 0);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    n = 999;
    CHECK_STATUS(canvas_copy_frames(e, frames, 0, &n), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 5);
    CHECK(memcmp(frames, sentinel, sizeof frames) == 0);

    uint64_t ids[8], id_sentinel[8];
    memset(id_sentinel, 0x5A, sizeof id_sentinel);
    memcpy(ids, id_sentinel, sizeof ids);
    n = 999;
    CHECK_STATUS(canvas_copy_ids(e, ids, 4, &n), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(n == 5);
    CHECK(memcmp(ids, id_sentinel, sizeof ids) == 0);

    /* Exactly enough, and more than enough (the rest untouched). */
    n = 0;
    CHECK_OK(canvas_copy_frames(e, frames, 5, &n));
    CHECK(n == 5);
    memcpy(frames, sentinel, sizeof frames);
    n = 0;
    CHECK_OK(canvas_copy_frames(e, frames, 8, &n));
    CHECK(n == 5);
    CHECK(memcmp(&frames[5], &sentinel[5], 3 * sizeof frames[0]) == 0);
    /* Default flow of GRID: sum (38*28 + 58*18 + 28*48 + 48*38 + 18*18)
    ** = 1064 + 1044 + 1344 + 1824 + 324 = 5600, sqrt = 74.8; widest 50.
    ** Rows: [0] (30+8+50 = 88 > 74.8), [1] (58+20 > 74.8), [2, 3]
    ** (28+40 = 68), [4]. Row heights 20, 10, 40, 10 at y 0, 28, 46, 94;
    ** item 2 at x 0, item 3 at 28 centered at 46+5 = 51. */
    CHECK_RECT(frames[0], 0, 0, 30, 20);
    CHECK_RECT(frames[1], 0, 28, 50, 10);
    CHECK_RECT(frames[2], 0, 46, 20, 40);
    CHECK_RECT(frames[3], 28, 51, 40, 30);
    CHECK_RECT(frames[4], 0, 94, 10, 10);

    memcpy(ids, id_sentinel, sizeof ids);
    n = 0;
    CHECK_OK(canvas_copy_ids(e, ids, 8, &n));
    CHECK(n == 5);
    CHECK(ids[0] == 1 && ids[1] == 2 && ids[2] == 3 && ids[3] == 4 && ids[4] == 5);
    CHECK(memcmp(&ids[5], &id_sentinel[5], 3 * sizeof ids[0]) == 0);
    canvas_engine_destroy(e);
}

static void test_ids(void) {
    canvas_engine *e = canvas_engine_create();
    const uint64_t ids[3] = {30, 10, UINT64_MAX};
    CHECK_OK(canvas_set_items(e, GRID, ids, 3));
    CHECK_OK(canvas_resolve(e));
    uint64_t got[3] = {0};
    size_t n = 0;
    CHECK_OK(canvas_copy_ids(e, got, 3, &n));
    CHECK(n == 3 && got[0] == 30 && got[1] == 10 && got[2] == UINT64_MAX);
    snapshot good = take(e);

    /* Duplicate ids are refused and change nothing. */
    const uint64_t dup[4] = {5, 6, 7, 5};
    CHECK_STATUS(canvas_set_items(e, GRID, dup, 4), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK(canvas_get_item_count(e) == 3);
    CHECK_OK(canvas_resolve(e));
    snapshot after = take(e);
    CHECK_SAME(after, good);

    /* Frames and ids belong to the last resolve, not the last set_items. */
    CHECK_OK(canvas_set_items(e, GRID, NULL, 5));
    CHECK(canvas_get_item_count(e) == 5);
    after = take(e);
    CHECK_SAME(after, good);
    CHECK_OK(canvas_resolve(e));
    CHECK(frame_count(e) == 5);
    canvas_engine_destroy(e);
}

static void test_invalid_arguments(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_items(e, GRID, NULL, 5));
    CHECK_OK(canvas_set_layout_grid(e, 3, 10, 5, point2(0.5, 0.5)));
    CHECK_OK(canvas_set_margins(e, insets(5, 10, 15, 40)));
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(300, 200)));
    CHECK_OK(canvas_set_content_anchor(e, point2(0.25, 0.75)));
    CHECK_OK(canvas_set_layout_direction(e, CANVAS_DIRECTION_RTL));
    CHECK_OK(canvas_resolve(e));
    snapshot good = take(e);
    /* Grid cluster 130x75 in at-least 300x200 (needed 180x95): content
    ** 300x200, available 250x180, RTL ax 0.75: origin (40 + 120*0.75,
    ** 5 + 105*0.75) = (130, 83.75). */
    CHECK_SIZE(good.content, 300, 200);
    CHECK_RECT(good.bounds, 130, 83.75, 130, 75);

    /* Non-finite numbers. */
    CHECK_STATUS(canvas_set_layout_flow(e, NAN, 8, CANVAS_FLOW_ALIGN_CENTER, 0), CANVAS_ERR_NON_FINITE);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_STATUS(canvas_set_layout_flow(e, 8, INFINITY, CANVAS_FLOW_ALIGN_CENTER, 0), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, NAN, 8, point2(0.5, 0.5)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, 8, -INFINITY, point2(0.5, 0.5)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, 8, 8, point2(NAN, 0.5)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(NAN, 10)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(10, INFINITY)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_margins(e, insets(0, NAN, 0, 0)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_margins(e, insets(0, 0, 0, INFINITY)), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_content_anchor(e, point2(0.5, NAN)), CANVAS_ERR_NON_FINITE);
    CHECK_MESSAGE(canvas_engine_last_error(e));

    /* Out of range. */
    CHECK_STATUS(canvas_set_layout_flow(e, -1, 8, CANVAS_FLOW_ALIGN_CENTER, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_flow(e, 8, -1, CANVAS_FLOW_ALIGN_CENTER, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_flow(e, 8, 8, 3, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_flow(e, 8, 8, -1, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_TOP, -5), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_grid(e, -1, 8, 8, point2(0.5, 0.5)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, -0.5, 8, point2(0.5, 0.5)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, 8, 8, point2(1.5, 0.5)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_grid(e, 2, 8, 8, point2(0.5, -0.1)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(-1, 10)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_size(e, CANVAS_CONTENT_AT_LEAST, size2(10, -1)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_size(e, 3, size2(10, 10)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_size(e, -1, size2(10, 10)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_margins(e, insets(-1, 0, 0, 0)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_margins(e, insets(0, 0, -0.001, 0)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_anchor(e, point2(1.01, 0)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_content_anchor(e, point2(0, -0.01)), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_direction(e, 2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_layout_direction(e, -1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(e));

    /* None of it stuck: the next resolve is identical to the last good one. */
    CHECK_OK(canvas_resolve(e));
    snapshot after = take(e);
    CHECK_SAME(after, good);

    /* Edges that are allowed. */
    CHECK_OK(canvas_set_content_anchor(e, point2(0, 0)));
    CHECK_OK(canvas_set_content_anchor(e, point2(1, 1)));
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_AUTOMATIC, size2(NAN, -1))); /* size ignored */
    CHECK_OK(canvas_set_content_size(e, CANVAS_CONTENT_FIXED, size2(0, 0)));
    CHECK_OK(canvas_set_margins(e, insets(0, 0, 0, 0)));
    CHECK_OK(canvas_set_layout_flow(e, 0, 0, CANVAS_FLOW_ALIGN_BOTTOM, NAN));
    CHECK_OK(canvas_set_layout_grid(e, 0, 0, 0, point2(1, 0)));
    canvas_engine_destroy(e);
}

static void test_last_error_lifetime(void) {
    canvas_engine *e = canvas_engine_create();
    CHECK_STATUS(canvas_set_margins(e, insets(NAN, 0, 0, 0)), CANVAS_ERR_NON_FINITE);
    const char *message = canvas_engine_last_error(e);
    CHECK_MESSAGE(message);
    char copy[256];
    snprintf(copy, sizeof copy, "%s", message ? message : "");

    /* Successful calls leave the string (and its pointer) alone. */
    CHECK_OK(canvas_set_items(e, FLOW, NULL, 4));
    CHECK_OK(canvas_set_margins(e, insets(1, 2, 3, 4)));
    CHECK_OK(canvas_resolve(e));
    size_t n;
    CHECK_OK(canvas_copy_frames(e, NULL, 0, &n));
    CHECK_STR(message, copy);
    CHECK_STR(canvas_engine_last_error(e), copy);

    /* The next failure replaces it. */
    CHECK_STATUS(canvas_set_layout_direction(e, 7), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK(strcmp(canvas_engine_last_error(e), copy) != 0);

    /* Errors are per engine. */
    canvas_engine *other = canvas_engine_create();
    CHECK_STR(canvas_engine_last_error(other), "");
    canvas_engine_destroy(other);
    canvas_engine_destroy(e);
}

/* Different engines on different threads at once. */
typedef struct worker {
    int mismatches;
    int columns;
} worker;

static void *work(void *arg) {
    worker *w = arg;
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[MAX_ITEMS];
    for (int i = 0; i < MAX_ITEMS; i++) sizes[i] = size2(10 + i, 20 - i);
    if (canvas_set_items(e, sizes, NULL, MAX_ITEMS) != CANVAS_OK) w->mismatches++;
    if (canvas_set_layout_grid(e, w->columns, 2, 3, point2(0.5, 0.5)) != CANVAS_OK) w->mismatches++;
    canvas_rect first[MAX_ITEMS], now[MAX_ITEMS];
    size_t n = 0;
    for (int round = 0; round < 200; round++) {
        if (canvas_resolve(e) != CANVAS_OK) w->mismatches++;
        if (canvas_copy_frames(e, round == 0 ? first : now, MAX_ITEMS, &n) != CANVAS_OK) w->mismatches++;
        if (round > 0 && memcmp(first, now, sizeof first) != 0) w->mismatches++;
    }
    canvas_engine_destroy(e);
    return NULL;
}

static void test_threads(void) {
    pthread_t threads[2];
    worker workers[2] = {{0, 3}, {0, 5}};
    for (int i = 0; i < 2; i++) CHECK(pthread_create(&threads[i], NULL, work, &workers[i]) == 0);
    for (int i = 0; i < 2; i++) CHECK(pthread_join(threads[i], NULL) == 0);
    CHECK(workers[0].mismatches == 0);
    CHECK(workers[1].mismatches == 0);
}

/* ------------------------------------------------------------------------ */

int main(void) {
    RUN(test_version);
    RUN(test_status_strings);
    RUN(test_null_engine);
    RUN(test_null_arguments);
    RUN(test_fresh_engine);
    RUN(test_empty_input);
    RUN(test_flow_default_square);
    RUN(test_flow_alignment_and_spacing);
    RUN(test_flow_max_width);
    RUN(test_flow_proposal);
    RUN(test_grid);
    RUN(test_sanitize);
    RUN(test_margins_rtl_anchor);
    RUN(test_custom_ring);
    RUN(test_callback_failure);
    RUN(test_bad_frames);
    RUN(test_reentrancy);
    RUN(test_copy_buffers);
    RUN(test_ids);
    RUN(test_invalid_arguments);
    RUN(test_last_error_lifetime);
    RUN(test_threads);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
