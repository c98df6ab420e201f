/*
** memory.c: peak resident memory per item.
**
**     memory baseline|canvas [items]     (default 1000000); prints JSON
**
** Both modes allocate and touch the same host buffers (the sizes handed to
** canvas_set_items and room for the frames and the visible ids), and both
** create and destroy an empty engine, so the Swift runtime is loaded and
** started alike. "canvas" then sets the items, lays them out with flow,
** resolves, opens a 1280 x 800 viewport (which builds the index and
** publishes the visible items), copies the frames out and runs a query.
** The engine's cost is canvas's VmHWM (peak resident set, from
** /proc/self/status) less baseline's, over the item count. VmRSS at the end
** (the engine still alive) is reported too: what a live canvas keeps.
*/
#include "common.h"

static long status_kib(const char *key) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long value = -1;
    size_t length = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, length) == 0 && line[length] == ':') {
            value = strtol(line + length + 1, NULL, 10);
            break;
        }
    fclose(f);
    return value;
}

int main(int argc, char **argv) {
    int canvas = argc > 1 && strcmp(argv[1], "canvas") == 0;
    size_t n = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000000;

    canvas_size *sizes = xmalloc(n * sizeof *sizes);
    canvas_rect *frames = xmalloc(n * sizeof *frames);
    uint64_t *ids = xmalloc(n * sizeof *ids);
    for (size_t i = 0; i < n; i++) sizes[i] = (canvas_size){80, 60};
    memset(frames, 0, n * sizeof *frames);
    memset(ids, 0, n * sizeof *ids);
    canvas_engine_destroy(canvas_engine_create());

    canvas_engine *engine = NULL;
    if (canvas) {
        size_t count = 0;
        engine = canvas_engine_create();
        CHECK(engine, canvas_set_items(engine, sizes, NULL, n));
        CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(engine, canvas_resolve(engine));
        CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1280, 800}, NULL));
        CHECK(engine, canvas_copy_frames(engine, frames, n, &count));
        CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 4000, 4000}, ids, n, &count));
    }
    printf("{\"mode\": \"%s\", \"items\": %zu, \"hwm_kib\": %ld, \"rss_kib\": %ld}\n",
           canvas ? "canvas" : "baseline", n, status_kib("VmHWM"), status_kib("VmRSS"));
    if (engine) canvas_engine_destroy(engine);
    free(sizes), free(frames), free(ids);
    return 0;
}
