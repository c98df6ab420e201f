/*
** test_reads.c: what a host reads every frame without copying a whole
** result: the item count, the publish count, the marquee, can_undo and
** can_redo, the selection's version and the running animation's end.
*/
#include "canvas.h"
#include "check.h"

static canvas_engine *board(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[4] = {{0, 0, 50, 50}, {100, 0, 50, 50}, {5000, 5000, 10, 10}, {6000, 6000, 10, 10}};
    uint64_t ids[4] = {1, 2, 3, 4};
    canvas_set_item_frames(engine, frames, ids, 4);
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){400, 300}, &(canvas_point){0, 0}, NAN, NULL);
    canvas_set_tool(engine, CANVAS_TOOL_SELECT);
    return engine;
}

static uint64_t publish_count(canvas_engine *engine) {
    uint64_t count = 0;
    canvas_get_publish_count(engine, &count);
    return count;
}

static uint64_t selection_version(canvas_engine *engine) {
    uint64_t version = 0;
    canvas_get_selection_version(engine, &version);
    return version;
}

static void test_counts_and_history(void) {
    canvas_engine *engine = board();
    int can = -1;
    CHECK(canvas_get_item_count(engine) == 4);
    CHECK_OK(canvas_can_undo(engine, &can));
    CHECK(can == 0);
    CHECK_OK(canvas_can_redo(engine, &can));
    CHECK(can == 0);
    uint64_t before = publish_count(engine);
    uint64_t id = 1;
    canvas_point origin = {10, 10};
    CHECK_OK(canvas_move_items(engine, &id, &origin, 1));
    CHECK(publish_count(engine) == before + 1);
    /* Off screen, inside the content's bounds: nothing published. */
    id = 3;
    origin = (canvas_point){5500, 5500};
    before = publish_count(engine);
    CHECK_OK(canvas_move_items(engine, &id, &origin, 1));
    CHECK(publish_count(engine) == before);
    CHECK_OK(canvas_can_undo(engine, &can));
    CHECK(can == 1);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_can_redo(engine, &can));
    CHECK(can == 1);
    id = 2;
    CHECK_OK(canvas_remove_items(engine, &id, 1));
    CHECK(canvas_get_item_count(engine) == 3);
    CHECK_OK(canvas_can_redo(engine, &can));
    CHECK(can == 0);
    CHECK_OK(canvas_undo(engine));
    CHECK(canvas_get_item_count(engine) == 4);
    CHECK_STATUS(canvas_can_undo(engine, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_can_redo(NULL, &can), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

static void test_marquee_and_selection_version(void) {
    canvas_engine *engine = board();
    uint64_t version = selection_version(engine);
    CHECK_OK(canvas_pointer_down(engine, (canvas_point){300, 200}, 0));
    CHECK_OK(canvas_pointer_move(engine, (canvas_point){120, 20}, 16));
    canvas_rect marquee;
    int active = 0;
    CHECK_OK(canvas_get_marquee(engine, &marquee, &active));
    CHECK(active == 1);
    CHECK_RECT(marquee, 120, 20, 180, 180);
    CHECK(selection_version(engine) != version);
    CHECK_OK(canvas_pointer_up(engine, (canvas_point){120, 20}, 32));
    version = selection_version(engine);
    uint64_t id = 3;
    canvas_point origin = {5600, 5600};
    CHECK_OK(canvas_move_items(engine, &id, &origin, 1));
    CHECK(selection_version(engine) == version);
    /* A refused call leaves the version as it was. */
    CHECK_STATUS(canvas_select_id(engine, 77), CANVAS_ERR_NOT_FOUND);
    CHECK(selection_version(engine) == version);
    CHECK_OK(canvas_select_id(engine, 1));
    CHECK(selection_version(engine) != version);
    CHECK_STATUS(canvas_get_selection_version(engine, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

static void test_animation_end(void) {
    canvas_engine *engine = board();
    double end = -1;
    int has = -1;
    CHECK_OK(canvas_get_motion_end(engine, &end, &has));
    CHECK(has == 0);
    CHECK_OK(canvas_scroll_to_id_animated(engine, 4, (canvas_point){0, 0}, 200, 1000));
    CHECK_OK(canvas_get_motion_end(engine, &end, &has));
    CHECK(has == 1);
    CHECK_CLOSE(end, 1200);
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(engine, 1300, &tick));
    CHECK_OK(canvas_get_motion_end(engine, &end, &has));
    CHECK(has == 0);
    CHECK_STATUS(canvas_get_motion_end(engine, NULL, &has), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_get_motion_end(engine, &end, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_counts_and_history);
    RUN(test_marquee_and_selection_version);
    RUN(test_animation_end);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
