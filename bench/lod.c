/*
** lod.c: level of detail at a million items zoomed out to fit a 1280 x 800
** viewport, for bench/lod.py:
**
**     lod [runs] [item count]   (default 5 1000000)
**
** The scene is interact.c's (items of 80 x 60 in a flow layout, spacing 8,
** the default overscan), zoomed on both axes to fit (canvas_zoom_to_fit,
** limits 0.0001 to 5), min_size 2 and cell 16. Measured, each a median of
** the runs (a fresh engine each run):
**   index     building the culling index: the second canvas_query after a
**             resolve, over a 1 x 1 rect (the first is a scan)
**   lod_build the first canvas_query_lod after a resolve: what this zoom
**             needs (one pass over the frames that counts the size classes
**             and bins this zoom's level) and every coarser level down to
**             the minimum zoom, each merged from the one below
**   lod_every building every level instead: on a fresh engine (no
**             viewport, so nothing is published) whose culling index is
**             built (untimed: ordinary culling builds it, and large items
**             are found through it), a canvas_query_lod over a 1 x 1 rect
**             at each level's zoom (16 / 2^k, k = 2 ... until the minimum
**             zoom), finest first: the zooms where the items are large ask
**             the index, the first where they can be small bins its level
**             from the frames, and each coarser one merges the one below
**   lod_levels the same, each query on its own: [zoom, seconds] pairs
**   lod_frame a host's frame with canvas_set_lod on: canvas_tick, then
**             canvas_copy_visible_items and canvas_copy_clusters into
**             buffers allocated once (median of 200 frames a run)
**   full      the same frame without level of detail: canvas_tick, then
**             canvas_copy_visible_items of everything in view (median of 5)
** Prints JSON.
*/
#include "common.h"

#define FRAMES 200

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
    double *index = xmalloc(runs * sizeof *index), *build = xmalloc(runs * sizeof *build);
    double *lod = xmalloc(runs * sizeof *lod), *full = xmalloc(runs * sizeof *full);
    double *every = xmalloc(runs * sizeof *every);
    enum { LEVELS = 32 };
    double *level = xmalloc((size_t)runs * LEVELS * sizeof *level), scales[LEVELS], one[64];
    int levels = 0;
    double frames[FRAMES], copies[5], zoom = 0, t = 0;
    size_t shown = 0, clusters = 0, visible = 0;
    canvas_size *sizes = xmalloc(n * sizeof *sizes);
    for (size_t i = 0; i < n; i++) sizes[i] = (canvas_size){80, 60};
    canvas_visible_item *items = xmalloc(n * sizeof *items);
    canvas_cluster *cells = xmalloc(100000 * sizeof *cells);
    size_t count;
    for (int r = 0; r < runs; r++) {
        canvas_engine *e = canvas_engine_create();
        CHECK(e, canvas_set_items(e, sizes, NULL, n));
        CHECK(e, canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(e, canvas_resolve(e));
        uint64_t id;
        canvas_rect probe = {10, 10, 1, 1};
        CHECK(e, canvas_query(e, probe, &id, 1, &count));  /* a scan */
        double a = now_seconds();
        CHECK(e, canvas_query(e, probe, &id, 1, &count));  /* builds the index */
        index[r] = now_seconds() - a;
        CHECK(e, canvas_set_viewport_size(e, (canvas_size){1280, 800}, NULL));
        CHECK(e, canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
        CHECK(e, canvas_set_zoom_limits(e, 0.0001, 5));
        CHECK(e, canvas_zoom_to_fit(e, NULL, 0, 0, CANVAS_DURATION_DEFAULT, t));
        CHECK(e, canvas_get_zoom(e, &zoom));
        a = now_seconds();
        CHECK(e, canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL,
                                  items, n, &shown, cells, 100000, &clusters));
        build[r] = now_seconds() - a;
        CHECK(e, canvas_set_lod(e, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
        canvas_tick_result tick;
        for (int f = 0; f < FRAMES; f++) {
            t += 1000.0 / 120;
            a = now_seconds();
            CHECK(e, canvas_tick(e, t, &tick));
            CHECK(e, canvas_copy_visible_items(e, items, n, &shown));
            CHECK(e, canvas_copy_clusters(e, cells, 100000, &clusters));
            frames[f] = now_seconds() - a;
        }
        lod[r] = median(frames, FRAMES);
        CHECK(e, canvas_clear_lod(e, NULL));
        for (int f = 0; f < 5; f++) {
            t += 1000.0 / 120;
            a = now_seconds();
            CHECK(e, canvas_tick(e, t, &tick));
            CHECK(e, canvas_copy_visible_items(e, items, n, &visible));
            copies[f] = now_seconds() - a;
        }
        full[r] = median(copies, 5);
        canvas_engine_destroy(e);

        e = canvas_engine_create();
        CHECK(e, canvas_set_items(e, sizes, NULL, n));
        CHECK(e, canvas_set_layout_flow(e, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(e, canvas_resolve(e));
        CHECK(e, canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
        CHECK(e, canvas_set_zoom_limits(e, 0.0001, 5));
        CHECK(e, canvas_query(e, probe, &id, 1, &count));  /* a scan */
        CHECK(e, canvas_query(e, probe, &id, 1, &count));  /* builds the index */
        every[r] = 0;
        levels = 0;
        for (int k = 2; levels < LEVELS; k++) {
            double scale = 16.0 / (double)(1 << k);
            CHECK(e, canvas_set_zoom(e, scale < 0.0001 ? 0.0001 : scale));
            a = now_seconds();
            CHECK(e, canvas_query_lod(e, (canvas_rect){0, 0, 1, 1}, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL,
                                      items, n, &count, cells, 100000, &count));
            double spent = now_seconds() - a;
            every[r] += spent;
            level[r * LEVELS + levels] = spent;
            scales[levels++] = scale < 0.0001 ? 0.0001 : scale;
            if (scale < 0.0001) break;
        }
        canvas_engine_destroy(e);
    }
    char parts[LEVELS * 40] = "", *end = parts;
    for (int l = 0; l < levels; l++) {
        for (int r = 0; r < runs; r++) one[r] = level[r * LEVELS + l];
        end += sprintf(end, "%s[%.6g, %.6g]", l ? ", " : "", scales[l], median(one, runs));
    }
    printf("{\"items\": %zu, \"runs\": %d, \"zoom\": %.17g, \"index\": %.9g, \"lod_build\": %.9g, "
           "\"lod_every\": %.9g, \"lod_frame\": %.9g, \"full\": %.9g, \"shown\": %zu, \"clusters\": %zu, "
           "\"visible\": %zu, \"lod_levels\": [%s]}\n",
           n, runs, zoom, median(index, runs), median(build, runs), median(every, runs), median(lod, runs),
           median(full, runs), shown, clusters, visible, parts);
    return 0;
}
