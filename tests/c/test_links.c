/*
** test_links.c: links through canvas.h only: set, route, query, visible,
** hit test, insert, remove, and removing an item taking its links (undo
** bringing them back).
*/
#include "canvas.h"
#include "check.h"

static canvas_engine *linked_engine(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[3] = {{0, 0, 100, 50}, {300, 0, 100, 50}, {0, 400, 100, 50}};
    uint64_t ids[3] = {10, 20, 30};
    canvas_set_item_frames(engine, frames, ids, 3);
    canvas_set_layout_free(engine);
    canvas_resolve(engine);
    canvas_set_viewport_size(engine, (canvas_size){1000, 1000}, NULL);
    canvas_link links[2] = {
        {1, 10, 20, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
        {2, 10, 30, CANVAS_LINK_CURVE, CANVAS_SIDE_BOTTOM, CANVAS_SIDE_TOP},
    };
    canvas_set_links(engine, links, 2);
    return engine;
}

static void test_routes(void) {
    canvas_engine *engine = linked_engine();
    canvas_point points[8];
    size_t count = 0;
    CHECK_OK(canvas_copy_link_route(engine, 1, points, 8, &count));
    CHECK(count == 2);
    CHECK_CLOSE(points[0].x, 100);
    CHECK_CLOSE(points[0].y, 25);
    CHECK_CLOSE(points[1].x, 300);
    /* A curve: four control points, React Flow's: half the gap out of each side. */
    CHECK_OK(canvas_copy_link_route(engine, 2, points, 8, &count));
    CHECK(count == 4);
    CHECK_CLOSE(points[0].y, 50);
    CHECK_CLOSE(points[1].y, 225);
    CHECK_CLOSE(points[2].y, 225);
    CHECK_CLOSE(points[3].y, 400);
    CHECK_STATUS(canvas_copy_link_route(engine, 2, points, 2, &count), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 4);
    CHECK_STATUS(canvas_copy_link_route(engine, 99, points, 8, &count), CANVAS_ERR_NOT_FOUND);
    canvas_engine_destroy(engine);
}

static void test_query_visible_hit(void) {
    canvas_engine *engine = linked_engine();
    uint64_t ids[4];
    size_t count = 0;
    CHECK_OK(canvas_query_links(engine, (canvas_rect){190, 20, 20, 10}, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 1);
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 2 && ids[0] == 1 && ids[1] == 2);
    uint64_t hit = 0;
    int found = -1;
    CHECK_OK(canvas_hit_test_link(engine, (canvas_point){200, 28}, &hit, &found));
    CHECK(found == 1 && hit == 1);
    CHECK_OK(canvas_hit_test_link(engine, (canvas_point){200, 40}, &hit, &found));
    CHECK(found == 0);
    CHECK_STATUS(canvas_hit_test_link(engine, (canvas_point){NAN, 0}, &hit, &found), CANVAS_ERR_NON_FINITE);
    canvas_engine_destroy(engine);
}

static void test_edits_and_undo(void) {
    canvas_engine *engine = linked_engine();
    uint64_t ids[4];
    size_t count = 0;
    canvas_link more = {3, 20, 30, CANVAS_LINK_STEP, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
    uint64_t before = 2;
    CHECK_OK(canvas_insert_links(engine, &more, 1, &before));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 3 && ids[1] == 3);
    /* Bad links change nothing. */
    canvas_link self = {4, 20, 20, CANVAS_LINK_STEP, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
    CHECK_STATUS(canvas_insert_links(engine, &self, 1, NULL), CANVAS_ERR_INVALID_ARGUMENT);
    canvas_link stray = {4, 20, 77, CANVAS_LINK_STEP, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
    CHECK_STATUS(canvas_insert_links(engine, &stray, 1, NULL), CANVAS_ERR_NOT_FOUND);
    canvas_link styled = {4, 20, 30, 9, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
    CHECK_STATUS(canvas_insert_links(engine, &styled, 1, NULL), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_remove_links(engine, (uint64_t[]){77}, 1), CANVAS_ERR_NOT_FOUND);
    /* Removing item 10 takes links 1 and 2; undo brings them back in place. */
    uint64_t item = 10;
    CHECK_OK(canvas_remove_items(engine, &item, 1));
    CHECK_OK(canvas_query_links(engine, (canvas_rect){-1000, -1000, 3000, 3000}, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 3);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_query_links(engine, (canvas_rect){-1000, -1000, 3000, 3000}, ids, 4, &count));
    CHECK(count == 3 && ids[0] == 1 && ids[1] == 3 && ids[2] == 2);
    CHECK_OK(canvas_remove_links(engine, (uint64_t[]){1, 3}, 2));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 1 && ids[0] == 2);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 3);
    canvas_engine_destroy(engine);
}

static void test_bad_sets(void) {
    canvas_engine *engine = linked_engine();
    canvas_link twice[2] = {{5, 10, 20, 0, 0, 0}, {5, 20, 30, 0, 0, 0}};
    CHECK_STATUS(canvas_set_links(engine, twice, 2), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_links(engine, NULL, 2), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_links(NULL, twice, 2), CANVAS_ERR_NULL);
    uint64_t ids[4];
    size_t count = 0;
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 2);
    CHECK_OK(canvas_set_links(engine, NULL, 0));
    CHECK_OK(canvas_copy_visible_links(engine, ids, 4, &count));
    CHECK(count == 0);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_routes);
    RUN(test_query_visible_hit);
    RUN(test_edits_and_undo);
    RUN(test_bad_sets);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
