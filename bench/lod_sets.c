/*
** lod_sets.c: level of detail on generated free-canvas data against a naive
** one-pass binning (issue 20), for scripts/bench-session (bench/session.py):
**
**     lod_sets [set] [item count] [runs] [min_size]   (default mixed 1000000 3 CANVAS_LOD_MIN_SIZE)
**
** Sets: bench/session_data.h's four (mixed, uniform, clustered, lines; seeded,
** the same bytes as the session's cards and the R-tree comparison's sets).
** A free canvas (canvas_set_item_frames), viewport 1280 x 800, zoom on both
** axes with limits 0.00001 ... 5, level of detail cell 16 and min_size as given.
** Zooms: fit (canvas_zoom_to_fit), then 4, 16, 64 and 256 times it, each
** centred on the content's centre.
**
** Times are thread CPU seconds (see cpu_seconds). Measured per zoom
** (medians of the runs; each run a fresh engine):
**   lod      canvas_query_lod over the culling rectangle, once the levels
**            exist (the second query at the zoom)
**   first    the first canvas_query_lod at the zoom (what it built)
**   naive    the floor a host would write: one pass over every frame,
**            zoomed; a large one meeting the rect appended, a small one
**            summed into its screen cell (count, first, bounds) of a dense
**            grid of cell x cell screen points over the rect
**   copy     memcpy of the answer (items and clusters) the query returned:
**            what "costs its answer" is measured against
**   items, clusters   the answer's size
** And once per run: index (canvas_resolve, which builds the free index),
** open (the first query at the fit, building what it builds), idle (a
** canvas_tick with nothing moving, LOD on, median of 50).
** Prints JSON.
*/
#include <math.h>

#include "common.h"
#include "session_data.h"

/* CPU time of this thread, not wall time: on a shared machine (2 cores,
   load 15 and more) wall time measured other people's builds. */
static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#define now_seconds cpu_seconds

#define ZOOMS 5
static double MIN_SIZE = CANVAS_LOD_MIN_SIZE;
#define CELL 16.0

/* The sets this file measured before it took session_data.h's (Sessions
   8-14 in docs/bench-lod-sets.md and bench-lod-answer.md); bench/lod_zoom.c
   and bench/lod_min_size.c still generate them:
   Sets (seeded, SplitMix64 seed 20):
     uniform    squares of 40 points, centres uniform over a square holding
                about 10 items per 100 x 100 points... (sqrt(n) * 100 a side)
     clustered  the same squares, centres in 300 Gaussian blobs (sigma 2% of
                the side) plus 10% uniform background
     lines      the same squares along 200 random segments, jittered 20 points
     mixed      sides log-normal (median 160, clamped to 16 ... 1600), aspect
                0.3 ... 3 (log-uniform), centres as clustered: the mix the
                session benchmark describes */
static double gauss(rng *r) {
    double u = rng_uniform(r, 1e-12, 1), v = rng_uniform(r, 0, 1);
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

static inline void generate(const char *set, size_t n, canvas_rect *frames) {
    rng r = {20};
    double side = sqrt((double)n) * 100;
    enum { BLOBS = 300, LINES = 200 };
    double bx[BLOBS], by[BLOBS], lx[LINES][4];
    for (int b = 0; b < BLOBS; b++) bx[b] = rng_uniform(&r, 0, side), by[b] = rng_uniform(&r, 0, side);
    for (int l = 0; l < LINES; l++)
        for (int k = 0; k < 4; k++) lx[l][k] = rng_uniform(&r, 0, side);
    int mixed = strcmp(set, "mixed") == 0, clustered = mixed || strcmp(set, "clustered") == 0;
    int lines = strcmp(set, "lines") == 0;
    for (size_t i = 0; i < n; i++) {
        double w = 40, h = 40, cx, cy;
        if (mixed) {
            double s = exp(log(160) + 0.8 * gauss(&r));
            s = s < 16 ? 16 : s > 1600 ? 1600 : s;
            double aspect = exp(rng_uniform(&r, log(0.3), log(3)));
            w = s * sqrt(aspect);
            h = s / sqrt(aspect);
        }
        if (clustered && rng_uniform(&r, 0, 1) >= 0.1) {
            int b = (int)(rng_next(&r) % BLOBS);
            cx = bx[b] + gauss(&r) * side * 0.02;
            cy = by[b] + gauss(&r) * side * 0.02;
        } else if (lines) {
            int l = (int)(rng_next(&r) % LINES);
            double t = rng_uniform(&r, 0, 1);
            cx = lx[l][0] + t * (lx[l][2] - lx[l][0]) + gauss(&r) * 20;
            cy = lx[l][1] + t * (lx[l][3] - lx[l][1]) + gauss(&r) * 20;
        } else {
            cx = rng_uniform(&r, 0, side);
            cy = rng_uniform(&r, 0, side);
        }
        frames[i] = (canvas_rect){round(cx - w / 2), round(cy - h / 2), round(w), round(h)};
    }
}

typedef struct naive_cell {
    uint64_t count, first;
    double min_x, min_y, max_x, max_y;
} naive_cell;

/* The naive binning over rect (zoomed content coordinates) at scale s. */
static size_t naive(const canvas_rect *frames, size_t n, double s, canvas_rect rect, uint64_t *items,
                    naive_cell *cells, size_t *cluster_count) {
    int columns = (int)ceil(rect.width / CELL), rows = (int)ceil(rect.height / CELL);
    memset(cells, 0, (size_t)rows * columns * sizeof *cells);
    size_t shown = 0, clusters = 0;
    for (size_t i = 0; i < n; i++) {
        canvas_rect f = frames[i];
        double x = f.x * s, y = f.y * s, w = f.width * s, h = f.height * s;
        if (w >= MIN_SIZE && h >= MIN_SIZE) {
            if (x < rect.x + rect.width && rect.x < x + w && y < rect.y + rect.height && rect.y < y + h) items[shown++] = i + 1;
            continue;
        }
        double cx = (x + w / 2 - rect.x) / CELL, cy = (y + h / 2 - rect.y) / CELL;
        if (!(cx >= 0 && cx < columns && cy >= 0 && cy < rows)) continue;
        naive_cell *c = &cells[(int)cy * columns + (int)cx];
        if (c->count++ == 0) {
            clusters++;
            *c = (naive_cell){1, i + 1, x, y, x + w, y + h};
            continue;
        }
        if (x < c->min_x) c->min_x = x;
        if (y < c->min_y) c->min_y = y;
        if (x + w > c->max_x) c->max_x = x + w;
        if (y + h > c->max_y) c->max_y = y + h;
    }
    *cluster_count = clusters;
    return shown;
}

int main(int argc, char **argv) {
    const char *set = argc > 1 ? argv[1] : "mixed";
    int kind = sd_kind_named(set);
    if (kind < 0) {
        fprintf(stderr, "lod_sets: no set named %s (mixed, uniform, clustered, lines)\n", set);
        return 2;
    }
    size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
    int runs = argc > 3 ? atoi(argv[3]) : 3;
    if (argc > 4) MIN_SIZE = atof(argv[4]);
    canvas_rect *frames = xmalloc(n * sizeof *frames);
    sd_generate((sd_kind)kind, n, (double *)frames);
    canvas_visible_item *items = xmalloc(n * sizeof *items), *items2 = xmalloc(n * sizeof *items2);
    uint64_t *ids = xmalloc(n * sizeof *ids);
    enum { CLUSTERS = 4000000 };
    canvas_cluster *clusters = xmalloc(CLUSTERS * sizeof *clusters), *clusters2 = xmalloc(CLUSTERS * sizeof *clusters2);
    naive_cell *cells = xmalloc(CLUSTERS * sizeof *cells);
    double lod[ZOOMS][8], first[ZOOMS][8], nv[ZOOMS][8], copy[ZOOMS][8], scales[ZOOMS];
    size_t shown[ZOOMS], grouped[ZOOMS], naive_shown[ZOOMS], naive_grouped[ZOOMS];
    double index[8], open[8], idle[8], ticks[50];
    if (runs > 8) runs = 8;
    for (int r = 0; r < runs; r++) {
        canvas_engine *e = canvas_engine_create();
        CHECK(e, canvas_set_item_frames(e, frames, NULL, n));
        double a = now_seconds();
        CHECK(e, canvas_resolve(e));  /* builds the free index */
        index[r] = now_seconds() - a;
        CHECK(e, canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
        CHECK(e, canvas_set_zoom_limits(e, 0.00001, 5));
        CHECK(e, canvas_set_viewport_size(e, (canvas_size){1280, 800}, NULL));
        CHECK(e, canvas_zoom_to_fit(e, NULL, 0, 0, 0, 0));
        double fit;
        CHECK(e, canvas_get_zoom(e, &fit));
        canvas_rect bounds;
        CHECK(e, canvas_get_content_bounds(e, &bounds));
        for (int z = 0; z < ZOOMS; z++) {
            double s = fit * pow(4, z);
            scales[z] = s;
            CHECK(e, canvas_set_zoom(e, s));
            /* Centre the content's centre (zoomed bounds are in zoomed coordinates already at this zoom). */
            CHECK(e, canvas_get_content_bounds(e, &bounds));
            CHECK(e, canvas_set_viewport_offset(e, (canvas_point){bounds.x + bounds.width / 2 - 640, bounds.y + bounds.height / 2 - 400}, NULL));
            size_t ni, nc;
            a = now_seconds();
            CHECK(e, canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, MIN_SIZE, CELL, items, n, &ni, clusters, CLUSTERS, &nc));
            first[z][r] = now_seconds() - a;
            if (z == 0) open[r] = first[z][r];
            a = now_seconds();
            CHECK(e, canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, MIN_SIZE, CELL, items, n, &ni, clusters, CLUSTERS, &nc));
            lod[z][r] = now_seconds() - a;
            shown[z] = ni;
            grouped[z] = nc;
            a = now_seconds();
            memcpy(items2, items, ni * sizeof *items);
            memcpy(clusters2, clusters, nc * sizeof *clusters);
            copy[z][r] = now_seconds() - a;
            canvas_rect view;
            CHECK(e, canvas_get_viewport(e, &view));
            canvas_rect culling = {view.x - 128, view.y - 128, view.width + 256, view.height + 256};
            a = now_seconds();
            naive_shown[z] = naive(frames, n, s, culling, ids, cells, &naive_grouped[z]);
            nv[z][r] = now_seconds() - a;
        }
        CHECK(e, canvas_set_zoom(e, fit));
        CHECK(e, canvas_set_lod(e, MIN_SIZE, CELL, NULL));
        canvas_tick_result tick;
        double t = 1000;
        for (int f = 0; f < 50; f++) {
            t += 1000.0 / 120;
            a = now_seconds();
            CHECK(e, canvas_tick(e, t, &tick));
            ticks[f] = now_seconds() - a;
        }
        idle[r] = median(ticks, 50);
        canvas_engine_destroy(e);
    }
    printf("{\"set\": \"%s\", \"items\": %zu, \"runs\": %d, \"min_size\": %g, \"index\": %.6g, \"open\": %.6g, \"idle\": %.6g, \"zooms\": [",
           set, n, runs, MIN_SIZE, median(index, runs), median(open, runs), median(idle, runs));
    for (int z = 0; z < ZOOMS; z++) {
        printf("%s{\"scale\": %.6g, \"lod\": %.6g, \"first\": %.6g, \"naive\": %.6g, \"copy\": %.6g, \"items\": %zu, "
               "\"clusters\": %zu, \"naive_items\": %zu, \"naive_clusters\": %zu}",
               z ? ", " : "", scales[z], median(lod[z], runs), median(first[z], runs), median(nv[z], runs),
               median(copy[z], runs), shown[z], grouped[z], naive_shown[z], naive_grouped[z]);
    }
    printf("]}\n");
    return 0;
}
