/*
** test_history_limit.c: the undo history's byte budget (issue 21.10):
** the default, lowering it drops the oldest steps at once, 0 keeps the
** newest, and the errors.
*/
#include "canvas.h"
#include "check.h"

enum { ITEMS = 1000 };

/* How many undos the history holds, taking them all. */
static int undo_all(canvas_engine *engine) {
    int steps = 0;
    while (canvas_undo(engine) == CANVAS_OK) steps++;
    return steps;
}

static canvas_engine *nudged_board(int nudges) {
    canvas_engine *engine = canvas_engine_create();
    static canvas_rect frames[ITEMS];
    static uint64_t ids[ITEMS];
    for (int i = 0; i < ITEMS; i++) {
        frames[i] = (canvas_rect){i * 20.0, 0, 10, 10};
        ids[i] = (uint64_t)i + 1;
    }
    canvas_set_item_frames(engine, frames, ids, ITEMS);
    canvas_resolve(engine);
    canvas_set_viewport(engine, (canvas_size){400, 300}, &(canvas_point){0, 0}, NAN, NULL);
    canvas_select_all(engine);
    for (int i = 0; i < nudges; i++) CHECK_OK(canvas_nudge(engine, CANVAS_PAGE_RIGHT, 0));
    return engine;
}

static void test_default_and_trim(void) {
    canvas_engine *engine = nudged_board(10);
    uint64_t bytes = 0;
    CHECK_OK(canvas_get_history_limit(engine, &bytes));
    CHECK(bytes == 64u << 20);
    /* A nudge of 1000 items records 1000 frames: well over 1000 * 32 bytes,
       so 100 kB holds at most 3 of them. */
    CHECK_OK(canvas_set_history_limit(engine, 100000));
    CHECK_OK(canvas_get_history_limit(engine, &bytes));
    CHECK(bytes == 100000);
    int steps = undo_all(engine);
    CHECK(steps >= 1 && steps <= 3);
    canvas_engine_destroy(engine);
}

static void test_zero_keeps_the_newest(void) {
    canvas_engine *engine = nudged_board(5);
    CHECK_OK(canvas_set_history_limit(engine, 0));
    CHECK(undo_all(engine) == 1);
    /* Past Int.max saturates: no limit at all. */
    CHECK_OK(canvas_set_history_limit(engine, UINT64_MAX));
    uint64_t bytes = 0;
    CHECK_OK(canvas_get_history_limit(engine, &bytes));
    CHECK(bytes == (uint64_t)INT64_MAX);
    canvas_engine_destroy(engine);
}

static void test_errors(void) {
    canvas_engine *engine = canvas_engine_create();
    CHECK_STATUS(canvas_get_history_limit(engine, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_history_limit(NULL, 1), CANVAS_ERR_NULL);
    uint64_t bytes;
    CHECK_STATUS(canvas_get_history_limit(NULL, &bytes), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_default_and_trim);
    RUN(test_zero_keeps_the_newest);
    RUN(test_errors);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
