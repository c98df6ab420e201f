/*
** test_link_layout.c: canvas_copy_links (every link back, in link order,
** with the count-only ask and a short buffer) and canvas_set_layout_custom_links
** (a place function that sees the links as item positions with their ids).
*/
#include "canvas.h"
#include "check.h"

static canvas_engine *three_items(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_size sizes[3] = {{10, 10}, {20, 10}, {30, 10}};
    uint64_t ids[3] = {7, 8, 9};
    canvas_set_items(engine, sizes, ids, 3);
    return engine;
}

static void test_copy_links(void) {
    canvas_engine *engine = three_items();
    canvas_link links[2] = {
        {4, 9, 7, CANVAS_LINK_STEP, CANVAS_SIDE_TOP, CANVAS_SIDE_TRAILING},
        {2, 7, 8, CANVAS_LINK_CURVE, CANVAS_SIDE_AUTO, CANVAS_SIDE_BOTTOM},
    };
    CHECK_OK(canvas_set_links(engine, links, 2));
    canvas_link out[3];
    size_t count = 0;
    CHECK_OK(canvas_copy_links(engine, NULL, 0, &count));
    CHECK(count == 2);
    CHECK_STATUS(canvas_copy_links(engine, out, 1, &count), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 2);
    CHECK_OK(canvas_copy_links(engine, out, 3, &count));
    CHECK(count == 2);
    CHECK(out[0].id == 4 && out[0].source == 9 && out[0].target == 7 && out[0].style == CANVAS_LINK_STEP);
    CHECK(out[0].source_side == CANVAS_SIDE_TOP && out[0].target_side == CANVAS_SIDE_TRAILING);
    CHECK(out[1].id == 2 && out[1].style == CANVAS_LINK_CURVE && out[1].target_side == CANVAS_SIDE_BOTTOM);
    CHECK_STATUS(canvas_copy_links(engine, out, 3, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_copy_links(NULL, out, 3, &count), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

typedef struct seen {
    size_t calls, link_count;
    canvas_layout_link links[4];
} seen;

/* Places the items in a row and records the links it was given. */
static canvas_status place_row(void *user, const canvas_layout_item *items, size_t count,
                               const canvas_layout_link *links, size_t link_count,
                               double proposal_width, double proposal_height, canvas_rect *frames_out) {
    (void)proposal_width;
    (void)proposal_height;
    seen *got = user;
    got->calls++;
    got->link_count = link_count;
    for (size_t i = 0; i < link_count && i < 4; i++) got->links[i] = links[i];
    double x = 0;
    for (size_t i = 0; i < count; i++) {
        frames_out[i] = (canvas_rect){x, 0, items[i].size.width, items[i].size.height};
        x += items[i].size.width + 5;
    }
    return CANVAS_OK;
}

static void test_place_sees_links(void) {
    canvas_engine *engine = three_items();
    seen got = {0};
    CHECK_OK(canvas_set_layout_custom_links(engine, place_row, &got));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.calls == 1 && got.link_count == 0);
    canvas_link links[2] = {{40, 9, 7, 0, 0, 0}, {41, 8, 9, 0, 0, 0}};
    CHECK_OK(canvas_set_links(engine, links, 2));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.calls == 2 && got.link_count == 2);
    CHECK(got.links[0].id == 40 && got.links[0].source == 2 && got.links[0].target == 0);
    CHECK(got.links[1].id == 41 && got.links[1].source == 1 && got.links[1].target == 2);
    /* Removing an item takes its links: the next place sees the one left, by the new positions. */
    uint64_t gone = 7;
    CHECK_OK(canvas_remove_items(engine, &gone, 1));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.link_count == 1 && got.links[0].id == 41 && got.links[0].source == 0 && got.links[0].target == 1);
    CHECK_STATUS(canvas_set_layout_custom_links(engine, NULL, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

/* The ids handed to the place function stay with their pairs through
** inserts before a link, removals, undo and a removed item: each link the
** place function sees is the table's link at that place in link order. */
static void test_place_ids_follow_edits(void) {
    canvas_engine *engine = three_items();
    seen got = {0};
    CHECK_OK(canvas_set_layout_custom_links(engine, place_row, &got));
    canvas_link links[2] = {{1000, 7, 8, 0, 0, 0}, {5, 8, 9, CANVAS_LINK_STEP, 0, 0}};
    CHECK_OK(canvas_set_links(engine, links, 2));
    canvas_link more[2] = {{77, 9, 8, 0, 0, 0}, {3, 9, 7, CANVAS_LINK_CURVE, 0, 0}};
    uint64_t before = 5;
    CHECK_OK(canvas_insert_links(engine, more, 2, &before));
    CHECK_OK(canvas_resolve(engine));
    /* Link order: 1000 (7->8), 77 (9->8), 3 (9->7), 5 (8->9); positions 7:0, 8:1, 9:2. */
    CHECK(got.link_count == 4);
    CHECK(got.links[0].id == 1000 && got.links[0].source == 0 && got.links[0].target == 1);
    CHECK(got.links[1].id == 77 && got.links[1].source == 2 && got.links[1].target == 1);
    CHECK(got.links[2].id == 3 && got.links[2].source == 2 && got.links[2].target == 0);
    CHECK(got.links[3].id == 5 && got.links[3].source == 1 && got.links[3].target == 2);
    uint64_t drop = 77;
    CHECK_OK(canvas_remove_links(engine, &drop, 1));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.link_count == 3 && got.links[0].id == 1000 && got.links[1].id == 3 && got.links[2].id == 5);
    CHECK(got.links[1].source == 2 && got.links[1].target == 0);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.link_count == 4 && got.links[1].id == 77 && got.links[1].source == 2 && got.links[1].target == 1);
    /* Item 8 goes: its links (1000, 77, 5) with it; 3 is left, 9 now at 1. */
    uint64_t gone = 8;
    CHECK_OK(canvas_remove_items(engine, &gone, 1));
    CHECK_OK(canvas_resolve(engine));
    CHECK(got.link_count == 1 && got.links[0].id == 3 && got.links[0].source == 1 && got.links[0].target == 0);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_copy_links);
    RUN(test_place_sees_links);
    RUN(test_place_ids_follow_edits);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
