/*
** links.c: links at scale (issue 24's goals), release build. A free board of
** `cards` cards, each linked to one or two near neighbours (about 1.5 links
** a card, styles mixed), on one of two data sets:
**   uniform  cards of 120 x 70 in rows of 1,000 at a 150 x 100 pitch; a card
**            links to the next in its row and, half the time, the one below.
**   mixed    bench/session_data.h's whiteboard (log-normal sizes, 300
**            Gaussian blobs); cards taken in order of 500-point grid cells
**            (row-major), each linked to the next in that order and, half
**            the time, the one after: near neighbours, as a host draws them.
** Then:
**   - bytes a link: the resident set before and after canvas_set_links, and
**     after the first canvas_query_links builds the index of route bounds;
**   - canvas_query_links against canvas_query over the same random 1920 x
**     1080 viewports (p50/p95/p99/max, interleaved);
**   - a drag of 1,000 neighbouring cards a frame at a time (p50/p95/p99/max):
**     canvas_move_items (which re-routes the moved cards' links as it moves
**     them), then the links' query over the viewport; beside it, frame by
**     frame, the same drag on a second engine with the same cards and no
**     links, so the re-route's share of the move shows;
**   - a host's frame while the viewport pans (input, canvas_tick, copying
**     the visible items, appeared, disappeared and the clusters, host_frame.h),
**     without links and with them (the visible link ids, then each one's
**     route into a buffer), the two kinds alternating frame by frame;
**   - the drag again with level of detail on, zoomed out to 0.05 so the
**     board shows as clusters: moving the cards, the tick that publishes
**     and copying the cluster links, a frame (p50/p95/p99/max).
**
** Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not wall time:
** on a machine shared with other builds, wall time holds the scheduler's
** slices given to them (a 10 µs query read 30 ms); CPU time does not, and
** still counts the cache misses. LINKS_CLOCK=wall measures wall time.
**
**     links [uniform|mixed] [cards] [queries]   (default uniform 1000000 2000); prints JSON
*/
#include "host_frame.h"
#include "links_board.h"

static int wall_clock;
static double clock_seconds(void) {
    if (wall_clock) return now_seconds();
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#define now_seconds clock_seconds

enum { DRAGGED = 1000, DRAG_FRAMES = 30, HOST_FRAMES = 400 };

static void stats(const char *name, double *values, size_t count, int last) {
    double max = 0;
    for (size_t i = 0; i < count; i++) max = values[i] > max ? values[i] : max;
    printf(" \"%s\": {\"p50\": %.2f, \"p95\": %.2f, \"p99\": %.2f, \"max\": %.2f}%s\n", name,
           percentile(values, count, 0.5) * 1e6, percentile(values, count, 0.95) * 1e6,
           percentile(values, count, 0.99) * 1e6, max * 1e6, last ? "" : ",");
}

int main(int argc, char **argv) {
    wall_clock = getenv("LINKS_CLOCK") && strcmp(getenv("LINKS_CLOCK"), "wall") == 0;
    int mixed = argc > 1 && strcmp(argv[1], "mixed") == 0;
    size_t cards = argc > 2 ? (size_t)atol(argv[2]) : 1000000;
    size_t queries = argc > 3 ? (size_t)atol(argv[3]) : 2000;
    size_t columns = 1000;
    rng r = {24};
    canvas_engine *engine = canvas_engine_create();
    /* The cards, in neighbour order (along the rows, or by grid cell), and their links. */
    links_board board = links_board_make(mixed, cards, &r);
    canvas_rect *frames = board.frames;
    size_t *order = board.order;
    canvas_link *links = board.links;
    size_t count = board.count;
    double width = mixed ? sd_world(cards) : (double)columns * 150;
    double height = mixed ? sd_world(cards) : (double)(cards / columns) * 100;
    CHECK(engine, canvas_set_item_frames(engine, frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));

    uint64_t ids[DRAGGED];
    canvas_point origins[DRAGGED];
    size_t first = mixed ? cards / 2 : 0;
    double t0;
    /* A second engine with the same cards and no links, dragged frame by
       frame beside the first: what the re-route adds to the move
       (canvas_move_items re-routes the moved cards' links as it moves them). */
    canvas_engine *bare = canvas_engine_create();
    CHECK(bare, canvas_set_item_frames(bare, frames, NULL, cards));
    CHECK(bare, canvas_resolve(bare));
    CHECK(bare, canvas_set_viewport_size(bare, (canvas_size){1920, 1080}, NULL));

    /* Bytes the heap holds, not resident pages: pages freed earlier (a resolve's scratch)
       are reused without the resident size growing, which read as 3.6 B a link. */
    size_t heap_before = heap_bytes();
    t0 = now_seconds();
    CHECK(engine, canvas_set_links(engine, links, count));
    double set_seconds = now_seconds() - t0;
    size_t heap_after_set = heap_bytes();
    /* The viewport after the table is measured: with a viewport the engine
       publishes the visible links, which builds their index at once. */
    CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1920, 1080}, NULL));
    size_t found = 0, capacity = 1 << 20;
    uint64_t *out = xmalloc(capacity * sizeof *out);
    /* Items' index first, so neither query pays a build in the timing. */
    CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    CHECK(bare, canvas_query(bare, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    t0 = now_seconds();
    CHECK(engine, canvas_query_links(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    double build_seconds = now_seconds() - t0;
    size_t heap_after_index = heap_bytes();

    double *item_times = xmalloc(queries * sizeof *item_times), *link_times = xmalloc(queries * sizeof *link_times);
    size_t item_found = 0, link_found = 0;
    for (size_t q = 0; q < queries; q++) {
        canvas_rect rect = {rng_uniform(&r, 0, width > 1920 ? width - 1920 : 1), rng_uniform(&r, 0, height > 1080 ? height - 1080 : 1), 1920, 1080};
        t0 = now_seconds();
        CHECK(engine, canvas_query(engine, rect, out, capacity, &found));
        item_times[q] = now_seconds() - t0;
        item_found += found;
        t0 = now_seconds();
        CHECK(engine, canvas_query_links(engine, rect, out, capacity, &found));
        link_times[q] = now_seconds() - t0;
        link_found += found;
    }

    /* A drag: 1,000 neighbouring cards (a block of 40 columns on the
       uniform board; a run of the cell order in the middle of the mixed
       one) move a step a frame; each frame the host asks for the links in
       the viewport over them, which re-routes what moved. */
    double move_times[DRAG_FRAMES], route_times[DRAG_FRAMES], drag_times[DRAG_FRAMES], bare_times[DRAG_FRAMES];
    canvas_rect over = mixed ? (canvas_rect){frames[order[first]].x - 960, frames[order[first]].y - 540, 1920, 1080}
                             : (canvas_rect){0, 0, 1920, 1080};
    for (int f = 0; f < DRAG_FRAMES; f++) {
        for (size_t k = 0; k < DRAGGED && first + k < cards; k++) {
            size_t i = mixed ? order[first + k] : (k / 40) * columns + k % 40;
            ids[k] = i + 1;
            origins[k] = (canvas_point){frames[i].x + 3.0 * (f + 1), frames[i].y + 2.0 * (f + 1)};
        }
        t0 = now_seconds();
        CHECK(engine, canvas_move_items(engine, ids, origins, DRAGGED));
        double t1 = now_seconds();
        CHECK(engine, canvas_query_links(engine, over, out, capacity, &found));
        double t2 = now_seconds();
        move_times[f] = t1 - t0, route_times[f] = t2 - t1, drag_times[f] = t2 - t0;
        t0 = now_seconds();
        CHECK(bare, canvas_move_items(bare, ids, origins, DRAGGED));
        bare_times[f] = now_seconds() - t0;
    }

    /* A host's frame while the viewport pans 4 points right and 2 down a
       frame from over the dragged cards: with links, the visible link ids and each route. */
    double *plain_times = xmalloc(HOST_FRAMES * sizeof(double)), *linked_times = xmalloc(HOST_FRAMES * sizeof(double));
    host_frame host = host_frame_make();
    size_t link_capacity = 64, point_capacity = 64, cluster_capacity = 16, visible_links = 0, routed_points = 0;
    uint64_t *link_ids = xmalloc(link_capacity * sizeof *link_ids);
    canvas_point *points = xmalloc(point_capacity * sizeof *points);
    canvas_cluster *clusters = xmalloc(cluster_capacity * sizeof *clusters);
    double clock_ms = 0;
    for (int f = -20; f < 2 * HOST_FRAMES; f++) {
        int with_links = f % 2 != 0;
        canvas_point offset = {over.x + 4.0 * (f + 20), over.y + 2.0 * (f + 20)};
        clock_ms += 1000.0 / 120;
        t0 = now_seconds();
        CHECK(engine, canvas_set_viewport_offset(engine, offset, NULL));
        CHECK(engine, canvas_tick(engine, clock_ms, NULL));
        host_copy_frame(engine, &host);
        host_copy_clusters(engine, &clusters, &cluster_capacity);
        if (with_links) {
            size_t shown = host_copy_ids(engine, canvas_copy_visible_links, &link_ids, &link_capacity);
            for (size_t k = 0; k < shown; k++) {
                size_t n = 0;
                canvas_status status = canvas_copy_link_route(engine, link_ids[k], points, point_capacity, &n);
                if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
                    host_grow((void **)&points, &point_capacity, n, sizeof *points);
                    status = canvas_copy_link_route(engine, link_ids[k], points, point_capacity, &n);
                }
                CHECK(engine, status);
                if (f >= 0) routed_points += n;
            }
            if (f >= 0) visible_links += shown;
        }
        double elapsed = now_seconds() - t0;
        if (f >= 0) (with_links ? linked_times : plain_times)[f / 2] = elapsed;
    }
    size_t host_items = host.items_count;

    /* The same drag with level of detail on, zoomed out so the board around
       the dragged cards shows as clusters: each frame moves the cards, ticks
       (which publishes the cluster links) and copies the cluster links. */
    double lod_times[DRAG_FRAMES];
    size_t lod_links = 0, cluster_link_capacity = 1024;
    canvas_cluster_link *cluster_links = xmalloc(cluster_link_capacity * sizeof *cluster_links);
    const double lod_zoom = 0.05;
    CHECK(engine, canvas_set_lod(engine, 8, 32, NULL));
    CHECK(engine, canvas_set_zoom_limits(engine, 0.01, 5));
    CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_zoom(engine, lod_zoom));
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){over.x * lod_zoom, over.y * lod_zoom}, NULL));
    for (int f = -1; f < DRAG_FRAMES; f++) {
        for (size_t k = 0; k < DRAGGED && first + k < cards; k++) {
            size_t i = mixed ? order[first + k] : (k / 40) * columns + k % 40;
            ids[k] = i + 1;
            origins[k] = (canvas_point){frames[i].x - 3.0 * (f + 2), frames[i].y - 2.0 * (f + 2)};
        }
        clock_ms += 1000.0 / 120;
        t0 = now_seconds();
        CHECK(engine, canvas_move_items(engine, ids, origins, DRAGGED));
        CHECK(engine, canvas_tick(engine, clock_ms, NULL));
        size_t n = host_copy_cluster_links(engine, &cluster_links, &cluster_link_capacity);
        if (f >= 0) lod_times[f] = now_seconds() - t0, lod_links += n;  /* the first frame counts them once */
    }


    printf("{\"clock\": \"%s\", \"data\": \"%s\", \"cards\": %zu, \"links\": %zu, \"set_links_s\": %.4f, \"index_build_s\": %.4f,\n",
           wall_clock ? "wall" : "thread cpu", mixed ? "mixed" : "uniform", cards, count, set_seconds, build_seconds);
    printf(" \"bytes_per_link_table\": %.1f, \"bytes_per_link_with_index\": %.1f,\n",
           ((double)heap_after_set - (double)heap_before) / (double)count,
           ((double)heap_after_index - (double)heap_before) / (double)count);
    printf(" \"items_found\": %.0f, \"links_found\": %.0f,\n", (double)item_found / (double)queries, (double)link_found / (double)queries);
    stats("items_query_us", item_times, queries, 0);
    stats("links_query_us", link_times, queries, 0);
    stats("drag_move_us", move_times, DRAG_FRAMES, 0);
    stats("drag_route_us", route_times, DRAG_FRAMES, 0);
    stats("drag_frame_us", drag_times, DRAG_FRAMES, 0);
    stats("drag_move_no_links_us", bare_times, DRAG_FRAMES, 0);
    printf(" \"host_visible_items\": %.0f, \"host_visible_links\": %.0f, \"host_route_points\": %.0f,\n",
           (double)host_items / (double)(2 * HOST_FRAMES + 20), (double)visible_links / HOST_FRAMES,
           (double)routed_points / HOST_FRAMES);
    stats("host_frame_us", plain_times, HOST_FRAMES, 0);
    stats("host_frame_links_us", linked_times, HOST_FRAMES, 0);
    printf(" \"lod_drag_cluster_links\": %.0f,\n", (double)lod_links / DRAG_FRAMES);
    stats("lod_drag_frame_us", lod_times, DRAG_FRAMES, 1);
    printf("}\n");
    canvas_engine_destroy(engine);
    canvas_engine_destroy(bare);
    host_frame_free(&host);
    links_board_free(&board);
    free(out), free(item_times), free(link_times);
    free(plain_times), free(linked_times), free(link_ids), free(points), free(clusters), free(cluster_links);
    return 0;
}
