/*
** test_graph_layouts.c: canvas_set_layout_tree and canvas_set_layout_layered
** through canvas.h: defaults, directions, spacings, and bad settings that
** leave the layout in force; over canvas_set_links, a tree's parents centred
** above their children and a layered layout's links pointing down.
*/
#include "check.h"

static canvas_engine *three_items(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[3] = {{10, 10}, {20, 10}, {10, 30}};
    CHECK_OK(canvas_set_items(e, sizes, NULL, 3));
    return e;
}

static void frames_of(canvas_engine *e, canvas_rect out[3]) {
    size_t count = 0;
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_copy_frames(e, out, 3, &count));
    CHECK(count == 3);
}

/* Roots side by side, sibling_spacing apart, centred on one level. */
static void test_tree_forest(void) {
    canvas_engine *e = three_items();
    canvas_tree_settings tree = {CANVAS_GRAPH_DOWN, 40, 5};
    CHECK_OK(canvas_set_layout_tree(e, &tree));
    canvas_rect f[3];
    frames_of(e, f);
    CHECK_RECT(f[0], 0, 10, 10, 10);
    CHECK_RECT(f[1], 15, 10, 20, 10);
    CHECK_RECT(f[2], 40, 0, 10, 30);
    /* NULL takes the defaults: siblings 16 apart. */
    CHECK_OK(canvas_set_layout_tree(e, NULL));
    frames_of(e, f);
    CHECK_CLOSE(f[1].x - (f[0].x + f[0].width), 16);
    /* Right: the roots stack down the level. */
    tree.direction = CANVAS_GRAPH_RIGHT;
    CHECK_OK(canvas_set_layout_tree(e, &tree));
    frames_of(e, f);
    CHECK_CLOSE(f[1].y - (f[0].y + f[0].height), 5);
    CHECK_CLOSE(f[0].x + f[0].width / 2, f[1].x + f[1].width / 2);
    tree.direction = CANVAS_GRAPH_RADIAL;
    CHECK_OK(canvas_set_layout_tree(e, &tree));
    canvas_engine_destroy(e);
}

/* One rank, node_spacing apart. */
static void test_layered_rank(void) {
    canvas_engine *e = three_items();
    canvas_layered_settings layered = {CANVAS_GRAPH_DOWN, 50, 7};
    CHECK_OK(canvas_set_layout_layered(e, &layered));
    canvas_rect f[3];
    frames_of(e, f);
    CHECK_CLOSE(f[1].x - (f[0].x + f[0].width), 7);
    CHECK_CLOSE(f[2].x - (f[1].x + f[1].width), 7);
    CHECK_CLOSE(f[0].y + f[0].height / 2, f[2].y + f[2].height / 2);
    CHECK_OK(canvas_set_layout_layered(e, NULL));
    frames_of(e, f);
    CHECK_CLOSE(f[1].x - (f[0].x + f[0].width), 20);
    canvas_engine_destroy(e);
}

/* Bad settings fail with their code and a message, and change nothing. */
static void test_bad_settings(void) {
    canvas_engine *e = three_items();
    canvas_tree_settings tree = {CANVAS_GRAPH_DOWN, 40, 5};
    CHECK_OK(canvas_set_layout_tree(e, &tree));
    canvas_rect before[3], after[3];
    frames_of(e, before);
    canvas_tree_settings bad_tree[] = {{7, 40, 5}, {CANVAS_GRAPH_DOWN, -1, 5}, {CANVAS_GRAPH_DOWN, 40, NAN},
                                       {CANVAS_GRAPH_DOWN, INFINITY, 5}};
    int tree_codes[] = {CANVAS_ERR_INVALID_ARGUMENT, CANVAS_ERR_INVALID_ARGUMENT, CANVAS_ERR_NON_FINITE,
                        CANVAS_ERR_NON_FINITE};
    for (int i = 0; i < 4; i++) {
        CHECK_STATUS(canvas_set_layout_tree(e, &bad_tree[i]), tree_codes[i]);
        CHECK_MESSAGE(canvas_engine_last_error(e));
    }
    canvas_layered_settings bad_layered[] = {{CANVAS_GRAPH_RADIAL, 50, 20}, {-1, 50, 20},
                                             {CANVAS_GRAPH_RIGHT, 50, -2}, {CANVAS_GRAPH_RIGHT, NAN, 20}};
    int layered_codes[] = {CANVAS_ERR_INVALID_ARGUMENT, CANVAS_ERR_INVALID_ARGUMENT, CANVAS_ERR_INVALID_ARGUMENT,
                           CANVAS_ERR_NON_FINITE};
    for (int i = 0; i < 4; i++) {
        CHECK_STATUS(canvas_set_layout_layered(e, &bad_layered[i]), layered_codes[i]);
        CHECK_MESSAGE(canvas_engine_last_error(e));
    }
    frames_of(e, after);
    for (int i = 0; i < 3; i++) CHECK_RECT(after[i], before[i].x, before[i].y, before[i].width, before[i].height);
    CHECK_STATUS(canvas_set_layout_tree(NULL, &tree), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_layout_layered(NULL, NULL), CANVAS_ERR_NULL);
    canvas_engine_destroy(e);
}

/* Ids 1..5: 1 -> 2, 1 -> 3, 2 -> 4, 2 -> 5 as a tree; down and right. */
static void test_tree_over_links(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[5] = {{10, 10}, {10, 10}, {10, 10}, {10, 10}, {10, 10}};
    CHECK_OK(canvas_set_items(e, sizes, NULL, 5));
    canvas_link links[4] = {{1, 1, 2, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
                            {2, 1, 3, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
                            {3, 2, 4, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO},
                            {4, 2, 5, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO}};
    CHECK_OK(canvas_set_links(e, links, 4));
    canvas_tree_settings tree = {CANVAS_GRAPH_DOWN, 20, 4};
    CHECK_OK(canvas_set_layout_tree(e, &tree));
    canvas_rect f[5];
    size_t count = 0;
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_copy_frames(e, f, 5, &count));
    /* Levels 30 apart (10 deep + 20); 4 and 5 are siblings (10 + 4 apart), 2 and 3 too. */
    CHECK_CLOSE(f[1].y - f[0].y, 30);
    CHECK_CLOSE(f[3].y - f[1].y, 30);
    CHECK_CLOSE(f[4].x - f[3].x, 14);
    CHECK_CLOSE(f[1].x, (f[3].x + f[4].x) / 2);
    CHECK_CLOSE(f[0].x, (f[1].x + f[2].x) / 2);
    CHECK(f[2].x - f[1].x >= 14);
    /* Layered, to the right: every link's target is a rank (50) further on. */
    canvas_layered_settings layered = {CANVAS_GRAPH_RIGHT, 50, 5};
    CHECK_OK(canvas_set_layout_layered(e, &layered));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_copy_frames(e, f, 5, &count));
    for (int i = 0; i < 4; i++) {
        canvas_rect from = f[links[i].source - 1], to = f[links[i].target - 1];
        CHECK_CLOSE(to.x - (from.x + from.width), 50);
    }
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_tree_over_links);
    RUN(test_tree_forest);
    RUN(test_layered_rank);
    RUN(test_bad_settings);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
