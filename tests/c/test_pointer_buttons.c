/*
** test_pointer_buttons.c: with the select tool the primary button selects
** and drags; middle and secondary pan, as primary does while space is held
** (issue 22.7).
*/
#include "canvas.h"
#include "check.h"

static canvas_engine *board(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[2] = {{0, 0, 50, 50}, {100, 0, 50, 50}};
    uint64_t ids[2] = {1, 2};
    canvas_set_item_frames(engine, frames, ids, 2);
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){400, 300}, &(canvas_point){0, 0}, NAN, NULL);
    canvas_set_tool(engine, CANVAS_TOOL_SELECT);
    canvas_set_snap(engine, &(canvas_snap){0, 0, 0, 4});
    return engine;
}

static void drag_at(canvas_engine *engine, canvas_pointer_button button, double t);
static void drag(canvas_engine *engine, canvas_pointer_button button) { drag_at(engine, button, 0); }

/* A press on item 1 dragged 50 points right, rested, released. */
static void drag_at(canvas_engine *engine, canvas_pointer_button button, double t) {
    CHECK_OK(canvas_pointer_event_button(engine, CANVAS_POINTER_DOWN, (canvas_point){10, 10}, 0, button, t));
    CHECK_OK(canvas_pointer_event_button(engine, CANVAS_POINTER_MOVE, (canvas_point){35, 10}, 0, button, t + 16));
    CHECK_OK(canvas_pointer_event_button(engine, CANVAS_POINTER_MOVE, (canvas_point){60, 10}, 0, button, t + 32));
    CHECK_OK(canvas_pointer_event_button(engine, CANVAS_POINTER_UP, (canvas_point){60, 10}, 0, button, t + 200));
}

static canvas_point offset(canvas_engine *engine) {
    canvas_rect viewport;
    canvas_get_viewport(engine, &viewport);
    return (canvas_point){viewport.x, viewport.y};
}

static size_t selected(canvas_engine *engine) {
    uint64_t ids[4];
    size_t count = 0;
    canvas_copy_selection(engine, ids, 4, &count);
    return count;
}

static void test_primary_drags(void) {
    canvas_engine *engine = board();
    drag(engine, CANVAS_BUTTON_PRIMARY);
    CHECK_CLOSE(offset(engine).x, 0);
    CHECK(selected(engine) == 1);
    canvas_engine_destroy(engine);
}

static void test_middle_and_secondary_pan(void) {
    canvas_pointer_button buttons[2] = {CANVAS_BUTTON_MIDDLE, CANVAS_BUTTON_SECONDARY};
    for (int i = 0; i < 2; i++) {
        canvas_engine *engine = board();
        drag(engine, buttons[i]);
        CHECK_CLOSE(offset(engine).x, -50);
        CHECK(selected(engine) == 0);
        int can = 1;
        canvas_can_undo(engine, &can);
        CHECK(can == 0);
        canvas_engine_destroy(engine);
    }
}

static void test_space_pans_with_primary(void) {
    canvas_engine *engine = board();
    CHECK_OK(canvas_key_state(engine, CANVAS_HELD_SPACE, 1));
    drag(engine, CANVAS_BUTTON_PRIMARY);
    CHECK_CLOSE(offset(engine).x, -50);
    CHECK(selected(engine) == 0);
    CHECK_OK(canvas_key_state(engine, CANVAS_HELD_SPACE, 0));
    drag_at(engine, CANVAS_BUTTON_PRIMARY, 1000);  /* content (-40, 10): empty space, a marquee */
    CHECK_CLOSE(offset(engine).x, -50);
    canvas_engine_destroy(engine);
}

static void test_errors(void) {
    canvas_engine *engine = board();
    CHECK_STATUS(canvas_pointer_event_button(engine, CANVAS_POINTER_DOWN, (canvas_point){1, 1}, 0, 3, 0),
                 CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE(canvas_engine_last_error(engine));
    CHECK_STATUS(canvas_key_state(engine, 1, 1), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_key_state(NULL, CANVAS_HELD_SPACE, 1), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_primary_drags);
    RUN(test_middle_and_secondary_pan);
    RUN(test_space_pans_with_primary);
    RUN(test_errors);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
