/*
** test_motion.c: the motion ABI through canvas.h, as a C host drives it:
** the visible items a frame draws, the host's clock, pointer drags, flings,
** the rubber band and spring back, wheel and ctrl-wheel zoom, the crown,
** keys, animated scrolls, zoom to fit, indicators and bad input. Formulas
** are checked at each tick against the published ones.
*/
#include <stdint.h>
#include <stdlib.h>

#include "canvas.h"
#include "check.h"

static canvas_point pt(double x, double y) { return (canvas_point){x, y}; }

/* 1000 x 1000 of 100-point tiles (a 10-column grid), viewport 200 x 100 at (0, 0). */
static canvas_engine *tiles(size_t count, int64_t columns) {
    canvas_engine *e = canvas_engine_create();
    canvas_size *sizes = malloc(count * sizeof *sizes);
    for (size_t i = 0; i < count; i++) sizes[i] = (canvas_size){100, 100};
    CHECK_OK(canvas_set_items(e, sizes, NULL, count));
    free(sizes);
    CHECK_OK(canvas_set_layout_grid(e, columns, 0, 0, (canvas_point){0.5, 0.5}));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_initial_anchor(e, pt(0, 0)));
    CHECK_OK(canvas_set_overscan(e, 0, NULL));
    CHECK_OK(canvas_set_viewport_size(e, (canvas_size){200, 100}, NULL));
    return e;
}

static canvas_point offset(canvas_engine *e) {
    canvas_rect r;
    CHECK_OK(canvas_get_viewport(e, &r));
    return pt(r.x, r.y);
}

static void test_visible_items_and_frame(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_viewport_offset(e, pt(150, 0), NULL));
    size_t count = 0;
    CHECK_OK(canvas_copy_visible_items(e, NULL, 0, &count));
    CHECK(count == 3);  /* columns 1, 2, 3 of the first row */
    canvas_visible_item items[3];
    size_t small = 0;
    CHECK_STATUS(canvas_copy_visible_items(e, items, 2, &small), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(small == 3);
    CHECK_OK(canvas_copy_visible_items(e, items, 3, &count));
    CHECK(items[0].id == 2 && items[1].id == 3 && items[2].id == 4);
    CHECK_RECT(items[2].frame, 300, 0, 100, 100);
    CHECK_STATUS(canvas_copy_visible_items(e, items, 3, NULL), CANVAS_ERR_NULL);
    /* Zoomed, the frames are zoomed. */
    CHECK_OK(canvas_set_zoom_limits(e, 0.1, 5));
    CHECK_OK(canvas_set_zoom(e, 2));
    CHECK_OK(canvas_copy_visible_items(e, NULL, 0, &count));
    canvas_visible_item *zoomed = malloc(count * sizeof *zoomed);
    CHECK_OK(canvas_copy_visible_items(e, zoomed, count, &count));
    canvas_rect frame;
    CHECK_OK(canvas_get_frame(e, zoomed[0].id, &frame));
    CHECK(frame.width == 200 && zoomed[0].frame.width == 200 && frame.x == zoomed[0].frame.x);
    free(zoomed);
    CHECK_STATUS(canvas_get_frame(e, 999, &frame), CANVAS_ERR_NOT_FOUND);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_STATUS(canvas_get_frame(e, 1, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(e);
}

static void test_fling_formula(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_viewport_offset(e, pt(300, 300), NULL));
    CHECK_OK(canvas_fling(e, pt(0.8, -0.3), 1000));
    canvas_motion m;
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_DECELERATING && m.moving && m.has_projected_end);
    double d = CANVAS_DECELERATION_NORMAL;
    CHECK_CLOSE(m.projected_end.x, 300 - 0.8 / log(d));
    CHECK_CLOSE(m.projected_end.y, 300 + 0.3 / log(d));
    canvas_tick_result r = {0};
    double t = 1000;
    int ticks = 0;
    do {
        t += 16;
        CHECK_OK(canvas_tick(e, t, &r));
        double k = (pow(d, t - 1000) - 1) / log(d);
        canvas_point o = offset(e);
        CHECK(fabs(o.x - (300 + 0.8 * k)) < 1e-9 && fabs(o.y - (300 - 0.3 * k)) < 1e-9);
        ticks++;
    } while (r.active && ticks < 1000);
    CHECK(!r.active && r.phase == CANVAS_PHASE_IDLE);
    CHECK(0.8 * pow(d, t - 1000) <= 0.05);
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(!m.moving && !m.has_projected_end && m.velocity.x == 0);
    canvas_engine_destroy(e);
}

static void test_drag_slop_rubber_band_spring(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_pointer_down(e, pt(100, 50), 0));
    CHECK_OK(canvas_pointer_move(e, pt(100, 55), 16));  /* inside the slop */
    CHECK(offset(e).y == 0);
    canvas_motion m;
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_IDLE);
    CHECK_OK(canvas_pointer_move(e, pt(100, 110), 32));  /* 60 points past the top edge */
    double r = (1 - 1 / (60 * 0.55 / 100 + 1)) * 100;
    CHECK_CLOSE(offset(e).y, -r);
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_DRAGGING && m.moving);
    CHECK_OK(canvas_pointer_up(e, pt(100, 110), 200));  /* rested: no fling, a spring back */
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_BOUNCING);
    canvas_tick_result tr = {0};
    double t = 200;
    int crossed = 0;
    do {
        t += 16;
        CHECK_OK(canvas_tick(e, t, &tr));
        if (offset(e).y > 0) crossed = 1;
    } while (tr.active && t < 5000);
    CHECK(!crossed && offset(e).y == 0 && t - 200 <= 800);
    canvas_engine_destroy(e);
}

static void test_drag_fling(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_viewport_offset(e, pt(300, 300), NULL));
    CHECK_OK(canvas_pointer_down(e, pt(150, 50), 0));
    for (int i = 1; i <= 10; i++) CHECK_OK(canvas_pointer_move(e, pt(150 - 8 * i, 50), 16 * i));
    /* The content point under the pointer at the down stays under it. */
    CHECK_CLOSE(offset(e).x, 380);
    CHECK_OK(canvas_pointer_up(e, pt(70, 50), 160));
    canvas_motion m;
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_DECELERATING);
    CHECK_CLOSE(m.velocity.x, 0.5);
    /* Cancel never flings. */
    CHECK_OK(canvas_pointer_down(e, pt(150, 50), 200));
    for (int i = 1; i <= 5; i++) CHECK_OK(canvas_pointer_move(e, pt(150 - 8 * i, 50), 200 + 16 * i));
    CHECK_OK(canvas_pointer_cancel(e, pt(110, 50), 280));
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(m.phase == CANVAS_PHASE_IDLE);
    canvas_engine_destroy(e);
}

static void test_bounce_never_and_scroll_disabled(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_bounce(e, CANVAS_BOUNCE_NEVER));
    CHECK_OK(canvas_set_viewport_offset(e, pt(0, 850), NULL));
    CHECK_OK(canvas_fling(e, pt(0, 3), 0));
    canvas_tick_result r = {0};
    double t = 0;
    do {
        t += 16;
        CHECK_OK(canvas_tick(e, t, &r));
        CHECK(offset(e).y <= 900);
    } while (r.active && t < 10000);
    CHECK(offset(e).y == 900);

    CHECK_OK(canvas_set_scroll_enabled(e, 0));
    CHECK_OK(canvas_fling(e, pt(0, -3), t + 1));
    CHECK_OK(canvas_key(e, CANVAS_KEY_HOME, t + 2));
    CHECK_OK(canvas_rotary(e, -50, t + 3));
    canvas_wheel_event w = {0, -40, CANVAS_WHEEL_PIXEL, 0, 0, {10, 10}, t + 4};
    CHECK_OK(canvas_wheel(e, &w));
    CHECK_OK(canvas_tick(e, t + 500, &r));
    CHECK(offset(e).y == 900);
    CHECK_OK(canvas_scroll_to_point_animated(e, pt(0, 100), pt(0, 0), 0, t + 600));
    CHECK(offset(e).y == 100);
    canvas_engine_destroy(e);
}

static void test_wheel(void) {
    canvas_engine *e = tiles(100, 10);
    canvas_wheel_event w = {0, 30, CANVAS_WHEEL_PIXEL, 0, 0, {0, 0}, 0};
    CHECK_OK(canvas_wheel(e, &w));
    CHECK(offset(e).y == 30);
    w = (canvas_wheel_event){0, 2, CANVAS_WHEEL_LINE, 0, 0, {0, 0}, 1};
    CHECK_OK(canvas_wheel(e, &w));
    CHECK(offset(e).y == 110);
    w = (canvas_wheel_event){0, 50, CANVAS_WHEEL_PIXEL, 1, 0, {0, 0}, 2};
    CHECK_OK(canvas_wheel(e, &w));
    CHECK(offset(e).x == 50 && offset(e).y == 110);
    /* ctrl: k' = k * 2^(-dy * f * 10) about the pointer (d3's defaultWheelDelta with ctrl) */
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK_OK(canvas_set_zoom_limits(e, 0.1, 10));
    canvas_point before = offset(e);
    w = (canvas_wheel_event){0, -10, CANVAS_WHEEL_PIXEL, 0, 1, {40, 30}, 3};
    CHECK_OK(canvas_wheel(e, &w));
    double k;
    CHECK_OK(canvas_get_zoom(e, &k));
    CHECK_CLOSE(k, pow(2, 10 * 0.002 * 10));
    CHECK_CLOSE(offset(e).x, (before.x + 40) * k - 40);
    CHECK_CLOSE(offset(e).y, (before.y + 30) * k - 30);
    w = (canvas_wheel_event){0, 0.1, CANVAS_WHEEL_PAGE, 0, 1, {40, 30}, 4};
    CHECK_OK(canvas_wheel(e, &w));
    double k2;
    CHECK_OK(canvas_get_zoom(e, &k2));
    CHECK_CLOSE(k2, k / 2);
    /* Pinch disabled: ctrl-wheel does nothing. */
    CHECK_OK(canvas_set_pinch_enabled(e, 0));
    w = (canvas_wheel_event){0, -10, CANVAS_WHEEL_LINE, 0, 1, {40, 30}, 5};
    CHECK_OK(canvas_wheel(e, &w));
    CHECK_OK(canvas_get_zoom(e, &k));
    CHECK(k == k2);
    canvas_engine_destroy(e);
}

static void test_keys_and_animated_scroll(void) {
    canvas_engine *e = tiles(100, 10);
    canvas_tick_result r;
    CHECK_OK(canvas_key(e, CANVAS_KEY_DOWN, 0));
    CHECK_OK(canvas_tick(e, 100, &r));
    CHECK(r.phase == CANVAS_PHASE_ANIMATING && r.active && r.moved);
    CHECK(offset(e).y > 0 && offset(e).y < 40);
    CHECK_OK(canvas_tick(e, 300, &r));
    CHECK(offset(e).y == 40 && !r.active);
    CHECK_OK(canvas_key(e, CANVAS_KEY_END, 400));
    CHECK_OK(canvas_tick(e, 700, &r));
    CHECK(offset(e).y == 900);
    CHECK_OK(canvas_scroll_to_id_animated(e, 45, pt(0, 0), 200, 800));
    CHECK_OK(canvas_tick(e, 900, &r));
    canvas_point mid = offset(e);
    CHECK(mid.y < 900 && mid.y > 400);
    CHECK_OK(canvas_pointer_down(e, pt(10, 10), 910));  /* new input stops it where it is */
    CHECK_OK(canvas_tick(e, 1200, &r));
    CHECK(offset(e).x == mid.x && offset(e).y == mid.y);
    CHECK_OK(canvas_pointer_up(e, pt(10, 10), 1210));
    int moved = -1;
    CHECK_OK(canvas_page_animated(e, CANVAS_PAGE_UP, CANVAS_DURATION_DEFAULT, 1300, &moved));
    CHECK(moved == 1);
    CHECK_OK(canvas_tick(e, 1600, &r));
    CHECK_CLOSE(offset(e).y, mid.y - 85);
    CHECK_STATUS(canvas_key(e, 99, 1700), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_scroll_to_id_animated(e, 999, pt(0, 0), 100, 1700), CANVAS_ERR_NOT_FOUND);
    canvas_engine_destroy(e);
}

static void test_indicators(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_viewport_offset(e, pt(400, 0), NULL));
    CHECK_OK(canvas_set_indicators(e, CANVAS_INDICATORS_VISIBLE));
    canvas_indicator h, v;
    CHECK_OK(canvas_get_indicators(e, &h, &v));
    CHECK(h.shown && v.shown && h.opacity == 1);
    double track = h.track.width;
    double thumb = fmax(36, track * 200 / 1000);
    CHECK_CLOSE(h.thumb.width, thumb);
    CHECK_CLOSE(h.thumb.x - h.track.x, (track - thumb) * 400 / 800);
    CHECK_OK(canvas_set_indicators(e, CANVAS_INDICATORS_HIDDEN));
    CHECK_OK(canvas_get_indicators(e, &h, NULL));
    CHECK(h.opacity == 0);
    CHECK_STATUS(canvas_set_indicators(e, 7), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_engine_destroy(e);
    /* One row: the vertical axis cannot scroll and has no indicator. */
    e = tiles(10, 10);
    CHECK_OK(canvas_get_indicators(e, &h, &v));
    CHECK(h.shown && !v.shown && v.opacity == 0);
    canvas_engine_destroy(e);
}

static int zoom_calls;
static canvas_status count_zoom(void *user, canvas_zoom_event event, double scale) {
    (void)user; (void)scale;
    if (event == CANVAS_ZOOM_DID_CHANGE) zoom_calls++;
    return CANVAS_OK;
}
static canvas_status refuse_zoom(void *user, canvas_zoom_event event, double scale) {
    (void)user; (void)event; (void)scale;
    return 1;
}

static void test_zoom_to_fit(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK_OK(canvas_set_zoom_limits(e, 0.01, 10));
    CHECK_OK(canvas_zoom_to_fit(e, NULL, 10, 0, CANVAS_DURATION_DEFAULT, 0));
    double k;
    CHECK_OK(canvas_get_zoom(e, &k));
    CHECK_CLOSE(k, fmin(180.0 / 1000, 80.0 / 1000));
    canvas_engine_destroy(e);

    /* Animated along the smooth path: the zoom callback hears each step. */
    e = tiles(10000, 100);
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK_OK(canvas_set_zoom_limits(e, 0.001, 10));
    CHECK_OK(canvas_set_zoom_callback(e, count_zoom, NULL));
    canvas_rect far = {9000, 9000, 200, 100};
    CHECK_OK(canvas_zoom_to_fit(e, &far, 0, 1, CANVAS_DURATION_DEFAULT, 0));
    canvas_tick_result r = {0};
    double t = 0, lowest = 1;
    do {
        t += 16;
        CHECK_OK(canvas_tick(e, t, &r));
        CHECK_OK(canvas_get_zoom(e, &k));
        lowest = fmin(lowest, k);
    } while (r.active && t < 60000);
    CHECK(lowest < 0.5 && k == 1 && zoom_calls > 10);
    CHECK_CLOSE(offset(e).x, 9000);
    CHECK_CLOSE(offset(e).y, 9000);
    /* A failing callback undoes the tick. */
    CHECK_OK(canvas_zoom_to_fit(e, NULL, 0, 1, 500, t + 1));
    CHECK_OK(canvas_set_zoom_callback(e, refuse_zoom, NULL));
    canvas_point before = offset(e);
    CHECK_STATUS(canvas_tick(e, t + 100, &r), CANVAS_ERR_CALLBACK);
    CHECK_OK(canvas_get_zoom(e, &k));
    CHECK(k == 1 && offset(e).x == before.x);
    canvas_rect bad = {0, 0, -1, 10};
    CHECK_STATUS(canvas_zoom_to_fit(e, &bad, 0, 0, 0, t + 200), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_zoom_to_fit(e, NULL, 150, 0, 0, t + 200), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_engine_destroy(e);
}

static void test_bad_input(void) {
    canvas_engine *e = tiles(100, 10);
    CHECK_STATUS(canvas_pointer_move(e, pt(1, 1), 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    CHECK_OK(canvas_pointer_down(e, pt(10, 10), 100));
    CHECK_STATUS(canvas_pointer_move(e, pt(50, 50), 50), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_pointer_move(e, pt(NAN, 50), 150), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_tick(e, INFINITY, NULL), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_fling(e, pt(INFINITY, 0), 150), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_rotary(e, NAN, 150), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_deceleration(e, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_deceleration(e, NAN), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_bounce(e, 9), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_pan_axis(e, -1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_crown_axis(e, 2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_pointer_event(e, 7, pt(1, 1), 0, 200), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_pointer_event(e, CANVAS_POINTER_MOVE, pt(1, 1), 64, 200), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_wheel_event w = {0, 1, 5, 0, 0, {0, 0}, 200};
    CHECK_STATUS(canvas_wheel(e, &w), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_wheel(e, NULL), CANVAS_ERR_NULL);
    /* An infinite duration either way is refused (-inf was taken as the default). */
    CHECK_STATUS(canvas_scroll_to_id_animated(e, 5, pt(0, 0), -INFINITY, 200), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_scroll_to_point_animated(e, pt(9, 9), pt(0, 0), INFINITY, 200), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_scroll_to_rect_animated(e, (canvas_rect){0, 0, 5, 5}, pt(0, 0), -INFINITY, 200), CANVAS_ERR_NON_FINITE);
    int moved_out = 0;
    CHECK_STATUS(canvas_page_animated(e, CANVAS_PAGE_DOWN, -INFINITY, 200, &moved_out), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_zoom_to_fit(e, NULL, 0, 1, -INFINITY, 200), CANVAS_ERR_NON_FINITE);
    /* Nothing changed: the pointer is still down at 100 ms, the offset at 0. */
    CHECK_OK(canvas_pointer_move(e, pt(10, 14), 120));  /* inside the slop */
    canvas_motion m;
    CHECK_OK(canvas_get_motion(e, &m));
    CHECK(offset(e).y == 0 && m.phase == CANVAS_PHASE_IDLE);
    CHECK_STATUS(canvas_tick(NULL, 0, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_visible_items_and_frame);
    RUN(test_fling_formula);
    RUN(test_drag_slop_rubber_band_spring);
    RUN(test_drag_fling);
    RUN(test_bounce_never_and_scroll_disabled);
    RUN(test_wheel);
    RUN(test_keys_and_animated_scroll);
    RUN(test_indicators);
    RUN(test_zoom_to_fit);
    RUN(test_bad_input);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
