/*
** test_link_selection.c: selecting links through canvas.h: the select
** tool's press on a link, shift, the marquee option, and the delete key
** removing the selected items and links as one undo step.
*/
#include "canvas.h"
#include "check.h"

/* Cards 10, 20, 30 in a row; links 1 (10->20) and 2 (20->30). */
static canvas_engine *select_engine(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[3] = {{0, 0, 100, 50}, {300, 0, 100, 50}, {600, 0, 100, 50}};
    uint64_t ids[3] = {10, 20, 30};
    canvas_set_item_frames(engine, frames, ids, 3);
    canvas_set_layout_free(engine);
    canvas_resolve(engine);
    canvas_set_viewport_size(engine, (canvas_size){1000, 800}, NULL);
    canvas_set_viewport_offset(engine, (canvas_point){0, 0}, NULL);
    canvas_link links[2] = {
        {1, 10, 20, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
        {2, 20, 30, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
    };
    canvas_set_links(engine, links, 2);
    canvas_set_tool(engine, CANVAS_TOOL_SELECT);
    return engine;
}

static void click(canvas_engine *engine, double x, double y, canvas_modifiers modifiers, double t) {
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_DOWN, (canvas_point){x, y}, modifiers, t));
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_UP, (canvas_point){x, y}, modifiers, t + 1));
}

static void test_press_and_calls(void) {
    canvas_engine *engine = select_engine();
    uint64_t ids[4];
    size_t count = 9;
    click(engine, 200, 27, 0, 10);
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 1);
    click(engine, 500, 25, CANVAS_MODIFIER_SHIFT, 20);
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 2 && ids[0] == 1 && ids[1] == 2);
    click(engine, 50, 25, 0, 30);  /* an item: the links go */
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 0);
    CHECK_OK(canvas_select_link(engine, 2, 0));
    CHECK_OK(canvas_copy_selection(engine, ids, 4, &count));
    CHECK(count == 0);  /* alone: the items cleared */
    CHECK_OK(canvas_select_link(engine, 1, 1));
    CHECK_OK(canvas_deselect_link(engine, 2));
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 1);
    CHECK_STATUS(canvas_select_link(engine, 99, 0), CANVAS_ERR_NOT_FOUND);
    CHECK_OK(canvas_clear_link_selection(engine));
    CHECK_OK(canvas_copy_selected_links(engine, NULL, 0, &count));
    CHECK(count == 0);
    CHECK_STATUS(canvas_copy_selected_links(engine, ids, 4, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

static void test_marquee_option(void) {
    canvas_engine *engine = select_engine();
    int on = -1;
    CHECK_OK(canvas_get_marquee_links(engine, &on));
    CHECK(on == 0);
    CHECK_STATUS(canvas_get_marquee_links(engine, NULL), CANVAS_ERR_NULL);
    uint64_t ids[4];
    size_t count = 9;
    /* A marquee across link 1 only (x 150..250, y 10..40). */
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_DOWN, (canvas_point){150, 10}, 0, 10));
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_MOVE, (canvas_point){250, 40}, 0, 20));
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_UP, (canvas_point){250, 40}, 0, 30));
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 0);
    CHECK_OK(canvas_set_marquee_links(engine, 1));
    CHECK_OK(canvas_get_marquee_links(engine, &on));
    CHECK(on == 1);
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_DOWN, (canvas_point){150, 10}, 0, 40));
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_MOVE, (canvas_point){250, 40}, 0, 50));
    CHECK_OK(canvas_pointer_event(engine, CANVAS_POINTER_UP, (canvas_point){250, 40}, 0, 60));
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 1);
    canvas_engine_destroy(engine);
}

static void test_delete_and_undo(void) {
    canvas_engine *engine = select_engine();
    uint64_t ids[4];
    size_t count = 0;
    CHECK_OK(canvas_select_id(engine, 30));
    CHECK_OK(canvas_select_link(engine, 1, 1));
    CHECK_OK(canvas_key(engine, CANVAS_KEY_DELETE, 100));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 0);  /* 1 selected, 2 went with card 30 */
    CHECK_OK(canvas_copy_disappeared_links(engine, ids, 4, &count));
    CHECK(count == 2 && ids[0] == 1 && ids[1] == 2);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 2 && ids[0] == 1 && ids[1] == 2);
    CHECK_OK(canvas_copy_selected_links(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 1);
    CHECK_OK(canvas_copy_selection(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 30);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_press_and_calls);
    RUN(test_marquee_option);
    RUN(test_delete_and_undo);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
