/*
** editing.c: edits on a free canvas against libspatialindex's R*-tree, on
** the same frames, edits and queries.
**
**     editing [item count]   (default 1000000)
**
** The scene: items 10-60 points a side, 1% of them 200-600, at about one per
** 60 x 60 points (as Sources/canvas-bench draws it), in a free layout with a
** 1280 x 800 viewport. Canvas goes through canvas.h: each edit is checked,
** recorded for undo and publishes the visible diff. The R*-tree (in memory,
** RT_Star, node capacity 100 and again at 16, bulk-loaded from a stream)
** is only the index: a move is a delete and an insert. Data: mixed sizes
** (10-60 a side, 1% 200-600) at uniform positions; inserts are appended at
** the end of the data order and the removals take those appended items
** (edits scattered through the order: scripts/bench-session).
**
**   move 1        one item to a random place, median of 2001
**   move 1000     1000 items in one call (a drag step without snapping), median of 31
**   insert 1000   1000 new items in one call, then remove 1000: medians of 11
**   marquee 10k   select the items in a rectangle holding about 10,000, median of 21
**   query         a viewport query, fresh and after 100k random moves, medians of 301
**   rebuild       today's way without in-place edits: canvas_set_item_frames
**                 and canvas_resolve for one move, median of 3
**
** Prints a table on stderr and JSON on stdout. Built and run by scripts/bench-editing.
*/
#include "common.h"

#include <math.h>

#include <spatialindex/capi/sidx_api.h>

static size_t n;
static canvas_rect *frames;
static uint64_t *ids;
static double side;

static void scene(uint64_t seed) {
    rng r = {seed};
    side = sqrt((double)n * 3600);
    for (size_t i = 0; i < n; i++) {
        int big = i % 100 == 99;
        double w = big ? rng_uniform(&r, 200, 600) : rng_uniform(&r, 10, 60);
        double h = big ? rng_uniform(&r, 200, 600) : rng_uniform(&r, 10, 60);
        frames[i] = (canvas_rect){rng_uniform(&r, 0, side), rng_uniform(&r, 0, side), w, h};
        ids[i] = i + 1;
    }
}

/* ---- the R*-tree ---- */

static size_t stream_next;
static double stream_min[2], stream_max[2];

static int read_next(int64_t *id, double **pmin, double **pmax, uint32_t *dimension,
                     const uint8_t **data, size_t *length) {
    if (stream_next >= n) return 1;  /* nonzero: no more */
    canvas_rect f = frames[stream_next];
    stream_min[0] = f.x;
    stream_min[1] = f.y;
    stream_max[0] = f.x + f.width;
    stream_max[1] = f.y + f.height;
    *id = (int64_t)ids[stream_next];
    *pmin = stream_min;
    *pmax = stream_max;
    *dimension = 2;
    *data = NULL;
    *length = 0;
    stream_next++;
    return 0;
}

static int64_t rtree_capacity = 100;

static IndexH rtree_build(void) {
    IndexPropertyH p = IndexProperty_Create();
    IndexProperty_SetIndexType(p, RT_RTree);
    IndexProperty_SetIndexVariant(p, RT_Star);
    IndexProperty_SetIndexStorage(p, RT_Memory);
    IndexProperty_SetDimension(p, 2);
    IndexProperty_SetIndexCapacity(p, rtree_capacity);
    IndexProperty_SetLeafCapacity(p, rtree_capacity);
    stream_next = 0;
    IndexH index = Index_CreateWithStream(p, read_next);
    IndexProperty_Destroy(p);
    if (!index) {
        fprintf(stderr, "Index_CreateWithStream failed: %s\n", Error_GetLastErrorMsg());
        exit(1);
    }
    return index;
}

static void rtree_move(IndexH index, size_t at, canvas_rect to) {
    canvas_rect f = frames[at];
    double min[2] = {f.x, f.y}, max[2] = {f.x + f.width, f.y + f.height};
    if (Index_DeleteData(index, (int64_t)ids[at], min, max, 2) != RT_None) {
        fprintf(stderr, "Index_DeleteData failed: %s\n", Error_GetLastErrorMsg());
        exit(1);
    }
    double nmin[2] = {to.x, to.y}, nmax[2] = {to.x + to.width, to.y + to.height};
    Index_InsertData(index, (int64_t)ids[at], nmin, nmax, 2, NULL, 0);
}

static uint64_t rtree_query(IndexH index, canvas_rect q) {
    double min[2] = {q.x, q.y}, max[2] = {q.x + q.width, q.y + q.height};
    int64_t *found = NULL;
    uint64_t count = 0;
    Index_Intersects_id(index, min, max, 2, &found, &count);
    Index_Free(found);
    return count;
}

/* ---- timing ---- */

#define TIMED(samples, count, ...)                      \
    for (size_t s_ = 0; s_ < (count); s_++) {           \
        double t0_ = now_seconds();                     \
        __VA_ARGS__;                                    \
        (samples)[s_] = now_seconds() - t0_;            \
    }

static canvas_rect random_place(rng *r, canvas_rect f) {
    return (canvas_rect){rng_uniform(r, 0, side), rng_uniform(r, 0, side), f.width, f.height};
}

int main(int argc, char **argv) {
    n = argc > 1 ? (size_t)atoll(argv[1]) : 1000000;
    frames = xmalloc(n * sizeof *frames);
    ids = xmalloc(n * sizeof *ids);
    scene(7);
    double samples[2001];
    canvas_rect viewport = {side / 2, side / 2, 1280, 800};

    /* Canvas: a free canvas through canvas.h. */
    canvas_engine *e = canvas_engine_create();
    double t0 = now_seconds();
    CHECK(e, canvas_set_item_frames(e, frames, ids, n));
    CHECK(e, canvas_resolve(e));
    double canvas_build = now_seconds() - t0;
    CHECK(e, canvas_set_viewport(e, (canvas_size){1280, 800}, &(canvas_point){viewport.x, viewport.y}, NAN, NULL));

    size_t found = 0;
    uint64_t *out = xmalloc(n * sizeof *out);
    TIMED(samples, 301, { CHECK(e, canvas_query(e, viewport, out, n, &found)); });
    double canvas_query_fresh = median(samples, 301);

    rng r = {11};
    TIMED(samples, 2001, {
        size_t at = rng_next(&r) % n;
        canvas_rect to = random_place(&r, frames[at]);
        canvas_point origin = {to.x, to.y};
        CHECK(e, canvas_move_items(e, &ids[at], &origin, 1));
        frames[at] = to;
    });
    double canvas_move1 = median(samples, 2001);

    uint64_t *batch_ids = xmalloc(1000 * sizeof *batch_ids);
    canvas_point *origins = xmalloc(1000 * sizeof *origins);
    size_t first = n / 3;
    for (size_t i = 0; i < 1000; i++) batch_ids[i] = ids[first + i];
    TIMED(samples, 31, {
        for (size_t i = 0; i < 1000; i++) {
            frames[first + i].x += 3;
            origins[i] = (canvas_point){frames[first + i].x, frames[first + i].y};
        }
        CHECK(e, canvas_move_items(e, batch_ids, origins, 1000));
    });
    double canvas_move1000 = median(samples, 31);

    canvas_rect *new_frames = xmalloc(1000 * sizeof *new_frames);
    uint64_t *new_ids = xmalloc(1000 * sizeof *new_ids);
    for (size_t i = 0; i < 1000; i++) {
        new_frames[i] = random_place(&r, (canvas_rect){0, 0, 30, 30});
        new_ids[i] = n + 1 + i;
    }
    double removes[11];
    for (size_t s = 0; s < 11; s++) {
        double a = now_seconds();
        CHECK(e, canvas_insert_items(e, new_frames, new_ids, 1000, NULL));
        double b = now_seconds();
        CHECK(e, canvas_remove_items(e, new_ids, 1000));
        removes[s] = now_seconds() - b;
        samples[s] = b - a;
    }
    double canvas_insert1000 = median(samples, 11), canvas_remove1000 = median(removes, 11);

    double marquee_side = sqrt(10000.0 * 3600);
    canvas_rect marquee = {side / 4, side / 4, marquee_side, marquee_side};
    TIMED(samples, 21, { CHECK(e, canvas_select_rect(e, marquee, CANVAS_MARQUEE_INTERSECT, CANVAS_SELECTION_REPLACE)); });
    double canvas_marquee = median(samples, 21);
    size_t selected = 0;
    CHECK(e, canvas_copy_selection(e, NULL, 0, &selected));
    CHECK(e, canvas_clear_selection(e));

    for (size_t i = 0; i < 100000; i++) {
        size_t at = rng_next(&r) % n;
        canvas_rect to = random_place(&r, frames[at]);
        canvas_point origin = {to.x, to.y};
        CHECK(e, canvas_move_items(e, &ids[at], &origin, 1));
        frames[at] = to;
    }
    TIMED(samples, 301, { CHECK(e, canvas_query(e, viewport, out, n, &found)); });
    double canvas_query_moved = median(samples, 301);
    size_t canvas_found = found;

    TIMED(samples, 3, {
        frames[0].x += 1;
        CHECK(e, canvas_set_item_frames(e, frames, ids, n));
        CHECK(e, canvas_resolve(e));
    });
    double rebuild = median(samples, 3);
    canvas_engine_destroy(e);

    /* The R*-tree on the same frames (as they are now) and edits, at node
       capacity 100 and at 16 (Boost's rstar<16> is bench/editing_boost.cpp's). */
    canvas_rect *start_frames = xmalloc(n * sizeof *start_frames);
    memcpy(start_frames, frames, n * sizeof *frames);
    static const int64_t capacities[2] = {100, 16};
    printf("{\"items\": %zu, \"canvas\": {\"build\": %g, \"move1\": %g, \"move1000\": %g, \"insert1000\": %g, "
           "\"remove1000\": %g, \"marquee\": %g, \"marquee_selected\": %zu, \"query_fresh\": %g, \"query_moved\": %g, "
           "\"rebuild_per_edit\": %g}", n, canvas_build, canvas_move1, canvas_move1000, canvas_insert1000, canvas_remove1000,
           canvas_marquee, selected, canvas_query_fresh, canvas_query_moved, rebuild);
    fprintf(stderr, "editing at %zu items (medians, microseconds)      Canvas      R*-tree 100  R*-tree 16\n", n);
    double table[2][8];
    for (int c = 0; c < 2; c++) {
    rtree_capacity = capacities[c];
    memcpy(frames, start_frames, n * sizeof *frames);
        t0 = now_seconds();
        IndexH index = rtree_build();
        double rtree_build_time = now_seconds() - t0;
        uint64_t count = 0;
        TIMED(samples, 301, { count = rtree_query(index, viewport); });
        double rtree_query_fresh = median(samples, 301);
        if (count != canvas_found)
            fprintf(stderr, "note: the R*-tree finds %llu, Canvas %zu (touching edges count for the R*-tree)\n",
                    (unsigned long long)count, canvas_found);
        rng q = {11};
        TIMED(samples, 2001, {
            size_t at = rng_next(&q) % n;
            canvas_rect to = random_place(&q, frames[at]);
            rtree_move(index, at, to);
            frames[at] = to;
        });
        double rtree_move1 = median(samples, 2001);
        TIMED(samples, 31, {
            for (size_t i = 0; i < 1000; i++) {
                canvas_rect to = frames[first + i];
                to.x += 3;
                rtree_move(index, first + i, to);
                frames[first + i] = to;
            }
        });
        double rtree_move1000 = median(samples, 31);
        for (size_t s = 0; s < 11; s++) {
            double a = now_seconds();
            for (size_t i = 0; i < 1000; i++) {
                canvas_rect f = new_frames[i];
                double min[2] = {f.x, f.y}, max[2] = {f.x + f.width, f.y + f.height};
                Index_InsertData(index, (int64_t)new_ids[i], min, max, 2, NULL, 0);
            }
            double b = now_seconds();
            for (size_t i = 0; i < 1000; i++) {
                canvas_rect f = new_frames[i];
                double min[2] = {f.x, f.y}, max[2] = {f.x + f.width, f.y + f.height};
                Index_DeleteData(index, (int64_t)new_ids[i], min, max, 2);
            }
            removes[s] = now_seconds() - b;
            samples[s] = b - a;
        }
        double rtree_insert1000 = median(samples, 11), rtree_remove1000 = median(removes, 11);
        TIMED(samples, 21, { count = rtree_query(index, marquee); });
        double rtree_marquee = median(samples, 21);
        for (size_t i = 0; i < 100000; i++) {
            size_t at = rng_next(&q) % n;
            canvas_rect to = random_place(&q, frames[at]);
            rtree_move(index, at, to);
            frames[at] = to;
        }
        TIMED(samples, 301, { count = rtree_query(index, viewport); });
        double rtree_query_moved = median(samples, 301);
        Index_Destroy(index);


    double row[8] = {rtree_build_time, rtree_move1, rtree_move1000, rtree_insert1000, rtree_remove1000, rtree_marquee,
                     rtree_query_fresh, rtree_query_moved};
    memcpy(table[c], row, sizeof row);
    printf(", \"rtree%lld\": {\"build\": %g, \"move1\": %g, \"move1000\": %g, \"insert1000\": %g, "
           "\"remove1000\": %g, \"marquee\": %g, \"query_fresh\": %g, \"query_moved\": %g}", (long long)rtree_capacity,
           rtree_build_time, rtree_move1, rtree_move1000, rtree_insert1000, rtree_remove1000, rtree_marquee,
           rtree_query_fresh, rtree_query_moved);
    }
    printf("}\n");
    free(start_frames);
    fprintf(stderr, "  build                                   %12.0f %12.0f %12.0f\n", canvas_build * 1e6, table[0][0] * 1e6, table[1][0] * 1e6);
    fprintf(stderr, "  move 1 item                             %12.2f %12.2f %12.2f\n", canvas_move1 * 1e6, table[0][1] * 1e6, table[1][1] * 1e6);
    fprintf(stderr, "  move 1000 items (one call)              %12.1f %12.1f %12.1f\n", canvas_move1000 * 1e6, table[0][2] * 1e6, table[1][2] * 1e6);
    fprintf(stderr, "  insert 1000 items (appended)            %12.1f %12.1f %12.1f\n", canvas_insert1000 * 1e6, table[0][3] * 1e6, table[1][3] * 1e6);
    fprintf(stderr, "  remove 1000 items (the last appended)   %12.1f %12.1f %12.1f\n", canvas_remove1000 * 1e6, table[0][4] * 1e6, table[1][4] * 1e6);
    fprintf(stderr, "  marquee selecting %6zu                 %12.1f %12.1f %12.1f\n", selected, canvas_marquee * 1e6, table[0][5] * 1e6, table[1][5] * 1e6);
    fprintf(stderr, "  viewport query, fresh                   %12.1f %12.1f %12.1f\n", canvas_query_fresh * 1e6, table[0][6] * 1e6, table[1][6] * 1e6);
    fprintf(stderr, "  viewport query, after 100k moves        %12.1f %12.1f %12.1f\n", canvas_query_moved * 1e6, table[0][7] * 1e6, table[1][7] * 1e6);
    fprintf(stderr, "  one move by rebuilding (set + resolve)  %12.0f\n", rebuild * 1e6);
    return 0;
}
