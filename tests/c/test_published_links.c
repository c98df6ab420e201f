/*
** test_published_links.c: links in the published update through canvas.h:
** visible, appeared and disappeared links, and level of detail's cluster
** links (one per pair of drawn ends, in their documented order).
*/
#include "canvas.h"
#include "check.h"

/* Three small cards (two sharing a cluster cell at zoom 0.35) and one large. */
static canvas_engine *clustered_engine(void) {
    canvas_engine *engine = canvas_engine_create();
    canvas_rect frames[4] = {{0, 0, 20, 20}, {30, 0, 20, 10}, {300, 0, 20, 10}, {600, 0, 100, 40}};
    uint64_t ids[4] = {10, 20, 30, 40};
    canvas_set_item_frames(engine, frames, ids, 4);
    canvas_set_layout_free(engine);
    canvas_resolve(engine);
    canvas_set_viewport_size(engine, (canvas_size){1000, 1000}, NULL);
    canvas_set_zoom(engine, 0.35);
    canvas_link links[5] = {
        {1, 10, 20, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},  /* inside one cluster */
        {2, 10, 30, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
        {3, 30, 20, CANVAS_LINK_STEP, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},      /* the same pair, reversed */
        {4, 30, 40, CANVAS_LINK_CURVE, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
        {5, 40, 10, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
    };
    canvas_set_links(engine, links, 5);
    return engine;
}

static void test_cluster_links(void) {
    canvas_engine *engine = clustered_engine();
    CHECK_OK(canvas_set_lod(engine, 8, 16, NULL));
    canvas_cluster_link out[8];
    size_t count = 99;
    CHECK_OK(canvas_copy_cluster_links(engine, NULL, 0, &count));
    CHECK(count == 3);
    CHECK_STATUS(canvas_copy_cluster_links(engine, out, 2, &count), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(canvas_copy_cluster_links(engine, out, 8, &count));
    CHECK(count == 3);
    CHECK(out[0].from == 10 && out[0].from_kind == CANVAS_HIT_CLUSTER && out[0].to == 30 && out[0].to_kind == CANVAS_HIT_CLUSTER);
    CHECK(out[0].count == 2);
    CHECK(out[1].from == 10 && out[1].from_kind == CANVAS_HIT_CLUSTER && out[1].to == 40 && out[1].to_kind == CANVAS_HIT_ITEM);
    CHECK(out[1].count == 1);
    CHECK(out[2].from == 30 && out[2].from_kind == CANVAS_HIT_CLUSTER && out[2].to == 40 && out[2].to_kind == CANVAS_HIT_ITEM);
    CHECK(out[2].count == 1);
    uint64_t ids[8];
    CHECK_OK(canvas_copy_visible_links(engine, ids, 8, &count));
    CHECK(count == 0);  /* only card 40 is drawn one by one */
    CHECK_STATUS(canvas_copy_cluster_links(engine, out, 8, NULL), CANVAS_ERR_NULL);

    /* Level of detail off: every link one by one, all appeared; no cluster links. */
    CHECK_OK(canvas_clear_lod(engine, NULL));
    CHECK_OK(canvas_copy_cluster_links(engine, out, 8, &count));
    CHECK(count == 0);
    CHECK_OK(canvas_copy_visible_links(engine, ids, 8, &count));
    CHECK(count == 5 && ids[0] == 1 && ids[4] == 5);
    CHECK_OK(canvas_copy_appeared_links(engine, ids, 8, &count));
    CHECK(count == 5 && ids[0] == 1 && ids[4] == 5);
    CHECK_OK(canvas_copy_disappeared_links(engine, ids, 8, &count));
    CHECK(count == 0);
    canvas_engine_destroy(engine);
}

static void test_diff_and_publish(void) {
    canvas_engine *engine = clustered_engine();
    uint64_t ids[8], before = 0, after = 0;
    size_t count = 0;
    CHECK_OK(canvas_get_publish_count(engine, &before));
    uint64_t gone = 2;
    CHECK_OK(canvas_remove_links(engine, &gone, 1));
    CHECK_OK(canvas_get_publish_count(engine, &after));
    CHECK(after == before + 1);
    CHECK_OK(canvas_copy_visible_links(engine, ids, 8, &count));
    CHECK(count == 4 && ids[0] == 1 && ids[1] == 3);
    CHECK_OK(canvas_copy_disappeared_links(engine, ids, 8, &count));
    CHECK(count == 1 && ids[0] == 2);
    CHECK_OK(canvas_copy_appeared_links(engine, ids, 8, &count));
    CHECK(count == 0);
    CHECK_OK(canvas_undo(engine));
    CHECK_OK(canvas_copy_appeared_links(engine, ids, 8, &count));
    CHECK(count == 1 && ids[0] == 2);
    /* An idle tick publishes nothing. */
    CHECK_OK(canvas_get_publish_count(engine, &before));
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(engine, 1000, &tick));
    CHECK_OK(canvas_get_publish_count(engine, &after));
    CHECK(after == before);
    CHECK_STATUS(canvas_copy_appeared_links(engine, ids, 0, &count), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(count == 1);
    CHECK_STATUS(canvas_copy_disappeared_links(engine, ids, 8, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(engine);
}

int main(void) {
    RUN(test_cluster_links);
    RUN(test_diff_and_publish);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
