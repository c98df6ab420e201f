/*
** interact.c: what one frame of interaction costs, at 1k and 1M items.
**
**     interact [runs] [steps] [item counts...]   (default 5 2000 1000 1000000)
**
** The scene: items of 80 x 60 in a flow layout (spacing 8), a 1280 x 800
** viewport with the default overscan (128), opened at the center.
**
**   pan   one step of a drag, 20 points right and 12 down (bouncing off
**         the content's edges): canvas_set_viewport_offset, then
**         canvas_copy_visible, canvas_copy_appeared and
**         canvas_copy_disappeared into the caller's buffers, and
**         canvas_copy_visible_items (ids and zoomed frames, what a host
**         draws) into a buffer that grows as host_frame.h's do.
**   zoom  one step of a pinch at the viewport's center, the scale moving
**         1% a step between 0.7 and 1.4: canvas_pinch(CANVAS_PINCH_CHANGED),
**         then the same four copies.
**
** With --ids-only first, the steps leave canvas_copy_visible_items out: the
** before/after table runs this program against libraries older than it.
**
** Each step is timed on its own; a run reports the mean step, the result
** is the median of the runs' means, with the 99th percentile of all steps.
** Prints JSON.
*/
#include "host_frame.h"

/* A weak reference: --ids-only runs against libraries that lack it. */
#pragma weak canvas_copy_visible_items

typedef struct host_buffers {
    uint64_t *visible, *appeared, *disappeared;
    size_t capacity;
    size_t visible_count, changed_count;
} host_buffers;

static int ids_only;

static void copy_update(canvas_engine *engine, host_buffers *b, host_frame *items) {
    size_t count = 0;
    CHECK(engine, canvas_copy_visible(engine, b->visible, b->capacity, &count));
    b->visible_count += count;
    CHECK(engine, canvas_copy_appeared(engine, b->appeared, b->capacity, &count));
    b->changed_count += count;
    CHECK(engine, canvas_copy_disappeared(engine, b->disappeared, b->capacity, &count));
    b->changed_count += count;
    if (!ids_only) host_copy_items(engine, items);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--ids-only") == 0) ids_only = 1, argc--, argv++;
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    int steps = argc > 2 ? atoi(argv[2]) : 2000;
    size_t default_counts[] = {1000, 1000000};
    size_t counts_n = argc > 3 ? (size_t)(argc - 3) : 2;

    printf("{\"runs\": %d, \"steps\": %d, \"frame_seconds\": %.9g, \"sizes\": {", runs, steps, 1.0 / 120);
    for (size_t c = 0; c < counts_n; c++) {
        size_t n = argc > 3 ? strtoul(argv[3 + c], NULL, 10) : default_counts[c];
        canvas_size *sizes = xmalloc(n * sizeof *sizes);
        for (size_t i = 0; i < n; i++) sizes[i] = (canvas_size){80, 60};
        canvas_engine *engine = canvas_engine_create();
        CHECK(engine, canvas_set_items(engine, sizes, NULL, n));
        CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(engine, canvas_resolve(engine));
        CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1280, 800}, NULL));
        canvas_size content;
        CHECK(engine, canvas_get_content_size(engine, &content));

        host_buffers b = {xmalloc(n * 8), xmalloc(n * 8), xmalloc(n * 8), n, 0, 0};
        host_frame items = host_frame_make();
        double *pan_means = xmalloc(runs * sizeof(double)), *zoom_means = xmalloc(runs * sizeof(double));
        double *pan_steps = xmalloc((size_t)runs * steps * sizeof(double));
        double *zoom_steps = xmalloc((size_t)runs * steps * sizeof(double));
        size_t pan_visible = 0, pan_changed = 0, zoom_visible = 0, zoom_changed = 0;
        canvas_point center = {640, 400};

        for (int run = 0; run < runs; run++) {
            for (int which = 0; which < 2; which++) {
                int zoom = (which + run) % 2;  /* alternate which goes first */
                b.visible_count = b.changed_count = 0;
                double total = 0;
                CHECK(engine, canvas_set_zoom(engine, 1));  /* each run starts unzoomed */
                if (!zoom) {
                    canvas_rect view;
                    CHECK(engine, canvas_get_viewport(engine, &view));
                    double dx = 20, dy = 12;
                    for (int s = 0; s < steps; s++) {
                        canvas_point to = {view.x + dx, view.y + dy};
                        if (to.x < 0 || to.x > content.width - 1280) dx = -dx, to.x = view.x + dx;
                        if (to.y < 0 || to.y > content.height - 800) dy = -dy, to.y = view.y + dy;
                        double t = now_seconds();
                        CHECK(engine, canvas_set_viewport_offset(engine, to, NULL));
                        copy_update(engine, &b, &items);
                        double elapsed = now_seconds() - t;
                        pan_steps[(size_t)run * steps + s] = elapsed;
                        total += elapsed;
                        CHECK(engine, canvas_get_viewport(engine, &view));
                    }
                    pan_means[run] = total / steps;
                    pan_visible += b.visible_count, pan_changed += b.changed_count;
                } else {
                    CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_BEGAN, 1, 2, center));
                    double scale = 1, factor = 1.01;
                    for (int s = 0; s < steps; s++) {
                        scale *= factor;
                        if (scale > 1.4 || scale < 0.7) factor = 1 / factor, scale *= factor * factor;
                        double t = now_seconds();
                        CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_CHANGED, scale, 2, center));
                        copy_update(engine, &b, &items);
                        double elapsed = now_seconds() - t;
                        zoom_steps[(size_t)run * steps + s] = elapsed;
                        total += elapsed;
                    }
                    CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_ENDED, scale, 2, center));
                    zoom_means[run] = total / steps;
                    zoom_visible += b.visible_count, zoom_changed += b.changed_count;
                }
            }
        }
        double samples = (double)runs * steps;
        printf("%s\n    \"%zu\": {\"pan\": %.9g, \"pan_p99\": %.9g, \"pan_visible\": %.1f, \"pan_changed\": %.1f,"
               " \"zoom\": %.9g, \"zoom_p99\": %.9g, \"zoom_visible\": %.1f, \"zoom_changed\": %.1f}",
               c ? "," : "", n,
               median(pan_means, runs), percentile(pan_steps, (size_t)runs * steps, 0.99),
               pan_visible / samples, pan_changed / samples,
               median(zoom_means, runs), percentile(zoom_steps, (size_t)runs * steps, 0.99),
               zoom_visible / samples, zoom_changed / samples);
        fflush(stdout);
        canvas_engine_destroy(engine);
        free(sizes), free(b.visible), free(b.appeared), free(b.disappeared);
        host_frame_free(&items);
        free(pan_means), free(zoom_means), free(pan_steps), free(zoom_steps);
    }
    printf("}}\n");
    return 0;
}
