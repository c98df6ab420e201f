/*
** memory.c: peak resident memory per item.
**
**     memory baseline|canvas [items] [given|fixed|varied]
**                                  (default 1000000 given); prints JSON
**
** Sizes: "given", every item 80 x 60 handed to canvas_set_items; "fixed",
** no sizes handed over, canvas_set_item_size(80 x 60) instead; "varied",
** widths 40 to 118 and heights 30 to 88 that repeat every 40 and 60 items,
** handed over.
**
** Both modes allocate and touch the same host buffers (the sizes handed to
** canvas_set_items, unless fixed, and room for the frames and the visible
** ids), and both create and destroy an empty engine, so the Swift runtime
** is loaded and started alike. "canvas" then sets the items, lays them out with flow,
** resolves, opens a 1280 x 800 viewport (which builds the index and
** publishes the visible items), copies the frames out and runs a query.
** The engine's cost is canvas's VmHWM (peak resident set, from
** /proc/self/status) less baseline's, over the item count. VmRSS at the end
** (the engine still alive) is reported too: what a live canvas keeps.
*/
#include "common.h"

int main(int argc, char **argv) {
    int canvas = argc > 1 && strcmp(argv[1], "canvas") == 0;
    size_t n = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000000;
    const char *kind = argc > 3 ? argv[3] : "given";
    int fixed = strcmp(kind, "fixed") == 0, varied = strcmp(kind, "varied") == 0;
    if (!fixed && !varied && strcmp(kind, "given") != 0) {
        fprintf(stderr, "memory: sizes are given, fixed or varied, not %s\n", kind);
        return 2;
    }

    canvas_size *sizes = fixed ? NULL : xmalloc(n * sizeof *sizes);
    canvas_rect *frames = xmalloc(n * sizeof *frames);
    uint64_t *ids = xmalloc(n * sizeof *ids);
    for (size_t i = 0; sizes && i < n; i++)
        sizes[i] = varied ? (canvas_size){40 + 2 * (i % 40), 30 + (i % 60)} : (canvas_size){80, 60};
    memset(frames, 0, n * sizeof *frames);
    memset(ids, 0, n * sizeof *ids);
    canvas_engine_destroy(canvas_engine_create());

    canvas_engine *engine = NULL;
    if (canvas) {
        size_t count = 0;
        engine = canvas_engine_create();
        if (fixed) CHECK(engine, canvas_set_item_size(engine, (canvas_size){80, 60}));
        CHECK(engine, canvas_set_items(engine, sizes, NULL, n));
        CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(engine, canvas_resolve(engine));
        CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1280, 800}, NULL));
        CHECK(engine, canvas_copy_frames(engine, frames, n, &count));
        CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 4000, 4000}, ids, n, &count));
    }
    printf("{\"mode\": \"%s\", \"sizes\": \"%s\", \"items\": %zu, \"hwm_kib\": %ld, \"rss_kib\": %ld}\n",
           canvas ? "canvas" : "baseline", kind, n, status_kib("VmHWM"), status_kib("VmRSS"));
    if (engine) canvas_engine_destroy(engine);
    free(sizes), free(frames), free(ids);
    return 0;
}
