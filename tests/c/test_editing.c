/*
** test_editing.c: the free layout, edits by id, batches, undo, selection by
** rectangle, guides and focus, through canvas.h only.
*/
#include "canvas.h"
#include "check.h"

#include <stdlib.h>

static canvas_engine *free_engine(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[3] = {{-100, -50, 40, 30}, {0, 0, 50, 50}, {100, 0, 50, 50}};
    uint64_t ids[3] = {10, 20, 30};
    canvas_set_item_frames(engine, frames, ids, 3);
    canvas_resolve(engine);
    canvas_set_viewport_size(engine, (canvas_size){400, 300}, NULL);
    return engine;
}

/* The frame of `id`, by copying the ids and frames out. */
static canvas_rect frame_of(canvas_engine *engine, uint64_t id) {
    canvas_rect frame = {NAN, NAN, NAN, NAN};
    uint64_t ids[16];
    canvas_rect frames[16];
    size_t count = 0;
    if (canvas_copy_ids(engine, ids, 16, &count) != CANVAS_OK) return frame;
    if (canvas_copy_frames(engine, frames, 16, &count) != CANVAS_OK) return frame;
    for (size_t i = 0; i < count; i++)
        if (ids[i] == id) frame = frames[i];
    return frame;
}

static void test_free_keeps_world_coordinates(void) {
    canvas_engine *engine = free_engine();
    CHECK_RECT(frame_of(engine, 10), -100, -50, 40, 30);
    canvas_scroll_bounds bounds;
    CHECK_OK(canvas_get_scroll_bounds(engine, &bounds));
    CHECK(isinf(bounds.min_x) && bounds.min_x < 0 && isinf(bounds.max_y));
    CHECK_OK(canvas_set_viewport_offset(engine, (canvas_point){-900, -900}, NULL));
    canvas_rect viewport;
    canvas_get_viewport(engine, &viewport);
    CHECK_CLOSE(viewport.x, -900);
    /* 250 points of content in a 400-point window: centred, as content_anchor says. */
    CHECK_OK(canvas_set_scroll_extent(engine, CANVAS_SCROLL_CONTENT, NULL));
    canvas_get_viewport(engine, &viewport);
    CHECK_CLOSE(viewport.x, -175);
    canvas_engine_destroy(engine);
}

static void test_edits_and_undo(void) {
    canvas_engine *engine = free_engine();
    uint64_t id = 20, published_before = 0, after = 0;
    /* Moving an item far away takes it off screen: an update is published. */
    CHECK_OK(canvas_get_publish_count(engine, &published_before));
    CHECK_OK(canvas_move_items(engine, &id, &(canvas_point){5000, 5000}, 1));
    CHECK_OK(canvas_get_publish_count(engine, &after));
    CHECK(after == published_before + 1);
    uint64_t gone[4];
    size_t gone_count = 0;
    CHECK_OK(canvas_copy_disappeared(engine, gone, 4, &gone_count));
    CHECK(gone_count == 1 && gone[0] == 20);
    /* Moving it within the screen (and the content bounds) changes nothing visible: nothing is published. */
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_get_publish_count(engine, &published_before));
    CHECK_OK(canvas_move_items(engine, &id, &(canvas_point){1, -1}, 1));
    CHECK_OK(canvas_get_publish_count(engine, &after));
    CHECK(after == published_before);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_move_items(engine, &id, &(canvas_point){7, 8}, 1));
    CHECK_RECT(frame_of(engine, 20), 7, 8, 50, 50);
    CHECK_OK(canvas_set_frames_by_id(engine, &id, &(canvas_rect){1, 2, 3, 4}, 1));
    CHECK_RECT(frame_of(engine, 20), 1, 2, 3, 4);
    uint64_t new_id = 40, before = 10;
    CHECK_OK(canvas_insert_items(engine, &(canvas_rect){5, 5, 5, 5}, &new_id, 1, &before));
    uint64_t ids[4];
    size_t count = 0;
    CHECK_OK(canvas_copy_ids(engine, ids, 4, &count));
    CHECK(count == 4 && ids[0] == 40 && ids[1] == 10);
    uint64_t front = 10;
    CHECK_OK(canvas_reorder(engine, &front, 1, CANVAS_REORDER_FRONT));
    CHECK_OK(canvas_copy_ids(engine, ids, 4, &count));
    CHECK(ids[3] == 10);
    CHECK_OK(canvas_remove_items(engine, &new_id, 1));
    CHECK(canvas_get_item_count(engine) == 3);
    for (int step = 0; step < 5; step++) CHECK_OK(canvas_undo(engine));
    CHECK_RECT(frame_of(engine, 20), 0, 0, 50, 50);
    CHECK_STATUS(canvas_undo(engine), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(engine));
    CHECK_OK(canvas_redo(engine));
    CHECK_RECT(frame_of(engine, 20), 7, 8, 50, 50);
    canvas_engine_destroy(engine);
}

static void test_bad_edits_change_nothing(void) {
    canvas_engine *engine = free_engine();
    uint64_t two[2] = {20, 99};
    canvas_point origins[2] = {{1, 1}, {2, 2}};
    CHECK_STATUS(canvas_move_items(engine, two, origins, 2), CANVAS_ERR_NOT_FOUND);
    CHECK_RECT(frame_of(engine, 20), 0, 0, 50, 50);
    uint64_t same[2] = {20, 20};
    CHECK_STATUS(canvas_remove_items(engine, same, 2), CANVAS_ERR_INVALID_ARGUMENT);
    uint64_t id = 20;
    CHECK_STATUS(canvas_set_frames_by_id(engine, &id, &(canvas_rect){NAN, 0, 1, 1}, 1), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_insert_items(engine, &(canvas_rect){0, 0, 1, 1}, &id, 1, NULL), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_move_items(engine, NULL, NULL, 1), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_reorder(engine, &id, 1, 7), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK(canvas_get_item_count(engine) == 3);
    canvas_engine_destroy(engine);
}

static void test_batch_whole_or_nothing(void) {
    canvas_engine *engine = free_engine();
    uint64_t id = 20, missing = 77;
    CHECK_OK(canvas_batch_begin(engine));
    CHECK_STATUS(canvas_batch_begin(engine), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_move_items(engine, &id, &(canvas_point){300, 300}, 1));
    CHECK_STATUS(canvas_remove_items(engine, &missing, 1), CANVAS_ERR_NOT_FOUND);
    CHECK_STATUS(canvas_undo(engine), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_batch_rollback(engine));
    CHECK_RECT(frame_of(engine, 20), 0, 0, 50, 50);
    CHECK_STATUS(canvas_batch_commit(engine), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_batch_begin(engine));
    CHECK_OK(canvas_move_items(engine, &id, &(canvas_point){300, 300}, 1));
    CHECK_OK(canvas_remove_items(engine, &(uint64_t){30}, 1));
    CHECK_OK(canvas_batch_commit(engine));
    CHECK(canvas_get_item_count(engine) == 2);
    CHECK_OK(canvas_undo(engine));
    CHECK(canvas_get_item_count(engine) == 3);
    CHECK_RECT(frame_of(engine, 20), 0, 0, 50, 50);
    canvas_engine_destroy(engine);
}

static void test_select_rect_tool_snap_focus(void) {
    canvas_engine *engine = free_engine();
    CHECK_OK(canvas_select_rect(engine, (canvas_rect){-10, -10, 200, 100}, CANVAS_MARQUEE_CONTAIN, CANVAS_SELECTION_REPLACE));
    uint64_t selected[3];
    size_t count = 0;
    CHECK_OK(canvas_copy_selection(engine, selected, 3, &count));
    CHECK(count == 2 && selected[0] == 20 && selected[1] == 30);
    canvas_rect bounds;
    int has = 0;
    CHECK_OK(canvas_get_selection_bounds(engine, &bounds, &has));
    CHECK(has);
    CHECK_RECT(bounds, 0, 0, 150, 50);
    CHECK_OK(canvas_select_rect(engine, (canvas_rect){-10, -10, 20, 20}, CANVAS_MARQUEE_INTERSECT, CANVAS_SELECTION_SUBTRACT));
    CHECK_OK(canvas_copy_selection(engine, selected, 3, &count));
    CHECK(count == 1 && selected[0] == 30);
    CHECK_STATUS(canvas_select_rect(engine, (canvas_rect){0, 0, 1, 1}, 5, 0), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_select_all(engine));
    CHECK_OK(canvas_copy_selection(engine, selected, 3, &count));
    CHECK(count == 3);
    CHECK_OK(canvas_set_tool(engine, CANVAS_TOOL_SELECT));
    CHECK_STATUS(canvas_set_tool(engine, 9), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_set_snap(engine, &(canvas_snap){.grid = 10, .items = 1, .gaps = 1, .threshold = 8}));
    CHECK_STATUS(canvas_set_snap(engine, &(canvas_snap){.grid = NAN, .threshold = 8}), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_set_snap(engine, &(canvas_snap){.threshold = -1}), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_copy_guides(engine, NULL, 0, &count));
    CHECK(count == 0);
    int active = 1;
    canvas_rect marquee;
    CHECK_OK(canvas_get_marquee(engine, &marquee, &active));
    CHECK(!active);
    /* Nudge with grid snapping: one grid step. */
    CHECK_OK(canvas_nudge(engine, CANVAS_PAGE_RIGHT, 0));
    CHECK_RECT(frame_of(engine, 20), 10, 0, 50, 50);
    CHECK_OK(canvas_undo(engine));
    /* Focus. */
    CHECK_OK(canvas_focus(engine, 20));
    uint64_t next = 0;
    int found = 0;
    CHECK_OK(canvas_focus_next(engine, CANVAS_PAGE_RIGHT, &next, &found));
    CHECK(found && next == 30);
    CHECK_OK(canvas_focus_next(engine, CANVAS_PAGE_RIGHT, &next, &found));
    CHECK(!found);
    uint64_t focused = 0;
    CHECK_OK(canvas_get_focus(engine, &focused, &has));
    CHECK(has && focused == 30);
    CHECK_STATUS(canvas_focus(engine, 5), CANVAS_ERR_NOT_FOUND);
    CHECK_STATUS(canvas_focus_next(engine, 11, &next, &found), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_engine_destroy(engine);
}

static void test_flow_edits_relayout(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_size sizes[2] = {{10, 10}, {10, 10}};
    canvas_set_items(engine, sizes, NULL, 2);
    canvas_set_layout_flow(engine, 0, 0, CANVAS_FLOW_ALIGN_TOP, 100);
    canvas_resolve(engine);
    uint64_t id = 3;
    CHECK_OK(canvas_insert_items(engine, &(canvas_rect){0, 0, 10, 10}, &id, 1, &(uint64_t){1}));
    CHECK_RECT(frame_of(engine, 3), 0, 0, 10, 10);
    CHECK_RECT(frame_of(engine, 1), 10, 0, 10, 10);
    CHECK_STATUS(canvas_move_items(engine, &id, &(canvas_point){5, 5}, 1), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_free_keeps_world_coordinates);
    RUN(test_edits_and_undo);
    RUN(test_bad_edits_change_nothing);
    RUN(test_batch_whole_or_nothing);
    RUN(test_select_rect_tool_snap_focus);
    RUN(test_flow_edits_relayout);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
