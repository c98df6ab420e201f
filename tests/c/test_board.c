/*
** What a whiteboard host needs (issue 22), through the C ABI: zoom to fit
** and the opening on free canvases, the zoom axis default, the animated
** fit's cap, the wheel's ctrl factor, a bounce caught by the pointer, one
** hit rule, pointer buttons and the space key. Numbers are the issue's.
*/
#include "canvas.h"
#include "check.h"

#include <stdlib.h>

/* A fixed-seed generator (rand_r is not C11). */
static int rand_r(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return (int)((*state >> 16) & 0x7fff);
}

/* Two items spanning 1000...1400 x 1000...1200, an 800 x 600 viewport at (0, 0). */
static canvas_engine *board(canvas_scroll_extent extent, double margins) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[2] = {{1000, 1000, 100, 100}, {1300, 1100, 100, 100}};
    canvas_set_item_frames(engine, frames, NULL, 2);
    canvas_set_margins(engine, (canvas_insets){margins, margins, margins, margins});
    canvas_set_scroll_extent(engine, extent, NULL);
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){800, 600}, &(canvas_point){0, 0}, NAN, NULL);
    return engine;
}

static canvas_rect viewport_of(canvas_engine *engine) {
    canvas_rect viewport = {NAN, NAN, NAN, NAN};
    canvas_get_viewport(engine, &viewport);
    return viewport;
}

static void test_fit_centres_free_canvases(void) {
    canvas_scroll_extent extents[2] = {CANVAS_SCROLL_UNBOUNDED, CANVAS_SCROLL_CONTENT};
    for (int e = 0; e < 2; e++)
        for (int m = 0; m < 2; m++)
            for (int animated = 0; animated < 2; animated++) {
                canvas_engine *engine = board(extents[e], m ? 400 : 0);
                CHECK_OK(canvas_zoom_to_fit(engine, NULL, 0, animated, -1, 0));
                if (animated) CHECK_OK(canvas_tick(engine, 100000, NULL));
                double scale = 0;
                canvas_get_zoom(engine, &scale);
                CHECK_CLOSE(scale, 2);
                canvas_rect v = viewport_of(engine);
                CHECK_CLOSE(v.x, 2000);
                CHECK_CLOSE(v.y, 1900);
                canvas_engine_destroy(engine);
            }
}

static void test_free_canvas_opens_on_its_items(void) {
    canvas_rect frames[2] = {{5000, 5000, 100, 100}, {6000, 5400, 100, 100}};
    canvas_scroll_extent extents[2] = {CANVAS_SCROLL_UNBOUNDED, CANVAS_SCROLL_CONTENT};
    for (int e = 0; e < 2; e++) {
        for (int size_first = 0; size_first < 2; size_first++) {
            canvas_engine *engine = canvas_engine_create();
            if (size_first) canvas_set_viewport_size(engine, (canvas_size){800, 600}, NULL);
            canvas_set_item_frames(engine, frames, NULL, 2);
            canvas_set_scroll_extent(engine, extents[e], NULL);
            canvas_resolve(engine);
            if (!size_first) canvas_set_viewport_size(engine, (canvas_size){800, 600}, NULL);
            canvas_rect v = viewport_of(engine);
            CHECK_CLOSE(v.x, 5150);  /* 5000 + (1100 - 800) / 2 */
            CHECK_CLOSE(v.y, 4950);  /* 500 < 600: centred by content_anchor, 5000 - 50 */
            canvas_engine_destroy(engine);
        }
    }
}

static void test_zoom_axis_default_follows_the_layout(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_zoom_axis axis = -1;
    CHECK_OK(canvas_get_zoom_axis(engine, &axis));
    CHECK(axis == CANVAS_ZOOM_HORIZONTAL);
    CHECK_OK(canvas_set_layout_free(engine));
    CHECK_OK(canvas_get_zoom_axis(engine, &axis));
    CHECK(axis == CANVAS_ZOOM_BOTH);
    CHECK_OK(canvas_set_layout_grid(engine, 2, 0, 0, (canvas_point){0.5, 0.5}));
    CHECK_OK(canvas_get_zoom_axis(engine, &axis));
    CHECK(axis == CANVAS_ZOOM_HORIZONTAL);
    CHECK_OK(canvas_set_zoom_axis(engine, CANVAS_ZOOM_VERTICAL));
    CHECK_OK(canvas_set_layout_free(engine));
    CHECK_OK(canvas_get_zoom_axis(engine, &axis));
    CHECK(axis == CANVAS_ZOOM_VERTICAL);  /* a set axis stays */
    CHECK_OK(canvas_set_zoom_axis(engine, CANVAS_ZOOM_AUTOMATIC));
    CHECK_OK(canvas_get_zoom_axis(engine, &axis));
    CHECK(axis == CANVAS_ZOOM_BOTH);
    CHECK_STATUS(canvas_get_zoom_axis(engine, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

static void test_animated_fit(void) {
    /* From where it already is: nothing moves at any tick. */
    for (int e = 0; e < 2; e++) {
        canvas_engine *engine = board(e ? CANVAS_SCROLL_CONTENT : CANVAS_SCROLL_UNBOUNDED, 0);
        CHECK_OK(canvas_zoom_to_fit(engine, NULL, 0, 0, -1, 0));
        CHECK_OK(canvas_zoom_to_fit(engine, NULL, 0, 1, -1, 0));
        for (double t = 0; t <= 3000; t += 250) {
            canvas_tick_result tick;
            CHECK_OK(canvas_tick(engine, t, &tick));
            CHECK(!tick.moved);
            double scale = 0;
            canvas_get_zoom(engine, &scale);
            CHECK_CLOSE(scale, 2);
        }
        canvas_engine_destroy(engine);
    }
    canvas_engine *engine;
    /* The default duration is capped at 750 ms. */
    engine = board(CANVAS_SCROLL_UNBOUNDED, 0);
    canvas_set_zoom(engine, 1.3);
    canvas_set_viewport_offset(engine, (canvas_point){-20000, -15000}, NULL);
    CHECK_OK(canvas_zoom_to_fit(engine, NULL, 0, 1, -1, 0));
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(engine, 749, &tick));
    CHECK(tick.active);
    CHECK_OK(canvas_tick(engine, 750, &tick));
    CHECK(!tick.active);
    canvas_rect v = viewport_of(engine);
    CHECK_CLOSE(v.x, 2000);
    CHECK_CLOSE(v.y, 1900);
    canvas_engine_destroy(engine);
}

/* 48 rows of 100-point items in an 800 x 600 window, at the top. */
static canvas_engine *tall(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_set_item_size(engine, (canvas_size){100, 100});
    canvas_set_items(engine, NULL, NULL, 384);
    canvas_set_layout_grid(engine, 8, 0, 0, (canvas_point){0, 0});
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){800, 600}, &(canvas_point){0, 0}, NAN, NULL);
    return engine;
}

/* The rubber band's inverse for D = 600: u(r) = r * D / ((D - r) * 0.55). */
static double unband(double r) { return r * 600 / ((600 - r) * 0.55); }

static void test_caught_bounce_stays(void) {
    double waits[4] = {0, 30, 60, 150};
    for (int i = 0; i < 4; i++) {
        canvas_engine *engine = tall();
        CHECK_OK(canvas_pointer_down(engine, (canvas_point){400, 100}, 0));
        CHECK_OK(canvas_pointer_move(engine, (canvas_point){400, 200}, 10));
        CHECK_OK(canvas_pointer_move(engine, (canvas_point){400, 301}, 20));
        if (i == 0) CHECK(fabs(viewport_of(engine).y + 93.35) < 0.01);
        CHECK_OK(canvas_pointer_up(engine, (canvas_point){400, 301}, 100));
        CHECK_OK(canvas_tick(engine, 100 + waits[i], NULL));
        double caught = viewport_of(engine).y;
        CHECK(caught < -1);
        CHECK_OK(canvas_pointer_down(engine, (canvas_point){400, 301}, 100 + waits[i]));
        CHECK_CLOSE(viewport_of(engine).y, caught);
        double back = unband(-caught);
        CHECK_OK(canvas_pointer_move(engine, (canvas_point){400, 301 - back}, 120 + waits[i]));
        CHECK(fabs(viewport_of(engine).y) < 1e-6);
        canvas_engine_destroy(engine);
    }
}

static void test_ctrl_wheel_factor(void) {
    canvas_wheel_mode modes[3] = {CANVAS_WHEEL_PIXEL, CANVAS_WHEEL_LINE, CANVAS_WHEEL_PAGE};
    double dys[3] = {-50, -2, -0.1}, factors[3] = {0.002, 0.05, 1};
    for (int i = 0; i < 3; i++) {
        canvas_engine *engine = board(CANVAS_SCROLL_UNBOUNDED, 0);
        canvas_set_zoom_limits(engine, 0.01, 100);
        canvas_wheel_event w = {0, dys[i], modes[i], 0, 1, {400, 300}, 0};
        CHECK_OK(canvas_wheel(engine, &w));
        double k = 0;
        canvas_get_zoom(engine, &k);
        CHECK_CLOSE(k, pow(2, -dys[i] * factors[i] * 10));
        canvas_engine_destroy(engine);
    }
}

/* One hit rule: over random boards, hit_test answers what a press with the
   select tool takes (read back as the selection), for every press. */
static void test_one_hit_rule(void) {
    unsigned seed = 22;
    for (int round = 0; round < 30; round++) {
        canvas_rect frames[12];
        int count = 1 + rand_r(&seed) % 12;
        for (int i = 0; i < count; i++)
            frames[i] = (canvas_rect){rand_r(&seed) % 300, rand_r(&seed) % 200,
                                      rand_r(&seed) % 4 == 0 ? 0 : rand_r(&seed) % 80, 1 + rand_r(&seed) % 60};
        canvas_engine *engine = canvas_engine_create();
        canvas_set_item_frames(engine, frames, NULL, (size_t)count);
        canvas_resolve(engine);
        canvas_set_viewport(engine, (canvas_size){400, 300}, &(canvas_point){0, 0}, NAN, NULL);
        canvas_set_zoom(engine, 0.5 + (rand_r(&seed) % 30) / 10.0);
        canvas_set_viewport_offset(engine, (canvas_point){0, 0}, NULL);
        canvas_set_tool(engine, CANVAS_TOOL_SELECT);
        for (int press = 0; press < 40; press++) {
            canvas_point p = {(rand_r(&seed) % 4000) / 10.0, (rand_r(&seed) % 3000) / 10.0};
            uint64_t id = 0;
            int found = -1;
            CHECK_OK(canvas_hit_test(engine, p, &id, &found));
            double t = round * 1000 + press * 20;
            CHECK_OK(canvas_pointer_down(engine, p, t));
            CHECK_OK(canvas_pointer_up(engine, p, t + 5));
            uint64_t selected[16];
            size_t n = 99;
            CHECK_OK(canvas_copy_selection(engine, selected, 16, &n));
            if (found) CHECK(n == 1 && selected[0] == id);
            else CHECK(n == 0);
        }
        canvas_engine_destroy(engine);
    }
    /* The case: a press 3 points outside an item is a press on it. */
    canvas_engine *engine = canvas_engine_create();
    canvas_set_item_frames(engine, &(canvas_rect){100, 100, 50, 50}, NULL, 1);
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){400, 300}, &(canvas_point){0, 0}, NAN, NULL);
    uint64_t id = 0;
    int found = 0;
    CHECK_OK(canvas_hit_test(engine, (canvas_point){153, 120}, &id, &found));
    CHECK(found && id == 1);
    CHECK_OK(canvas_hit_test(engine, (canvas_point){154, 120}, &id, &found));
    CHECK(!found);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_fit_centres_free_canvases);
    RUN(test_free_canvas_opens_on_its_items);
    RUN(test_zoom_axis_default_follows_the_layout);
    RUN(test_animated_fit);
    RUN(test_caught_bounce_stays);
    RUN(test_ctrl_wheel_factor);
    RUN(test_one_hit_rule);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
