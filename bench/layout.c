/*
** layout.c: the layout pipeline through the C ABI against a hand-written C
** loop that does the same arithmetic and writes the same frames (the floor).
**
** Built as a shared object (libbenchlayout.so) that bench/run.py drives
** through ctypes, so Canvas, the C floor and Taffy (stretchable, in Python)
** run interleaved in one process. Each timed function times itself, so
** ctypes' call overhead is not counted.
**
** The scene: n items of one fixed size, flow layout with spacing 8/8,
** centered rows, no max width (rows wrap at the side of a square holding
** every item), automatic content size, no margins, centered, left to right.
*/
#include <math.h>

#include "common.h"

typedef struct layout_ctx {
    size_t n;
    canvas_size *sizes;          /* NULL when every item has `size` (layout_prepare_fixed) */
    canvas_size size;
    canvas_rect *canvas_frames;  /* the caller's buffer for canvas_copy_frames */
    canvas_rect *floor_frames;
} layout_ctx;

static layout_ctx *prepare(size_t n, double width, double height, int fixed) {
    layout_ctx *ctx = xmalloc(sizeof *ctx);
    ctx->n = n;
    ctx->size = (canvas_size){width, height};
    ctx->sizes = fixed ? NULL : xmalloc(n * sizeof *ctx->sizes);
    ctx->canvas_frames = xmalloc(n * sizeof *ctx->canvas_frames);
    ctx->floor_frames = xmalloc(n * sizeof *ctx->floor_frames);
    for (size_t i = 0; ctx->sizes && i < n; i++) ctx->sizes[i] = ctx->size;
    /* Touch the output buffers once, so no run pays for first-touch page faults. */
    memset(ctx->canvas_frames, 0, n * sizeof *ctx->canvas_frames);
    memset(ctx->floor_frames, 0, n * sizeof *ctx->floor_frames);
    return ctx;
}

/* n items of width x height, each size handed to Canvas (canvas_set_items). */
layout_ctx *layout_prepare(size_t n, double width, double height) { return prepare(n, width, height, 0); }

/* n items of one fixed size: Canvas gets no sizes, only canvas_set_item_size,
   and the floor reads no array either. */
layout_ctx *layout_prepare_fixed(size_t n, double width, double height) { return prepare(n, width, height, 1); }

void layout_free(layout_ctx *ctx) {
    free(ctx->sizes);
    free(ctx->canvas_frames);
    free(ctx->floor_frames);
    free(ctx);
}

/* Canvas: set the items, choose flow, resolve, copy the frames out. The
   engine is made and destroyed outside the timed region. */
double layout_canvas(layout_ctx *ctx) {
    canvas_engine *engine = canvas_engine_create();
    size_t count = 0;
    double start = now_seconds();
    if (!ctx->sizes) CHECK(engine, canvas_set_item_size(engine, ctx->size));
    CHECK(engine, canvas_set_items(engine, ctx->sizes, NULL, ctx->n));
    CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_copy_frames(engine, ctx->canvas_frames, ctx->n, &count));
    double elapsed = now_seconds() - start;
    if (count != ctx->n) {
        fprintf(stderr, "layout_canvas: %zu frames for %zu items\n", count, ctx->n);
        exit(1);
    }
    canvas_engine_destroy(engine);
    return elapsed;
}

static inline double sanitize(double side) { return isfinite(side) && side > 0 ? side : 0; }

static inline canvas_size size_at(const layout_ctx *ctx, size_t i) { return ctx->sizes ? ctx->sizes[i] : ctx->size; }

/* Swift's max and min, which compile to one instruction each (libm's fmax
   and fmin are calls, for their NaN rules). */
static inline double max2(double x, double y) { return y >= x ? y : x; }
static inline double min2(double x, double y) { return y < x ? y : x; }

/*
** The floor: what a C programmer would write for this one layout, with the
** engine's arithmetic in the engine's order, so the frames come out
** bit-identical: sanitize, wrapping width, rows (items placed at the row's
** top, then aligned once the row's height is known), cluster bounds,
** content size, anchored origin, and one translating pass.
*/
double layout_floor(layout_ctx *ctx) {
    const double h_spacing = 8, v_spacing = 8, row_alignment = 0.5;
    const double margin_top = 0, margin_leading = 0, margin_bottom = 0, margin_trailing = 0;
    const double anchor_x = 0.5, anchor_y = 0.5;
    const size_t n = ctx->n;
    canvas_rect *frames = ctx->floor_frames;

    double start = now_seconds();
    /* Wrapping width: the side of a square holding every item, at least the widest. */
    double widest = 0, area = 0;
    for (size_t i = 0; i < n; i++) {
        canvas_size size = size_at(ctx, i);
        double w = sanitize(size.width), h = sanitize(size.height);
        widest = max2(widest, w);
        area += (w + h_spacing) * (h + v_spacing);
    }
    double limit = max2(sqrt(area), widest);

    /* Rows. */
    size_t row_start = 0;
    double row_y = 0, row_height = 0, cursor_x = 0;
    for (size_t i = 0; i < n; i++) {
        canvas_size size = size_at(ctx, i);
        double w = sanitize(size.width), h = sanitize(size.height);
        if (i > row_start && cursor_x + w > limit) {
            for (size_t j = row_start; j < i; j++)
                frames[j].y = row_y + (row_height - frames[j].height) * row_alignment;
            row_y += row_height + v_spacing;
            row_start = i;
            row_height = 0;
            cursor_x = 0;
        }
        frames[i] = (canvas_rect){cursor_x, row_y, w, h};
        row_height = max2(row_height, h);
        cursor_x += w + h_spacing;
    }
    for (size_t j = row_start; j < n; j++)
        frames[j].y = row_y + (row_height - frames[j].height) * row_alignment;

    /* Cluster bounds. */
    double min_x = INFINITY, min_y = INFINITY, max_x = -INFINITY, max_y = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        min_x = min2(min_x, frames[i].x);
        min_y = min2(min_y, frames[i].y);
        max_x = max2(max_x, frames[i].x + frames[i].width);
        max_y = max2(max_y, frames[i].y + frames[i].height);
    }
    if (n == 0) min_x = min_y = max_x = max_y = 0;
    double cluster_w = max_x - min_x, cluster_h = max_y - min_y;

    /* Automatic content size, then the anchored origin. */
    double content_w = cluster_w + (margin_leading + margin_trailing);
    double content_h = cluster_h + (margin_top + margin_bottom);
    double available_w = content_w - (margin_leading + margin_trailing);
    double available_h = content_h - (margin_top + margin_bottom);
    double origin_x = margin_leading + max2(0, available_w - cluster_w) * anchor_x;
    double origin_y = margin_top + max2(0, available_h - cluster_h) * anchor_y;

    /* Normalize and anchor in one pass. */
    for (size_t i = 0; i < n; i++) {
        frames[i].x = origin_x + (frames[i].x - min_x);
        frames[i].y = origin_y + (frames[i].y - min_y);
    }
    return now_seconds() - start;
}

/* 1 when the last Canvas run and the last floor run wrote the same bytes. */
int layout_same(const layout_ctx *ctx) {
    return memcmp(ctx->canvas_frames, ctx->floor_frames, ctx->n * sizeof *ctx->canvas_frames) == 0;
}

/* The width Canvas's rows wrap at here (the side of a square holding every
   item), which Taffy's container gets as its width. */
double layout_wrapping_width(const layout_ctx *ctx) {
    double area = 0, widest = 0;
    for (size_t i = 0; i < ctx->n; i++) {
        canvas_size size = size_at(ctx, i);
        double w = sanitize(size.width), h = sanitize(size.height);
        widest = max2(widest, w);
        area += (w + 8) * (h + 8);
    }
    return max2(sqrt(area), widest);
}

/* Frame i of the last Canvas run, for comparing with Taffy from Python. */
void layout_canvas_frame(const layout_ctx *ctx, size_t i, double out[4]) {
    const canvas_rect *f = &ctx->canvas_frames[i];
    out[0] = f->x;
    out[1] = f->y;
    out[2] = f->width;
    out[3] = f->height;
}

#ifdef LAYOUT_MAIN
/*
** As a program, Canvas alone (for comparing two builds of libcanvas):
**     layout runs count...    prints {"count": median seconds, ...}
*/
int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    printf("{");
    for (int a = 2; a < argc; a++) {
        size_t n = strtoul(argv[a], NULL, 10);
        layout_ctx *ctx = layout_prepare(n, 80, 60);
        double *times = xmalloc(runs * sizeof *times);
        layout_canvas(ctx);  /* warm-up */
        for (int r = 0; r < runs; r++) times[r] = layout_canvas(ctx);
        printf("%s\"%zu\": %.9g", a > 2 ? ", " : "", n, median(times, runs));
        free(times);
        layout_free(ctx);
    }
    printf("}\n");
    return 0;
}
#endif
