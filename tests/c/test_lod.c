/*
** test_lod.c: canvas_query_lod through canvas.h, against a brute force
** written from the header's rules (fixed seeds), at zooms on one axis and
** both; the ask-the-size protocol; bad input.
*/
#include <stdint.h>
#include <stdlib.h>

#include "canvas.h"
#include "check.h"

static uint64_t seed_state;
static double uniform(double low, double high) {
    seed_state = seed_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return low + (double)(seed_state >> 11) * 0x1p-53 * (high - low);
}

/* count items of random sizes in a flow 4000 points wide, viewport 1280 x 800. */
static canvas_engine *scene(size_t count, uint64_t seed) {
    seed_state = seed;
    canvas_engine *e = canvas_engine_create();
    canvas_size *sizes = malloc(count * sizeof *sizes);
    for (size_t i = 0; i < count; i++) sizes[i] = (canvas_size){floor(uniform(4, 300)), floor(uniform(2, 120))};
    CHECK_OK(canvas_set_items(e, sizes, NULL, count));
    free(sizes);
    CHECK_OK(canvas_set_layout_flow(e, 6, 6, CANVAS_FLOW_ALIGN_TOP, 4000));
    CHECK_OK(canvas_resolve(e));
    CHECK_OK(canvas_set_viewport_size(e, (canvas_size){1280, 800}, NULL));
    return e;
}

static double pow2(int k) { return ldexp(1, k); }

/* The smallest k with 2^k * scale >= cell, by counting. */
static int level(double cell, double scale) {
    int k = -80;
    while (pow2(k) * scale < cell) k++;
    return k;
}

typedef struct brute_cell {
    int64_t row, column;
    uint64_t count, first;
    double min_x, min_y, max_x, max_y;
} brute_cell;

static int compare_cells(const void *a, const void *b) {
    const brute_cell *p = a, *q = b;
    if (p->row != q->row) return p->row < q->row ? -1 : 1;
    if (p->column != q->column) return p->column < q->column ? -1 : 1;
    return 0;
}

static int meets(canvas_rect a, canvas_rect b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

static double edge(double value, double scale) { return scale == 1 ? value : round(value * scale); }

/* Checks canvas_query_lod over asked (rect, or a zero rect standing for
** it when rect is the culling rectangle) against the brute force over rect. */
static void check_against_brute(canvas_engine *e, const canvas_rect *content, const canvas_rect *zoomed, size_t n,
                                canvas_rect asked, canvas_rect rect, double sx, double sy, double min_size, double cell) {
    size_t ni = 0, nc = 0;
    CHECK_OK(canvas_query_lod(e, asked, min_size, cell, NULL, 0, &ni, NULL, 0, &nc));
    canvas_visible_item *items = malloc((ni + 1) * sizeof *items);
    canvas_cluster *clusters = malloc((nc + 1) * sizeof *clusters);
    CHECK_OK(canvas_query_lod(e, asked, min_size, cell, items, ni, &ni, clusters, nc, &nc));

    double w = pow2(level(cell, sx)), h = pow2(level(cell, sy));
    canvas_rect u = {rect.x / sx, rect.y / sy, rect.width / sx, rect.height / sy};
    brute_cell *cells = malloc(n * sizeof *cells);
    size_t cell_count = 0, large = 0, item_mismatch = 0;
    for (size_t p = 0; p < n; p++) {
        canvas_rect f = content[p], z = zoomed[p];
        if (!(f.width > 0 && f.height > 0)) continue;
        if (f.width * sx >= min_size && f.height * sy >= min_size) {
            if (meets(z, rect)) {
                if (large >= ni || items[large].id != p + 1 || items[large].frame.x != z.x
                    || items[large].frame.width != z.width) item_mismatch++;
                large++;
            }
            continue;
        }
        double column = floor((f.x + f.width / 2) / w), row = floor((f.y + f.height / 2) / h);
        if (!(column * w < u.x + u.width && (column + 1) * w > u.x && row * h < u.y + u.height && (row + 1) * h > u.y))
            continue;
        size_t slot = 0;
        while (slot < cell_count && !(cells[slot].row == (int64_t)row && cells[slot].column == (int64_t)column)) slot++;
        if (slot == cell_count) {
            cells[cell_count++] = (brute_cell){(int64_t)row, (int64_t)column, 0, p + 1, INFINITY, INFINITY, -INFINITY, -INFINITY};
        }
        brute_cell *c = &cells[slot];
        c->count++;
        c->min_x = fmin(c->min_x, f.x);
        c->min_y = fmin(c->min_y, f.y);
        c->max_x = fmax(c->max_x, f.x + f.width);
        c->max_y = fmax(c->max_y, f.y + f.height);
    }
    CHECK(large == ni);
    CHECK(item_mismatch == 0);
    qsort(cells, cell_count, sizeof *cells, compare_cells);
    CHECK(cell_count == nc);
    size_t cluster_mismatch = 0;
    for (size_t i = 0; i < nc && i < cell_count; i++) {
        brute_cell *c = &cells[i];
        double left = edge(c->min_x, sx), right = edge(c->max_x, sx), top = edge(c->min_y, sy), bottom = edge(c->max_y, sy);
        if (clusters[i].count != c->count || clusters[i].id != c->first || clusters[i].bounds.x != left
            || clusters[i].bounds.y != top || clusters[i].bounds.width != right - left
            || clusters[i].bounds.height != bottom - top) cluster_mismatch++;
    }
    CHECK(cluster_mismatch == 0);
    free(cells);
    free(items);
    free(clusters);
}

static void test_against_brute_force(void) {
    const size_t n = 4000;
    canvas_engine *e = scene(n, 42);
    canvas_rect *content = malloc(n * sizeof *content), *zoomed = malloc(n * sizeof *zoomed);
    size_t count = 0;
    CHECK_OK(canvas_copy_frames(e, content, n, &count));
    CHECK(count == n);
    CHECK_OK(canvas_set_zoom_limits(e, 0.005, 5));
    canvas_zoom_axis axes[] = {CANVAS_ZOOM_HORIZONTAL, CANVAS_ZOOM_BOTH};
    double scales[] = {0.005, 0.02, 0.1, 0.5, 1, 2.5};
    for (int a = 0; a < 2; a++) {
        CHECK_OK(canvas_set_zoom_axis(e, axes[a]));
        for (int z = 0; z < 6; z++) {
            double s = scales[z];
            CHECK_OK(canvas_set_zoom(e, s));
            CHECK_OK(canvas_copy_frames(e, zoomed, n, &count));
            double sx = s == 1 ? 1 : s, sy = axes[a] == CANVAS_ZOOM_BOTH ? sx : 1;
            /* The viewport (a zero rect), then a few rects of our own. */
            canvas_rect viewport;
            CHECK_OK(canvas_get_viewport(e, &viewport));
            double overscan = 128;  /* the default */
            canvas_rect culling = {viewport.x - overscan, viewport.y - overscan,
                                   viewport.width + 2 * overscan, viewport.height + 2 * overscan};
            check_against_brute(e, content, zoomed, n, (canvas_rect){0, 0, 0, 0}, culling, sx, sy, 2, 16);
            check_against_brute(e, content, zoomed, n, culling, culling, sx, sy, 2, 16);
            for (int r = 0; r < 3; r++) {
                canvas_rect rect = {uniform(-200, 4000) * sx, uniform(-200, 3000) * sy, uniform(50, 1500), uniform(50, 900)};
                check_against_brute(e, content, zoomed, n, rect, rect, sx, sy, r == 2 ? 5.5 : 2, r == 1 ? 9 : 16);
            }
        }
    }
    free(content);
    free(zoomed);
    canvas_engine_destroy(e);
}

static void test_buffers(void) {
    canvas_engine *e = scene(2000, 7);
    CHECK_OK(canvas_set_zoom_limits(e, 0.01, 5));
    CHECK_OK(canvas_set_zoom(e, 0.05));
    canvas_rect all = {-10, -10, 10000, 10000};
    size_t ni = 99, nc = 99;
    CHECK_OK(canvas_query_lod(e, all, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL, 0, &ni, NULL, 0, &nc));
    CHECK(nc > 0);
    /* Every item is counted once, one by one or in a cluster. */
    canvas_visible_item *items = malloc((ni + 1) * sizeof *items);
    canvas_cluster *clusters = malloc((nc + 1) * sizeof *clusters);
    size_t gi = 0, gc = 0;
    CHECK_STATUS(canvas_query_lod(e, all, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, items, ni, &gi, clusters, nc - 1, &gc), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(gi == ni && gc == nc);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    if (ni > 0) {
        CHECK_STATUS(canvas_query_lod(e, all, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL, 0, &gi, clusters, nc, &gc), CANVAS_ERR_BUFFER_TOO_SMALL);
    }
    CHECK_OK(canvas_query_lod(e, all, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, items, ni, &gi, clusters, nc, &gc));
    uint64_t total = ni;
    for (size_t i = 0; i < nc; i++) total += clusters[i].count;
    CHECK(total == 2000);
    free(items);
    free(clusters);
    canvas_engine_destroy(e);
}

static void test_bad_input(void) {
    canvas_engine *e = scene(100, 3);
    size_t ni, nc;
    canvas_rect r = {0, 0, 100, 100};
    CHECK_STATUS(canvas_query_lod(e, r, NAN, 16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_query_lod(e, r, 2, INFINITY, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_query_lod(e, r, 0, 16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_query_lod(e, r, -1, 16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_query_lod(e, r, 2, 0, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_query_lod(e, r, 2, -16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_query_lod(e, (canvas_rect){NAN, 0, 1, 1}, 2, 16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_NON_FINITE);
    CHECK_STATUS(canvas_query_lod(e, r, 2, 16, NULL, 0, NULL, NULL, 0, &nc), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_query_lod(e, r, 2, 16, NULL, 0, &ni, NULL, 0, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_query_lod(NULL, r, 2, 16, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_NULL);
    CHECK_MESSAGE(canvas_engine_last_error(e));
    /* Still usable. */
    CHECK_OK(canvas_query_lod(e, r, 2, 16, NULL, 0, &ni, NULL, 0, &nc));
    canvas_engine_destroy(e);
}

static void test_published(void) {
    canvas_engine *e = scene(3000, 9);
    CHECK_OK(canvas_set_zoom_limits(e, 0.005, 5));
    CHECK_OK(canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK_OK(canvas_set_zoom(e, 0.02));
    size_t everything = 0, nc = 99;
    CHECK_OK(canvas_copy_visible_items(e, NULL, 0, &everything));
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(nc == 0);
    int published = 0;
    CHECK_OK(canvas_set_lod(e, 2, 16, &published));
    CHECK(published == 1);
    size_t ni = 0, qi = 0, qc = 0;
    CHECK_OK(canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, 2, 16, NULL, 0, &qi, NULL, 0, &qc));
    CHECK_OK(canvas_copy_visible_items(e, NULL, 0, &ni));
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(ni == qi && nc == qc && nc > 0 && ni < everything);
    canvas_visible_item *a = malloc((qi + 1) * sizeof *a), *b = malloc((qi + 1) * sizeof *b);
    canvas_cluster *ca = malloc((qc + 1) * sizeof *ca), *cb = malloc((qc + 1) * sizeof *cb);
    CHECK_OK(canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, 2, 16, a, qi, &qi, ca, qc, &qc));
    /* A tick: one cull, the answer published again (unchanged here). */
    canvas_tick_result tick;
    CHECK_OK(canvas_tick(e, 0, &tick));
    CHECK_OK(canvas_copy_visible_items(e, b, qi, &ni));
    CHECK_OK(canvas_copy_clusters(e, cb, qc, &nc));
    CHECK(memcmp(a, b, qi * sizeof *a) == 0);
    CHECK(memcmp(ca, cb, qc * sizeof *ca) == 0);
    CHECK_STATUS(canvas_copy_clusters(e, cb, qc - 1, &nc), CANVAS_ERR_BUFFER_TOO_SMALL);
    CHECK(nc == qc);
    CHECK_STATUS(canvas_copy_clusters(e, cb, qc, NULL), CANVAS_ERR_NULL);
    CHECK_STATUS(canvas_set_lod(e, 0, 16, NULL), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_lod(e, 2, NAN, NULL), CANVAS_ERR_NON_FINITE);
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(nc == qc);  /* still on, unchanged */
    CHECK_OK(canvas_clear_lod(e, &published));
    CHECK(published == 1);
    CHECK_OK(canvas_copy_visible_items(e, NULL, 0, &ni));
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(ni == everything && nc == 0);
    free(a);
    free(b);
    free(ca);
    free(cb);
    canvas_engine_destroy(e);
}

/* Issue 21 item 2: cell counts from a caller's numbers (a 1e11 x 1e11 rect
** or viewport, a cell of 0.001, 1e-300 or 1e-12) once overflowed rows x
** columns and trapped. The answer is bounded by the items; cells finer
** than 1/1024 of a point are refused. */
static void test_huge_counts(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size *sizes = malloc(100 * sizeof *sizes);
    for (size_t i = 0; i < 100; i++) sizes[i] = (canvas_size){1, 1};
    CHECK_OK(canvas_set_items(e, sizes, NULL, 100));
    free(sizes);
    CHECK_OK(canvas_set_layout_flow(e, 0, 0, CANVAS_FLOW_ALIGN_TOP, 10));
    CHECK_OK(canvas_resolve(e));
    size_t ni = 0, nc = 0;
    canvas_rect huge = {-5e10, -5e10, 1e11, 1e11};
    CHECK_OK(canvas_query_lod(e, huge, 2, 16, NULL, 0, &ni, NULL, 0, &nc));
    CHECK(ni == 0 && nc >= 1 && nc <= 100);
    CHECK_OK(canvas_query_lod(e, huge, 2, 0.001, NULL, 0, &ni, NULL, 0, &nc));
    CHECK(ni == 0 && nc == 100);
    CHECK_OK(canvas_query_lod(e, huge, 0.5, 16, NULL, 0, &ni, NULL, 0, &nc));
    CHECK(ni == 100 && nc == 0);
    /* Cells finer than 1/1024 of a point are refused, naming the cell. */
    CHECK_STATUS(canvas_query_lod(e, huge, 2, 1e-300, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK(strstr(canvas_engine_last_error(e), "cell") != NULL);
    CHECK_STATUS(canvas_query_lod(e, huge, 2, 1e-12, NULL, 0, &ni, NULL, 0, &nc), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(canvas_set_lod(e, 2, 1e-300, NULL), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_OK(canvas_set_viewport_size(e, (canvas_size){1e11, 1e11}, NULL));
    CHECK_OK(canvas_set_lod(e, 2, 16, NULL));
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(nc >= 1 && nc <= 100);
    CHECK_OK(canvas_set_lod(e, 2, 0.001, NULL));
    CHECK_OK(canvas_copy_clusters(e, NULL, 0, &nc));
    CHECK(nc == 100);
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_against_brute_force);
    RUN(test_published);
    RUN(test_buffers);
    RUN(test_bad_input);
    RUN(test_huge_counts);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
