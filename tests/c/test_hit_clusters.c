/*
** test_hit_clusters.c: hit testing follows the published level of detail
** (issue 22 item 6). Over a published cluster canvas_hit_test finds nothing
** and canvas_hit_test_detail tells the cluster, never a card drawn inside
** it; the select tool starts a marquee there; clusters carry how many of
** their items are selected. Random boards (fixed seeds): every press, the
** tool takes what hit_test_detail answers.
*/
#include <stdint.h>
#include <stdlib.h>

#include "canvas.h"
#include "check.h"

/* A fixed-seed generator (rand_r is not in C11). */
static unsigned next_random(unsigned *state) {
    *state = *state * 1103515245u + 12345u;
    return (*state >> 8) & 0xffffff;
}

/* A free canvas: a 20 x 20 block of 10-point cards 20 apart at (1024, 1024),
   and one 400-point card at (3000, 1000); zoom 0.1, level of detail on. */
static canvas_engine *board(void) {
    canvas_rect frames[401];
    for (int i = 0; i < 400; i++) frames[i] = (canvas_rect){1024 + (i % 20) * 20, 1024 + (i / 20) * 20, 10, 10};
    frames[400] = (canvas_rect){3000, 1000, 400, 400};
    canvas_engine *e = canvas_engine_create();
    CHECK_OK(canvas_set_layout_free(e));
    CHECK_OK(canvas_set_item_frames(e, frames, NULL, 401));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_viewport(e, (canvas_size){800, 600}, &(canvas_point){0, 0}, NAN, NULL));
    CHECK_OK(canvas_set_zoom_limits(e, 0.01, 5));
    CHECK_OK(canvas_set_zoom(e, 0.1));
    CHECK_OK(canvas_set_viewport_offset(e, (canvas_point){0, 0}, NULL));
    CHECK_OK(canvas_set_lod(e, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
    CHECK_OK(canvas_set_tool(e, CANVAS_TOOL_SELECT));
    return e;
}

static void test_press_on_a_cluster(void) {
    canvas_engine *e = board();
    /* Card 1 is at (102.4, 102.4) zoomed, 1 x 1: drawn inside a cluster. */
    canvas_point p = {102.9, 102.9};
    canvas_rect before;
    CHECK_OK(canvas_get_frame(e, 1, &before));
    uint64_t id = 0;
    int found = -1;
    CHECK_OK(canvas_hit_test(e, p, &id, &found));
    CHECK(found == 0);
    canvas_hit_kind kind = -1;
    canvas_cluster cluster = {{0, 0, 0, 0}, 0, 0};
    uint64_t selected = 99;
    CHECK_OK(canvas_hit_test_detail(e, p, &kind, &id, &cluster, &selected));
    CHECK(kind == CANVAS_HIT_CLUSTER);
    CHECK(id == cluster.id && cluster.count > 1 && selected == 0);
    CHECK(cluster.bounds.x <= p.x && p.x < cluster.bounds.x + cluster.bounds.width);
    /* The large card is drawn: an item. */
    CHECK_OK(canvas_hit_test_detail(e, (canvas_point){320, 120}, &kind, &id, &cluster, &selected));
    CHECK(kind == CANVAS_HIT_ITEM && id == 401);
    CHECK_OK(canvas_hit_test(e, (canvas_point){320, 120}, &id, &found));
    CHECK(found == 1 && id == 401);
    /* Empty space. */
    CHECK_OK(canvas_hit_test_detail(e, (canvas_point){700, 500}, &kind, &id, &cluster, &selected));
    CHECK(kind == CANVAS_HIT_NONE);

    /* A press on the cluster with the select tool starts a marquee. */
    CHECK_OK(canvas_pointer_down(e, p, 0));
    CHECK_OK(canvas_pointer_move(e, (canvas_point){120, 120}, 16));
    canvas_rect marquee;
    int active = 0;
    CHECK_OK(canvas_get_marquee(e, &marquee, &active));
    CHECK(active == 1);
    CHECK_OK(canvas_pointer_up(e, (canvas_point){120, 120}, 32));
    size_t n = 0;
    CHECK_OK(canvas_copy_selection(e, NULL, 0, &n));
    CHECK(n > 1);
    /* Nothing moved: a marquee, not a drag of card 1. */
    canvas_rect frame;
    CHECK_OK(canvas_get_frame(e, 1, &frame));
    CHECK(frame.x == before.x && frame.y == before.y);
    canvas_engine_destroy(e);
}

static void test_clusters_carry_selected(void) {
    canvas_engine *e = board();
    size_t nc = 0;
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(nc > 1);
    canvas_cluster *clusters = malloc(nc * sizeof *clusters);
    uint64_t *selected = malloc(nc * sizeof *selected);
    CHECK_OK(canvas_copy_clusters(e, clusters, nc, &nc));
    size_t ns = 0;
    CHECK_OK(canvas_copy_cluster_selection(e, selected, nc, &ns));
    CHECK(ns == nc);
    uint64_t total = 0;
    for (size_t i = 0; i < nc; i++) total += selected[i];
    CHECK(total == 0);
    /* Select cards 1..50 and the large one: the clusters count the 50. */
    for (uint64_t id = 1; id <= 50; id++) CHECK_OK(canvas_select_id(e, id));
    CHECK_OK(canvas_select_id(e, 401));
    CHECK_OK(canvas_copy_cluster_selection(e, selected, nc, &ns));
    total = 0;
    for (size_t i = 0; i < nc; i++) {
        total += selected[i];
        CHECK(selected[i] <= clusters[i].count);
    }
    CHECK(total == 50);
    /* Card 1's cluster: its count through hit_test_detail too. */
    canvas_hit_kind kind;
    uint64_t id, count = 0;
    canvas_cluster hit;
    CHECK_OK(canvas_hit_test_detail(e, (canvas_point){102.9, 102.9}, &kind, &id, &hit, &count));
    for (size_t i = 0; i < nc; i++)
        if (clusters[i].id == hit.id) CHECK(selected[i] == count && count > 0);
    /* The same counts for the query over the culling rectangle. */
    size_t nq = 0;
    CHECK_OK(canvas_query_lod_selection(e, (canvas_rect){0, 0, 0, 0}, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL, 0, &nq));
    CHECK(nq == nc);
    uint64_t *queried = malloc((nq + 1) * sizeof *queried);
    CHECK_OK(canvas_query_lod_selection(e, (canvas_rect){0, 0, 0, 0}, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, queried, nq, &nq));
    for (size_t i = 0; i < nc && i < nq; i++) CHECK(queried[i] == selected[i]);
    /* Buffers too small, bad arguments: refused. */
    if (nc > 0) CHECK_STATUS(canvas_copy_cluster_selection(e, selected, nc - 1, &ns), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(canvas_copy_cluster_selection(e, selected, nc, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_query_lod_selection(e, (canvas_rect){0, 0, 0, 0}, NAN, 16, queried, nq, &nq), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_query_lod_selection(e, (canvas_rect){0, 0, 0, 0}, 8, 0, queried, nq, &nq), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_query_lod_selection(e, (canvas_rect){0, 0, 0, 0}, 8, 16, queried, nq, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_hit_test_detail(e, (canvas_point){NAN, 0}, &kind, &id, &hit, &count), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_hit_test_detail(e, (canvas_point){0, 0}, NULL, &id, &hit, &count), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_hit_test_detail(e, (canvas_point){0, 0}, &kind, &id, NULL, &count), CANVAS_ERR_NULL);
    free(queried);
    free(clusters);
    free(selected);
    canvas_engine_destroy(e);
}

/* Random boards: for every press, hit_test agrees with hit_test_detail, an
   item hit is published, a cluster hit is a published cluster, and the
   select tool takes what the detail says (the item, or a marquee). */
static void test_tool_agrees_over_clusters(void) {
    unsigned seed = 622;
    size_t cluster_presses = 0;
    for (int round = 0; round < 6; round++) {
        canvas_rect frames[300];
        for (int i = 0; i < 300; i++) {
            double side = next_random(&seed) % 4 == 0 ? 100 + next_random(&seed) % 400 : 4 + next_random(&seed) % 50;
            frames[i] = (canvas_rect){next_random(&seed) % 6000, next_random(&seed) % 4500, side, side};
        }
        canvas_engine *e = canvas_engine_create();
        CHECK_OK(canvas_set_layout_free(e));
        CHECK_OK(canvas_set_item_frames(e, frames, NULL, 300));
        CHECK_OK(canvas_resolve(e));
        CHECK_OK(canvas_set_viewport(e, (canvas_size){800, 600}, &(canvas_point){0, 0}, NAN, NULL));
        CHECK_OK(canvas_set_zoom_limits(e, 0.01, 5));
        CHECK_OK(canvas_set_zoom(e, 0.1 + round * 0.02));
        CHECK_OK(canvas_set_viewport_offset(e, (canvas_point){0, 0}, NULL));
        CHECK_OK(canvas_set_lod(e, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
        CHECK_OK(canvas_set_tool(e, CANVAS_TOOL_SELECT));
        uint64_t visible[300];
        size_t nv = 0, nc = 0;
        CHECK_OK(canvas_copy_visible(e, visible, 300, &nv));
        canvas_cluster clusters[2000];
        CHECK_OK(canvas_copy_clusters(e, clusters, 2000, &nc));
        CHECK(nc > 0);
        for (int press = 0; press < 60; press++) {
            canvas_point p;
            if (press % 2 == 0 && nc > 0) {  /* inside a cluster's bounds */
                canvas_rect b = clusters[next_random(&seed) % nc].bounds;
                p = (canvas_point){b.x + (next_random(&seed) % 100) / 100.0 * b.width, b.y + (next_random(&seed) % 100) / 100.0 * b.height};
            } else {
                p = (canvas_point){(next_random(&seed) % 8000) / 10.0, (next_random(&seed) % 6000) / 10.0};
            }
            canvas_hit_kind kind = -1;
            uint64_t id = 0, selected = 0, plain = 0;
            canvas_cluster cluster;
            int found = -1;
            CHECK_OK(canvas_hit_test_detail(e, p, &kind, &id, &cluster, &selected));
            CHECK_OK(canvas_hit_test(e, p, &plain, &found));
            CHECK(found == (kind == CANVAS_HIT_ITEM));
            if (kind == CANVAS_HIT_ITEM) {
                CHECK(plain == id);
                int drawn = 0;
                for (size_t i = 0; i < nv; i++) drawn |= visible[i] == id;
                CHECK(drawn);
            } else if (kind == CANVAS_HIT_CLUSTER) {
                int published = 0;
                for (size_t i = 0; i < nc; i++) published |= clusters[i].id == cluster.id && clusters[i].count == cluster.count;
                CHECK(published);
                cluster_presses++;
            }
            double t = round * 10000 + press * 100;
            CHECK_OK(canvas_pointer_down(e, p, t));
            if (kind == CANVAS_HIT_ITEM) {
                CHECK_OK(canvas_pointer_up(e, p, t + 5));
                uint64_t chosen[4];
                size_t n = 0;
                CHECK_OK(canvas_copy_selection(e, chosen, 4, &n));
                CHECK(n == 1 && chosen[0] == id);
            } else {
                CHECK_OK(canvas_pointer_move(e, (canvas_point){p.x + 10, p.y + 10}, t + 5));
                canvas_rect marquee;
                int active = 0;
                CHECK_OK(canvas_get_marquee(e, &marquee, &active));
                CHECK(active == 1);
                CHECK_OK(canvas_pointer_cancel(e, p, t + 10));
            }
        }
        canvas_engine_destroy(e);
    }
    CHECK(cluster_presses > 60);
}

int main(void) {
    RUN(test_press_on_a_cluster);
    RUN(test_clusters_carry_selected);
    RUN(test_tool_agrees_over_clusters);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
