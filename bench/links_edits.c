/*
** links_edits.c: item and link edits with level of detail on and cluster
** links published (issues 20 and 24: an edit, and the frame after it,
** cost what the edit touches, not a count of every link).
**
**     links_edits [uniform|mixed] [cards] [rounds]     (default uniform 1000000 7)
**
** The board and its links are links_zoom.c's (links_board.h, about 1.5
** links a card), level of detail 8 / 32, a 1920 x 1080 viewport centred on
** the board, zoom on both axes, zoomed out to 0.02 (clusters and cluster
** links on screen). Then rounds of four edits, each followed by its undo:
** removing one card, removing 1,000 scattered cards, inserting 1,000 links
** (a card to a near neighbour), removing 1,000 links. Each edit and each
** undo is timed with the host's next frame: canvas_tick and copies of the
** visible items, appeared and disappeared, the clusters and the cluster
** links (as links_zoom.c). Thread CPU time, and user-space instructions
** where perf events are allowed; where they read -1, run it under
** `valgrind --tool=callgrind --toggle-collect=bench_frame` (every timed
** frame is one call of bench_frame). Prints JSON: median and max per edit.
*/
#include "host_frame.h"
#include "links_board.h"
#include "thread_counter.h"

enum { MAX_ROUNDS = 64, KINDS = 8 };
static const char *names[KINDS] = {"remove_1_card", "undo_remove_1_card", "remove_1000_cards", "undo_remove_1000_cards",
                                   "insert_1000_links", "undo_insert_1000_links", "remove_1000_links", "undo_remove_1000_links"};

typedef struct edit {
    int kind;
    const uint64_t *ids;
    size_t count;
    const canvas_link *links;
} edit;

static canvas_engine *engine;
static host_frame host;
static canvas_cluster *clusters;
static canvas_cluster_link *cluster_links;
static size_t cluster_capacity = 1024, link_capacity = 1024, last_clusters, last_cluster_links;
static double clock_ms;

/* One edit (or undo) and the host's frame after it: what is timed. */
__attribute__((noinline)) void bench_frame(const edit *e) {
    switch (e->kind) {
    case 0: case 2: CHECK(engine, canvas_remove_items(engine, e->ids, e->count)); break;
    case 4: CHECK(engine, canvas_insert_links(engine, e->links, e->count, NULL)); break;
    case 6: CHECK(engine, canvas_remove_links(engine, e->ids, e->count)); break;
    default: CHECK(engine, canvas_undo(engine)); break;
    }
    clock_ms += 1000.0 / 120;
    CHECK(engine, canvas_tick(engine, clock_ms, NULL));
    host_copy_frame(engine, &host);
    last_clusters = host_copy_clusters(engine, &clusters, &cluster_capacity);
    last_cluster_links = host_copy_cluster_links(engine, &cluster_links, &link_capacity);
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int mixed = argc > 1 && strcmp(argv[1], "mixed") == 0;
    size_t cards = argc > 2 ? (size_t)atol(argv[2]) : 1000000;
    int rounds = argc > 3 ? atoi(argv[3]) : 7;
    if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
    rng r = {24};
    links_board board = links_board_make(mixed, cards, &r);
    engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, board.frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_set_links(engine, board.links, board.count));
    CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1920, 1080}, NULL));
    CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_zoom_limits(engine, 0.00001, 5));
    CHECK(engine, canvas_zoom_to_fit(engine, NULL, 0, 0, 0, 0));
    double fit;
    CHECK(engine, canvas_get_zoom(engine, &fit));
    CHECK(engine, canvas_set_zoom_limits(engine, fit, 5));
    CHECK(engine, canvas_set_zoom(engine, 1));
    canvas_rect bounds;
    CHECK(engine, canvas_get_content_bounds(engine, &bounds));
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){bounds.x + bounds.width / 2 - 960, bounds.y + bounds.height / 2 - 540}, NULL));
    CHECK(engine, canvas_tick(engine, 0, NULL));
    CHECK(engine, canvas_set_lod(engine, 8, 32, NULL));
    host = host_frame_make();
    clusters = xmalloc(cluster_capacity * sizeof *clusters);
    cluster_links = xmalloc(link_capacity * sizeof *cluster_links);
    /* Zoomed out about the viewport's centre, then one frame (the open: the counts are made here). */
    double zoom = 0.02 > fit ? 0.02 : fit;
    canvas_point centre = {bounds.x + bounds.width / 2, bounds.y + bounds.height / 2};
    CHECK(engine, canvas_set_zoom(engine, zoom));
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){centre.x * zoom - 960, centre.y * zoom - 540}, NULL));
    clock_ms += 1000.0 / 120;
    CHECK(engine, canvas_tick(engine, clock_ms, NULL));
    host_copy_frame(engine, &host);
    counter_open();

    double times[KINDS][MAX_ROUNDS], instructions[KINDS][MAX_ROUNDS];
    size_t seen_clusters[KINDS] = {0}, seen_links[KINDS] = {0};
    uint64_t *ids = xmalloc(1000 * sizeof *ids);
    canvas_link *new_links = xmalloc(1000 * sizeof *new_links);
    uint64_t next_link = board.count + 1;
    for (int round = 0; round < rounds; round++) {
        for (int kind = 0; kind < KINDS; kind += 2) {
            edit e = {kind, ids, 0, NULL};
            if (kind == 0) {
                ids[0] = cards / 2 + 1 + rng_next(&r) % 1000, e.count = 1;
            } else if (kind == 2) {
                for (size_t i = 0; i < 1000; i++) ids[i] = i * (cards / 1000) + rng_next(&r) % (cards / 1000) + 1;
                e.count = 1000;
            } else if (kind == 4) {
                for (size_t i = 0; i < 1000; i++) {
                    uint64_t a = i * (cards / 1000) + rng_next(&r) % (cards / 1000 - 2) + 1;
                    new_links[i] = (canvas_link){next_link++, a, a + 2, CANVAS_LINK_STRAIGHT, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
                }
                e.links = new_links, e.count = 1000;
            } else {
                for (size_t i = 0; i < 1000; i++) ids[i] = i * (board.count / 1000) + rng_next(&r) % (board.count / 1000) + 1;
                e.count = 1000;
            }
            for (int undo = 0; undo < 2; undo++) {
                edit u = {kind + 1, NULL, 0, NULL};
                double i0 = counter_read(), t0 = thread_seconds();
                bench_frame(undo ? &u : &e);
                double t = thread_seconds() - t0, i = counter_read() - i0;
                times[kind + undo][round] = t, instructions[kind + undo][round] = i;
                seen_clusters[kind + undo] = last_clusters, seen_links[kind + undo] = last_cluster_links;
                if (getenv("VERBOSE"))
                    fprintf(stderr, "%s: %.1f us, %.2f M instructions, %zu clusters, %zu cluster links\n", names[kind + undo], t * 1e6,
                            i / 1e6, last_clusters, last_cluster_links);
            }
        }
    }
    printf("{\"data\": \"%s\", \"cards\": %zu, \"links\": %zu, \"zoom\": %.4f, \"rounds\": %d,\n", mixed ? "mixed" : "uniform", cards,
           board.count, zoom, rounds);
    for (int kind = 0; kind < KINDS; kind++) {
        double t[MAX_ROUNDS], i[MAX_ROUNDS], max = 0;
        memcpy(t, times[kind], rounds * sizeof *t);
        memcpy(i, instructions[kind], rounds * sizeof *i);
        for (int k = 0; k < rounds; k++) max = t[k] > max ? t[k] : max;
        qsort(t, rounds, sizeof *t, compare);
        qsort(i, rounds, sizeof *i, compare);
        printf(" \"%s\": {\"p50_ms\": %.3f, \"max_ms\": %.3f, \"p50_minstr\": %.2f, \"clusters\": %zu, \"cluster_links\": %zu}%s\n",
               names[kind], t[rounds / 2] * 1e3, max * 1e3, i[rounds / 2] / 1e6, seen_clusters[kind], seen_links[kind],
               kind + 1 < KINDS ? "," : "");
    }
    printf("}\n");
    canvas_engine_destroy(engine);
    host_frame_free(&host);
    links_board_free(&board);
    free(clusters), free(cluster_links), free(ids), free(new_links);
    return 0;
}
