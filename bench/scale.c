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
**                  (all inside the smallest count's content), median of all;
**                  the counts' engines live side by side and take turns, pass
**                  by pass, so a slow moment of the machine hits them alike
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
    double *resolve = xmalloc(count_n * runs * sizeof *resolve), *index = xmalloc(count_n * runs * sizeof *index);
    double *queries = xmalloc(count_n * runs * QUERIES * QUERY_PASSES * sizeof *queries);
    size_t *results = calloc(count_n, sizeof *results);
    uint64_t *ids = xmalloc(100000 * sizeof *ids);
    canvas_engine **engines = xmalloc(count_n * sizeof *engines);

    /* The queries, side by side: each run makes one engine per count, then
       every pass asks every count the same rectangles in turn. */
    size_t per_count = (size_t)runs * QUERIES * QUERY_PASSES;
    for (int run = 0; run < runs; run++) {
        for (size_t c = 0; c < count_n; c++) {
            size_t found;
            engines[c] = fixed_engine(counts[c], &resolve[c * runs + run]);
            CHECK(engines[c], canvas_query(engines[c], rects[0], ids, 100000, &found));  /* a scan */
            double start = now_seconds();
            CHECK(engines[c], canvas_query(engines[c], rects[0], ids, 100000, &found));  /* builds the index */
            index[c * runs + run] = now_seconds() - start;
        }
        for (int pass = 0; pass < QUERY_PASSES; pass++)
            for (size_t c = 0; c < count_n; c++)
                for (int q = 0; q < QUERIES; q++) {
                    size_t found;
                    double start = now_seconds();
                    CHECK(engines[c], canvas_query(engines[c], rects[q], ids, 100000, &found));
                    queries[c * per_count + ((size_t)run * QUERY_PASSES + pass) * QUERIES + q] = now_seconds() - start;
                    results[c] += found;
                }
        for (size_t c = 0; c < count_n; c++) canvas_engine_destroy(engines[c]);
    }

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
        printf("%s\"%zu\": {\"canvas\": %.9g, \"floor\": %.9g, \"same_frames\": %s, \"resolve\": %.9g, "
               "\"index\": %.9g, \"query\": %.9g, \"results\": %.1f}",
               c ? ", " : "", n, median(canvas, runs), median(floor_, runs), same ? "true" : "false",
               median(resolve + c * runs, runs), median(index + c * runs, runs),
               median(queries + c * per_count, per_count), (double)results[c] / per_count);
        fflush(stdout);
    }
    printf("}}\n");
    free(counts), free(canvas), free(floor_), free(resolve), free(index), free(queries), free(results);
    free(ids), free(engines);
    return 0;
}
