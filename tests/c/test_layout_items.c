/*
** test_layout_items.c: canvas_set_layout_custom_items, the custom layout
** whose place function gets each item's id and index as well as its size.
*/
#include "check.h"

#include <stdint.h>

/* A kanban board: the id's tens digit picks the column, items stack in it
   in data order; records what it was handed. */
typedef struct board {
    canvas_layout_item seen[8];
    size_t seen_count;
    int calls;
} board;

static canvas_status kanban(void *user, const canvas_layout_item *items, size_t count,
                            double proposal_width, double proposal_height, canvas_rect *frames_out) {
    (void)proposal_width;
    (void)proposal_height;
    board *b = user;
    b->calls++;
    b->seen_count = count;
    double column_height[10] = {0};
    for (size_t i = 0; i < count; i++) {
        if (i < 8) b->seen[i] = items[i];
        unsigned column = (unsigned)(items[i].id / 10 % 10);
        frames_out[i] = (canvas_rect){column * 100.0, column_height[column], items[i].size.width, items[i].size.height};
        column_height[column] += items[i].size.height;
    }
    return CANVAS_OK;
}

static canvas_status refuse(void *user, const canvas_layout_item *items, size_t count,
                            double proposal_width, double proposal_height, canvas_rect *frames_out) {
    (void)items; (void)count; (void)proposal_width; (void)proposal_height; (void)frames_out;
    canvas_callback_error(user, "the board is locked");
    return 1;
}

static void test_ids_and_indices_reach_the_layout(void) {
    canvas_engine *e = canvas_engine_create();
    board b = {0};
    canvas_size sizes[4] = {{50, 10}, {50, 20}, {50, 30}, {50, 40}};
    uint64_t ids[4] = {21, 11, 22, 12};
    CHECK_OK(canvas_set_items(e, sizes, ids, 4));
    CHECK_OK(canvas_set_layout_custom_items(e, kanban, &b));
    CHECK_OK(canvas_resolve(e));
    CHECK(b.calls == 1);
    CHECK(b.seen_count == 4);
    for (size_t i = 0; i < 4; i++) {
        CHECK(b.seen[i].id == ids[i]);
        CHECK(b.seen[i].index == i);
        CHECK_SIZE(b.seen[i].size, sizes[i].width, sizes[i].height);
    }
    canvas_rect frames[4];
    size_t count = 0;
    CHECK_OK(canvas_copy_frames(e, frames, 4, &count));
    /* Column 1 (ids 11, 12) is normalized to x = 0; column 2 sits 100 to the right. */
    CHECK_RECT(frames[0], 100, 0, 50, 10);
    CHECK_RECT(frames[1], 0, 0, 50, 20);
    CHECK_RECT(frames[2], 100, 10, 50, 30);
    CHECK_RECT(frames[3], 0, 20, 50, 40);
    canvas_engine_destroy(e);
}

static void test_default_ids_and_sanitized_sizes(void) {
    canvas_engine *e = canvas_engine_create();
    board b = {0};
    canvas_size sizes[2] = {{NAN, 5}, {-3, 7}};
    CHECK_OK(canvas_set_items(e, sizes, NULL, 2));
    CHECK_OK(canvas_set_layout_custom_items(e, kanban, &b));
    CHECK_OK(canvas_resolve(e));
    CHECK(b.seen[0].id == 1 && b.seen[1].id == 2);
    CHECK_SIZE(b.seen[0].size, 0, 5);
    CHECK_SIZE(b.seen[1].size, 0, 7);
    canvas_engine_destroy(e);
}

static void test_failure_keeps_the_previous_frames(void) {
    canvas_engine *e = canvas_engine_create();
    board b = {0};
    canvas_size sizes[2] = {{10, 10}, {10, 10}};
    uint64_t ids[2] = {11, 21};
    CHECK_OK(canvas_set_items(e, sizes, ids, 2));
    CHECK_OK(canvas_set_layout_custom_items(e, kanban, &b));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_layout_custom_items(e, refuse, e));
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_CALLBACK);
    CHECK_STR(canvas_engine_last_error(e), "the board is locked");
    canvas_rect frames[2];
    size_t count = 0;
    CHECK_OK(canvas_copy_frames(e, frames, 2, &count));
    CHECK_RECT(frames[1], 100, 0, 10, 10);
    CHECK_STATUS(canvas_set_layout_custom_items(e, NULL, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_layout_custom_items(NULL, kanban, &b), CANVAS_ERR_NULL);
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_ids_and_indices_reach_the_layout);
    RUN(test_default_ids_and_sanitized_sizes);
    RUN(test_failure_keeps_the_previous_frames);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
