/*
** cull.c: culling. Index build and viewport queries through canvas_query,
** against GEOS's STRtree (its C API) and a brute-force scan, on the same
** frames and the same query rectangles, checking that all three return the
** same ids.
**
**     cull [items] [runs] [sets] [canvas]   (default 1000000 5 all); prints JSON
**
** sets is a comma-separated choice ("grid,ring"); a fourth argument
** "canvas" times Canvas alone (for comparing two builds of libcanvas).
**
** Data sets, each of `items` items:
**   grid      equal 80 x 60 items in a square grid, spacing 8
**   ring      80 x 80 items centered on one circle, about 8 apart
**   powerlaw  Pareto sizes (alpha 1.5, 10 to 10000 a side) at uniform
**             positions, one item per 60 x 60 on average
**   scatter   10 to 60 a side, uniform over a 1e7 x 1e7 square
**
** Query kinds: "viewport" rectangles that hold about a screenful (1280 x 800,
** or as large as it takes to hold about 100 items where the items are
** sparse), and "wide" ones covering about 1% of the scene.
**
** Canvas gets the frames through a custom layout that copies them; after
** canvas_resolve they are normalized (moved so the cluster starts at 0, 0),
** and those resolved frames, copied out, are what GEOS and the scan index.
** GEOS's tree answers envelope overlap, which counts frames that only touch
** the rectangle; its callback keeps the strict overlaps only, as Canvas does.
** Its ids come back in tree order and are left so (Canvas's are in data
** order); the check sorts a copy.
*/
#include <math.h>
#include <geos_c.h>

#include "common.h"

typedef struct scene {
    const char *name;
    size_t n;
    canvas_rect *frames;        /* as generated; normalized by canvas_resolve */
    canvas_rect *queries[2];    /* viewport, wide */
    size_t query_count[2];
} scene;

static const char *const kind_names[2] = {"viewport", "wide"};
enum { VIEWPORT_QUERIES = 2000, WIDE_QUERIES = 40, BRUTE_QUERIES = 20 };

static canvas_rect rect_at_center(double cx, double cy, double w, double h) {
    return (canvas_rect){cx - w / 2, cy - h / 2, w, h};
}

/* ---- data sets ------------------------------------------------------- */

static void make_grid(scene *s, rng *r) {
    size_t columns = (size_t)ceil(sqrt((double)s->n));
    for (size_t i = 0; i < s->n; i++)
        s->frames[i] = (canvas_rect){(double)(i % columns) * 88, (double)(i / columns) * 68, 80, 60};
    double width = columns * 88.0, height = ceil((double)s->n / columns) * 68.0;
    for (size_t q = 0; q < s->query_count[0]; q++)
        s->queries[0][q] = (canvas_rect){rng_uniform(r, 0, width - 1280), rng_uniform(r, 0, height - 800), 1280, 800};
    for (size_t q = 0; q < s->query_count[1]; q++)
        s->queries[1][q] = (canvas_rect){rng_uniform(r, 0, width * 0.9), rng_uniform(r, 0, height * 0.9),
                                         width / 10, height / 10};
}

static void make_ring(scene *s, rng *r) {
    double radius = (double)s->n * 88 / (2 * M_PI);
    double step = 2 * M_PI / (double)s->n;
    for (size_t i = 0; i < s->n; i++) {
        double angle = step * (double)i;
        s->frames[i] = rect_at_center(radius * cos(angle), radius * sin(angle), 80, 80);
    }
    /* Centered on the ring, where the items are. */
    for (int k = 0; k < 2; k++) {
        double w = k == 0 ? 1280 : radius / 5, h = k == 0 ? 800 : radius / 5;
        for (size_t q = 0; q < s->query_count[k]; q++) {
            double angle = rng_uniform(r, 0, 2 * M_PI);
            s->queries[k][q] = rect_at_center(radius * cos(angle), radius * sin(angle), w, h);
        }
    }
}

static void make_powerlaw(scene *s, rng *r) {
    double side = sqrt((double)s->n * 3600);
    for (size_t i = 0; i < s->n; i++) {
        double w = fmin(10 * pow(1 - rng_uniform(r, 0, 1), -1 / 1.5), 10000);
        double h = fmin(10 * pow(1 - rng_uniform(r, 0, 1), -1 / 1.5), 10000);
        s->frames[i] = (canvas_rect){rng_uniform(r, 0, side), rng_uniform(r, 0, side), w, h};
    }
    for (size_t q = 0; q < s->query_count[0]; q++)
        s->queries[0][q] = (canvas_rect){rng_uniform(r, 0, side - 1280), rng_uniform(r, 0, side - 800), 1280, 800};
    for (size_t q = 0; q < s->query_count[1]; q++)
        s->queries[1][q] = (canvas_rect){rng_uniform(r, 0, side * 0.9), rng_uniform(r, 0, side * 0.9), side / 10, side / 10};
}

static void make_scatter(scene *s, rng *r) {
    const double side = 1e7;
    for (size_t i = 0; i < s->n; i++)
        s->frames[i] = (canvas_rect){rng_uniform(r, 0, side), rng_uniform(r, 0, side),
                                     rng_uniform(r, 10, 60), rng_uniform(r, 10, 60)};
    /* About 100 items in a viewport: scale 1280 x 800 to the density. */
    double scale = sqrt(100 / ((double)s->n / (side * side)) / (1280.0 * 800));
    for (size_t q = 0; q < s->query_count[0]; q++)
        s->queries[0][q] = (canvas_rect){rng_uniform(r, 0, side - 1280 * scale), rng_uniform(r, 0, side - 800 * scale),
                                         1280 * scale, 800 * scale};
    for (size_t q = 0; q < s->query_count[1]; q++)
        s->queries[1][q] = (canvas_rect){rng_uniform(r, 0, side * 0.9), rng_uniform(r, 0, side * 0.9), side / 10, side / 10};
}

/* ---- Canvas ------------------------------------------------------------ */

static canvas_status copy_layout(void *user, const canvas_size *sizes, size_t count,
                                 double proposal_width, double proposal_height, canvas_rect *frames) {
    (void)sizes, (void)proposal_width, (void)proposal_height;
    memcpy(frames, user, count * sizeof *frames);
    return CANVAS_OK;
}

/* Ids of the items whose frames strictly overlap q, through canvas_query. */
__attribute__((noinline)) static size_t canvas_ids(canvas_engine *engine, canvas_rect q, uint64_t *out, size_t capacity) {
    size_t count = 0;
    CHECK(engine, canvas_query(engine, q, out, capacity, &count));
    return count;
}

/* The first two queries after a resolve: the engine answers the first by
   checking every frame and builds its index for the second (a function of
   its own so a profiler can tell building from querying). */
__attribute__((noinline)) static size_t canvas_build(canvas_engine *engine, canvas_rect q, uint64_t *out, size_t capacity) {
    canvas_ids(engine, q, out, capacity);
    return canvas_ids(engine, q, out, capacity);
}

/* ---- GEOS -------------------------------------------------------------- */

typedef struct geos_hits {
    const canvas_rect *frames;
    canvas_rect q;
    uint64_t *out;
    size_t count;
} geos_hits;

static inline int strictly_overlaps(const canvas_rect *f, const canvas_rect *q) {
    return f->x < q->x + q->width && q->x < f->x + f->width && f->y < q->y + q->height && q->y < f->y + f->height;
}

static void geos_visit(void *item, void *user) {
    geos_hits *hits = user;
    size_t index = (size_t)(uintptr_t)item - 1;
    if (strictly_overlaps(&hits->frames[index], &hits->q)) hits->out[hits->count++] = index + 1;
}

__attribute__((noinline)) static size_t geos_ids(GEOSContextHandle_t ctx, GEOSSTRtree *tree, const GEOSGeometry *qgeom, canvas_rect q,
                       const canvas_rect *frames, uint64_t *out) {
    geos_hits hits = {frames, q, out, 0};
    GEOSSTRtree_query_r(ctx, tree, qgeom, geos_visit, &hits);
    return hits.count;
}

/* ---- brute force ------------------------------------------------------- */

static size_t brute_ids(const canvas_rect *frames, size_t n, canvas_rect q, uint64_t *out) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const canvas_rect *f = &frames[i];
        if (strictly_overlaps(f, &q) && f->width > 0 && f->height > 0) out[count++] = i + 1;
    }
    return count;
}

static int compare_ids(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* ---- one data set ------------------------------------------------------ */

static void run_scene(scene *s, int runs, int first, int canvas_only) {
    const size_t n = s->n;
    canvas_engine *engine = canvas_engine_create();
    canvas_size *sizes = xmalloc(n * sizeof *sizes);
    for (size_t i = 0; i < n; i++) sizes[i] = (canvas_size){s->frames[i].width, s->frames[i].height};

    /* Normalize: where the generated frames' cluster starts is where Canvas
       moves to (0, 0); the queries move with it. */
    double min_x = INFINITY, min_y = INFINITY;
    for (size_t i = 0; i < n; i++) {
        min_x = fmin(min_x, s->frames[i].x);
        min_y = fmin(min_y, s->frames[i].y);
    }
    for (int k = 0; k < 2; k++)
        for (size_t q = 0; q < s->query_count[k]; q++) {
            s->queries[k][q].x -= min_x;
            s->queries[k][q].y -= min_y;
        }
    CHECK(engine, canvas_set_items(engine, sizes, NULL, n));
    CHECK(engine, canvas_set_layout_custom(engine, copy_layout, s->frames));
    CHECK(engine, canvas_resolve(engine));
    size_t count = 0;
    canvas_rect *frames = xmalloc(n * sizeof *frames);
    CHECK(engine, canvas_copy_frames(engine, frames, n, &count));

    GEOSContextHandle_t ctx = GEOS_init_r();
    GEOSGeometry **geoms = xmalloc(n * sizeof *geoms);
    for (size_t i = 0; i < (canvas_only ? 0 : n); i++)
        geoms[i] = GEOSGeom_createRectangle_r(ctx, frames[i].x, frames[i].y,
                                              frames[i].x + frames[i].width, frames[i].y + frames[i].height);
    GEOSGeometry **qgeoms[2];
    for (int k = 0; k < 2; k++) {
        qgeoms[k] = xmalloc(s->query_count[k] * sizeof *qgeoms[k]);
        for (size_t q = 0; q < (canvas_only ? 0 : s->query_count[k]); q++) {
            canvas_rect r = s->queries[k][q];
            qgeoms[k][q] = GEOSGeom_createRectangle_r(ctx, r.x, r.y, r.x + r.width, r.y + r.height);
        }
    }

    uint64_t *out = xmalloc(n * sizeof *out), *check = xmalloc(n * sizeof *check);
    double *build[2] = {calloc(runs, sizeof(double)), calloc(runs, sizeof(double))};
    double *resolve_and_build = calloc(runs, sizeof(double));  /* resolve (custom layout) + first two queries */
    double *times[2][3];  /* [kind][canvas, geos, brute] seconds per query */
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 3; c++) times[k][c] = xmalloc(runs * sizeof(double));
    double results[2] = {0, 0};
    long mismatches = 0;
    GEOSSTRtree *tree = NULL;

    for (int run = 0; run < runs; run++) {
        /* Builds, alternating which goes first: the first two queries after
           the data arrives. Canvas answers the first by a scan and builds its
           index on the second; GEOS's tree builds on its first query. */
        for (int side = 0; side < 2; side++) {
            if ((side + run) % 2 == 0) {
                double t0 = now_seconds();
                CHECK(engine, canvas_resolve(engine));
                double t = now_seconds();
                canvas_build(engine, s->queries[0][0], out, n);
                build[0][run] = now_seconds() - t;
                resolve_and_build[run] = now_seconds() - t0;
            } else if (!canvas_only) {
                if (tree) GEOSSTRtree_destroy_r(ctx, tree);
                double t = now_seconds();
                tree = GEOSSTRtree_create_r(ctx, 10);
                for (size_t i = 0; i < n; i++) GEOSSTRtree_insert_r(ctx, tree, geoms[i], (void *)(uintptr_t)(i + 1));
                geos_ids(ctx, tree, qgeoms[0][0], s->queries[0][0], frames, out);
                geos_ids(ctx, tree, qgeoms[0][0], s->queries[0][0], frames, out);
                build[1][run] = now_seconds() - t;
            }
        }
        /* Queries, competitors in a rotating order. */
        for (int k = 0; k < 2; k++) {
            size_t qn = s->query_count[k], bn = qn < BRUTE_QUERIES ? qn : BRUTE_QUERIES;
            for (int slot = 0; slot < 3; slot++) {
                int c = (slot + run) % 3;
                if (canvas_only && c != 0) {
                    times[k][c][run] = 0;
                    continue;
                }
                size_t total = 0;
                double t = now_seconds();
                if (c == 0)
                    for (size_t q = 0; q < qn; q++) total += canvas_ids(engine, s->queries[k][q], out, n);
                else if (c == 1)
                    for (size_t q = 0; q < qn; q++)
                        total += geos_ids(ctx, tree, qgeoms[k][q], s->queries[k][q], frames, out);
                else
                    for (size_t q = 0; q < bn; q++) total += brute_ids(frames, n, s->queries[k][q], out);
                times[k][c][run] = (now_seconds() - t) / (double)(c == 2 ? bn : qn);
                if (c == 0) results[k] = (double)total / (double)qn;
            }
        }
    }

    /* The check: every query, the same ids on every side. */
    for (int k = 0; k < (canvas_only ? 0 : 2); k++)
        for (size_t q = 0; q < s->query_count[k]; q++) {
            size_t a = canvas_ids(engine, s->queries[k][q], out, n);
            size_t b = geos_ids(ctx, tree, qgeoms[k][q], s->queries[k][q], frames, check);
            qsort(check, b, sizeof *check, compare_ids);
            if (a != b || memcmp(out, check, a * sizeof *out) != 0) mismatches++;
            if (q < BRUTE_QUERIES) {
                size_t c = brute_ids(frames, n, s->queries[k][q], check);
                if (a != c || memcmp(out, check, a * sizeof *out) != 0) mismatches++;
            }
        }

    printf("%s\n    \"%s\": {\"items\": %zu, \"mismatches\": %ld, \"checked\": %s,\n", first ? "" : ",", s->name, n,
           mismatches, canvas_only ? "false" : "true");
    printf("      \"build_canvas\": %.9g, \"build_geos\": %.9g, \"resolve_and_build_canvas\": %.9g",
           median(build[0], runs), median(build[1], runs), median(resolve_and_build, runs));
    for (int k = 0; k < 2; k++)
        printf(",\n      \"%s\": {\"queries\": %zu, \"brute_queries\": %d, \"mean_results\": %.1f, "
               "\"canvas\": %.9g, \"geos\": %.9g, \"brute\": %.9g}",
               kind_names[k], s->query_count[k], s->query_count[k] < BRUTE_QUERIES ? (int)s->query_count[k] : BRUTE_QUERIES,
               results[k], median(times[k][0], runs), median(times[k][1], runs), median(times[k][2], runs));
    printf("}");
    fflush(stdout);

    if (tree) GEOSSTRtree_destroy_r(ctx, tree);
    for (size_t i = 0; i < (canvas_only ? 0 : n); i++) GEOSGeom_destroy_r(ctx, geoms[i]);
    for (int k = 0; k < 2; k++) {
        for (size_t q = 0; q < (canvas_only ? 0 : s->query_count[k]); q++) GEOSGeom_destroy_r(ctx, qgeoms[k][q]);
        free(qgeoms[k]);
        for (int c = 0; c < 3; c++) free(times[k][c]);
    }
    GEOS_finish_r(ctx);
    free(geoms), free(out), free(check), free(build[0]), free(build[1]), free(resolve_and_build), free(frames), free(sizes);
    canvas_engine_destroy(engine);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    struct { const char *name; void (*make)(scene *, rng *); } sets[] = {
        {"grid", make_grid}, {"ring", make_ring}, {"powerlaw", make_powerlaw}, {"scatter", make_scatter},
    };
    printf("{\"items\": %zu, \"runs\": %d, \"geos_version\": \"%s\", \"sets\": {", n, runs, GEOSversion());
    int printed = 0;
    int canvas_only = argc > 4 && strcmp(argv[4], "canvas") == 0;
    for (size_t d = 0; d < sizeof sets / sizeof sets[0]; d++) {
        if (argc > 3 && strcmp(argv[3], "all") != 0 && strstr(argv[3], sets[d].name) == NULL) continue;
        scene s = {sets[d].name, n, xmalloc(n * sizeof(canvas_rect)), {NULL, NULL}, {VIEWPORT_QUERIES, WIDE_QUERIES}};
        for (int k = 0; k < 2; k++) s.queries[k] = xmalloc(s.query_count[k] * sizeof(canvas_rect));
        rng r = {0xC0FFEE + d};
        sets[d].make(&s, &r);
        run_scene(&s, runs, printed++ == 0, canvas_only);
        free(s.frames), free(s.queries[0]), free(s.queries[1]);
    }
    printf("}}\n");
    return 0;
}
