/*
** scale.c: ten million items on one machine, for bench/scale.py:
**
**     scale [runs] count...    (default 3 1000000 10000000); prints JSON
**
** Every count is items of one fixed size, 80 x 60 (canvas_set_item_size:
** no sizes are handed over), in a flow layout with spacing 8, rows wrapping
** at the side of a square. Measured per count, medians of the runs:
**   canvas, floor  layout.c's pipeline (set the items, flow, resolve, copy
**                  the frames out) and its C floor over the same one size,
**                  interleaved run by run; same_frames compares the bytes
**   resolve        a fresh engine: set the items, flow, resolve
**   index          the second canvas_query after that resolve, which builds
**                  the culling index (the first is answered by a scan)
**   query          canvas_query of a 1280 x 800 rectangle into the caller's
**                  buffer, at the same 200 seeded positions for every count
**                  (all inside the smallest count's content), median of all
** Memory per item is memory.c's, in its own processes.
*/
#include "common.h"

typedef struct layout_ctx layout_ctx;
layout_ctx *layout_prepare_fixed(size_t n, double width, double height);
double layout_canvas(layout_ctx *ctx);
double layout_floor(layout_ctx *ctx);
int layout_same(const layout_ctx *ctx);
void layout_free(layout_ctx *ctx);

#define QUERIES 200
#define QUERY_PASSES 5

static canvas_engine *fixed_engine(size_t n, double *resolve_seconds) {
    canvas_engine *engine = canvas_engine_create();
    double start = now_seconds();
    CHECK(engine, canvas_set_item_size(engine, (canvas_size){80, 60}));
    CHECK(engine, canvas_set_items(engine, NULL, NULL, n));
    CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
    CHECK(engine, canvas_resolve(engine));
    *resolve_seconds = now_seconds() - start;
    return engine;
}

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 3;
    size_t default_counts[] = {1000000, 10000000};
    size_t count_n = argc > 2 ? (size_t)(argc - 2) : 2;
    size_t *counts = xmalloc(count_n * sizeof *counts);
    for (size_t c = 0; c < count_n; c++) counts[c] = argc > 2 ? strtoull(argv[c + 2], NULL, 10) : default_counts[c];

    /* The query positions: inside the smallest count's content. */
    size_t smallest = counts[0];
    for (size_t c = 1; c < count_n; c++) if (counts[c] < smallest) smallest = counts[c];
    double ignored;
    canvas_engine *probe = fixed_engine(smallest, &ignored);
    canvas_size content;
    CHECK(probe, canvas_get_content_size(probe, &content));
    canvas_engine_destroy(probe);
    canvas_rect rects[QUERIES];
    rng r = {15};
    for (int q = 0; q < QUERIES; q++)
        rects[q] = (canvas_rect){rng_uniform(&r, 0, content.width > 1280 ? content.width - 1280 : 1),
                                 rng_uniform(&r, 0, content.height > 800 ? content.height - 800 : 1), 1280, 800};

    double *canvas = xmalloc(runs * sizeof *canvas), *floor_ = xmalloc(runs * sizeof *floor_);
    double *resolve = xmalloc(runs * sizeof *resolve), *index = xmalloc(runs * sizeof *index);
    double *queries = xmalloc(runs * QUERIES * QUERY_PASSES * sizeof *queries);
    uint64_t *ids = xmalloc(100000 * sizeof *ids);
    printf("{\"runs\": %d, \"queries\": %d, \"counts\": {", runs, QUERIES);
    for (size_t c = 0; c < count_n; c++) {
        size_t n = counts[c];
        layout_ctx *ctx = layout_prepare_fixed(n, 80, 60);
        /* A process's first run of this size is slow on its own account (the
           kernel finding memory for it): a warm-up, as layout.c's main has. */
        layout_canvas(ctx);
        int same = 1;
        for (int run = 0; run < runs; run++) {
            if (run % 2 == 0) {
                canvas[run] = layout_canvas(ctx);
                floor_[run] = layout_floor(ctx);
            } else {
                floor_[run] = layout_floor(ctx);
                canvas[run] = layout_canvas(ctx);
            }
            same = same && layout_same(ctx);
        }
        layout_free(ctx);

        size_t q_count = 0, results = 0;
        for (int run = 0; run < runs; run++) {
            canvas_engine *engine = fixed_engine(n, &resolve[run]);
            size_t found;
            CHECK(engine, canvas_query(engine, rects[0], ids, 100000, &found));  /* a scan */
            double start = now_seconds();
            CHECK(engine, canvas_query(engine, rects[0], ids, 100000, &found));  /* builds the index */
            index[run] = now_seconds() - start;
            for (int pass = 0; pass < QUERY_PASSES; pass++)
                for (int q = 0; q < QUERIES; q++) {
                    start = now_seconds();
                    CHECK(engine, canvas_query(engine, rects[q], ids, 100000, &found));
                    queries[q_count++] = now_seconds() - start;
                    results += found;
                }
            canvas_engine_destroy(engine);
        }
        printf("%s\"%zu\": {\"canvas\": %.9g, \"floor\": %.9g, \"same_frames\": %s, \"resolve\": %.9g, "
               "\"index\": %.9g, \"query\": %.9g, \"results\": %.1f}",
               c ? ", " : "", n, median(canvas, runs), median(floor_, runs), same ? "true" : "false",
               median(resolve, runs), median(index, runs), median(queries, q_count), (double)results / q_count);
        fflush(stdout);
    }
    printf("}}\n");
    free(counts), free(canvas), free(floor_), free(resolve), free(index), free(queries), free(ids);
    return 0;
}
