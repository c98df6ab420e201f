/*
** test_replace_and_finite.c: issue 21, items 3, 4, 6 and 7 through canvas.h.
** A new item list on a free canvas leaves no index over the old items (every
** query before the next resolve trapped); a new item list inside a batch is
** refused (its rollback or commit trapped); motion input that would leave
** non-finite state is refused naming it (or, for a fling, saturated); edits
** refuse frames too far apart to measure. Each leaves the engine as it was.
*/
#include <math.h>
#include <stdint.h>

#include "canvas.h"
#include "check.h"

static canvas_engine *two_free(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_rect frames[] = {{0, 0, 10, 10}, {20, 0, 10, 10}};
    CHECK_OK(canvas_set_item_frames(e, frames, NULL, 2));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_viewport_size(e, (canvas_size){100, 100}, NULL));
    return e;
}

static int finite_viewport(canvas_engine *e) {
    canvas_rect r;
    CHECK_OK(canvas_get_viewport(e, &r));
    return isfinite(r.x) && isfinite(r.y);
}

static void test_set_items_drops_free_index(void) {
    canvas_engine *e = two_free();
    CHECK_OK(canvas_set_zoom(e, 2));
    canvas_size sizes[] = {{5, 5}, {5, 5}, {5, 5}};
    uint64_t ids[] = {7, 8, 9};
    CHECK_OK(canvas_set_items(e, sizes, ids, 3));  /* trapped at zoom 2 */
    uint64_t out[8];
    size_t count = 0;
    CHECK_OK(canvas_query(e, (canvas_rect){0, 0, 100, 100}, out, 8, &count));  /* trapped */
    uint64_t hit = 0;
    int found = 0;
    CHECK_OK(canvas_hit_test(e, (canvas_point){1, 1}, &hit, &found));
    CHECK_OK(canvas_select_rect(e, (canvas_rect){0, 0, 100, 100}, CANVAS_MARQUEE_INTERSECT, CANVAS_SELECTION_REPLACE));
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(e, 1, &tick));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_query(e, (canvas_rect){-1, -1, 100, 100}, out, 8, &count));
    CHECK(count == 3 && out[0] == 7);
    canvas_engine_destroy(e);
}

static void test_set_items_in_batch_refused(void) {
    canvas_engine *e = two_free();
    CHECK_OK(canvas_batch_begin(e));
    uint64_t id = 1;
    canvas_point to = {50, 50};
    CHECK_OK(canvas_move_items(e, &id, &to, 1));
    canvas_size size = {5, 5};
    uint64_t new_id = 7;
    CHECK_STATUS(canvas_set_items(e, &size, &new_id, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_CONTAINS(canvas_engine_last_error(e), "while a batch is open");
    canvas_rect frame = {0, 0, 1, 1};
    CHECK_STATUS(canvas_set_item_frames(e, &frame, &new_id, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK(canvas_get_item_count(e) == 2);
    CHECK_OK(canvas_batch_rollback(e));  /* trapped: it replayed a move of a gone id */
    CHECK_OK(canvas_set_items(e, &size, &new_id, 1));
    canvas_engine_destroy(e);
}

static void test_motion_stays_finite(void) {
    canvas_engine *e = two_free();
    canvas_wheel_event wheel = {0, 1e308, CANVAS_WHEEL_PIXEL, 0, 0, {0, 0}, 0};
    CHECK_OK(canvas_wheel(e, &wheel));
    wheel.t_ms = 1;
    CHECK_STATUS(canvas_wheel(e, &wheel), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "wheel delta");
    CHECK(finite_viewport(e));
    canvas_engine_destroy(e);
    e = two_free();
    CHECK_OK(canvas_rotary(e, 1e308, 2));
    CHECK_STATUS(canvas_rotary(e, 1e308, 3), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "crown delta");
    CHECK(finite_viewport(e));
    CHECK_OK(canvas_fling(e, (canvas_point){1e308, 0}, 4));
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(e, 100, &tick));
    CHECK(finite_viewport(e));
    CHECK_OK(canvas_pointer_down(e, (canvas_point){0, 0}, 200));
    CHECK_OK(canvas_pointer_move(e, (canvas_point){1e300, 0}, 201));
    CHECK_STATUS(canvas_pointer_move(e, (canvas_point){-1e308, 0}, 202), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "pointer move to (-1e+308");
    CHECK_OK(canvas_pointer_up(e, (canvas_point){1e300, 0}, 202));
    CHECK_OK(canvas_tick(e, 300, &tick));
    CHECK(finite_viewport(e));
    canvas_engine_destroy(e);
    e = two_free();
    CHECK_OK(canvas_set_zoom_limits(e, 1e-10, 10));
    canvas_rect region = {0, 0, 1e10, 1e10};
    CHECK_STATUS(canvas_zoom_to_fit(e, &region, 0, 1, CANVAS_DURATION_DEFAULT, 400), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "animated zoom to fit");
    CHECK_OK(canvas_tick(e, 500, &tick));
    CHECK(finite_viewport(e));
    canvas_engine_destroy(e);
}

static void test_edits_refuse_unmeasurable_frames(void) {
    canvas_engine *e = two_free();
    canvas_rect far = {1e308, 0, 1e308, 1};
    uint64_t id = 9;
    CHECK_STATUS(canvas_insert_items(e, &far, &id, 1, NULL), CANVAS_ERR_NON_FINITE);
    CHECK_CONTAINS(canvas_engine_last_error(e), "too far apart to measure");
    uint64_t ids[] = {1, 2};
    canvas_point origins[] = {{-1.6e308, 0}, {1.6e308, 0}};
    CHECK_STATUS(canvas_move_items(e, ids, origins, 2), CANVAS_ERR_NON_FINITE);
    CHECK_OK(canvas_move_items(e, ids, origins, 1));
    CHECK_STATUS(canvas_move_items(e, ids + 1, origins + 1, 1), CANVAS_ERR_NON_FINITE);
    canvas_size content;
    CHECK_OK(canvas_get_content_size(e, &content));
    CHECK(isfinite(content.width) && content.width > 1e308);
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_set_items_drops_free_index);
    RUN(test_set_items_in_batch_refused);
    RUN(test_motion_stays_finite);
    RUN(test_edits_refuse_unmeasurable_frames);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
