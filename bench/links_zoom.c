/*
** links_zoom.c: a ctrl-wheel zoom through the level-of-detail levels with
** links (issues 20 and 24: no zoom change does O(n) work in a frame; a
** host's frame with links visible under 1% of a 120 Hz frame, 83 µs).
**
**     links_zoom [uniform|mixed] [cards]     (default uniform 1000000; VERBOSE=1 prints each step)
**
** The board and its links are bench/links.c's (links_board.h): about 1.5
** links a card between near neighbours. Level of detail 8 / 32
** (canvas_set_lod), a 1920 x 1080 viewport centred on the board, zoom on
** both axes, limits from the fit to 5. A host frame at zoom 1 first (the
** open: what level of detail builds at its first publish), then ctrl-wheel
** steps of 0.7 about the viewport's centre down to the fit and back up to
** 1; each step is one canvas_wheel, one canvas_tick, and copies of the
** visible items, appeared and disappeared (host_frame.h), the clusters and
** the cluster links. Per step: thread CPU time (CLOCK_THREAD_CPUTIME_ID)
** and, where the kernel lets a process count its own instructions
** (perf_event_open, user space only), instructions: under load the counts
** are what to compare (where they read 0, run it under
** `valgrind --tool=callgrind --dump-before=canvas_wheel`: one dump a step). Prints JSON.
*/
#include "host_frame.h"
#include "links_board.h"
#include "thread_counter.h"

enum { MAX_STEPS = 64 };

static void stats(const char *name, double *values, size_t count, double unit, int last) {
    double sorted[MAX_STEPS], max = 0;
    memcpy(sorted, values, count * sizeof *values);
    for (size_t i = 0; i < count; i++) max = values[i] > max ? values[i] : max;
    printf(" \"%s\": {\"p50\": %.2f, \"p99\": %.2f, \"max\": %.2f}%s\n", name, percentile(sorted, count, 0.5) * unit,
           percentile(sorted, count, 0.99) * unit, max * unit, last ? "" : ",");
}

int main(int argc, char **argv) {
    int mixed = argc > 1 && strcmp(argv[1], "mixed") == 0;
    size_t cards = argc > 2 ? (size_t)atol(argv[2]) : 1000000;
    rng r = {24};
    links_board board = links_board_make(mixed, cards, &r);
    canvas_engine *engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, board.frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_set_links(engine, board.links, board.count));
    CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1920, 1080}, NULL));
    CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_zoom_limits(engine, 0.00001, 5));
    CHECK(engine, canvas_zoom_to_fit(engine, NULL, 0, 0, 0, 0));
    double fit;
    CHECK(engine, canvas_get_zoom(engine, &fit));
    CHECK(engine, canvas_set_zoom_limits(engine, fit, 5));
    CHECK(engine, canvas_set_zoom(engine, 1));
    canvas_rect bounds;
    CHECK(engine, canvas_get_content_bounds(engine, &bounds));
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){bounds.x + bounds.width / 2 - 960, bounds.y + bounds.height / 2 - 540}, NULL));
    CHECK(engine, canvas_tick(engine, 0, NULL));
    CHECK(engine, canvas_set_lod(engine, 8, 32, NULL));
    counter_open();

    host_frame host = host_frame_make();
    size_t cluster_capacity = 1024, link_capacity = 1024;
    canvas_cluster *clusters = xmalloc(cluster_capacity * sizeof *clusters);
    canvas_cluster_link *cluster_links = xmalloc(link_capacity * sizeof *cluster_links);
    double clock_ms = 0;
    double times[MAX_STEPS], instructions[MAX_STEPS], zooms[MAX_STEPS];
    size_t cluster_counts[MAX_STEPS], link_counts[MAX_STEPS], item_counts[MAX_STEPS];
    int steps = 0, out_steps = 0;
    double open_time = 0, open_instructions = 0;
    size_t items_before = 0;
    /* A ctrl-wheel tick of dy pixels zooms by 2^(-dy * 0.02): 0.7 a tick. */
    const double dy = log2(1 / 0.7) / 0.02;
    for (int step = -1; step < MAX_STEPS; step++) {
        int out = step < 0 || out_steps == 0 || step < out_steps;
        clock_ms += 1000.0 / 120;
        double i0 = counter_read(), t0 = thread_seconds();
        if (step >= 0) {
            /* Back in, the last tick stops at 1. */
            double zoom;
            CHECK(engine, canvas_get_zoom(engine, &zoom));
            double in = log2(1 / zoom) / 0.02 < dy ? log2(1 / zoom) / 0.02 : dy;
            canvas_wheel_event wheel = {0, out ? dy : -in, CANVAS_WHEEL_PIXEL, 0, 1, {960, 540}, clock_ms};
            CHECK(engine, canvas_wheel(engine, &wheel));
        }
        CHECK(engine, canvas_tick(engine, clock_ms, NULL));
        host_copy_frame(engine, &host);
        size_t nc = host_copy_clusters(engine, &clusters, &cluster_capacity);
        size_t n = host_copy_cluster_links(engine, &cluster_links, &link_capacity);
        double t = thread_seconds() - t0, i = counter_read() - i0;
        double zoom;
        CHECK(engine, canvas_get_zoom(engine, &zoom));
        if (step < 0) {
            open_time = t, open_instructions = i;
        } else {
            times[steps] = t, instructions[steps] = i, zooms[steps] = zoom;
            cluster_counts[steps] = nc, link_counts[steps] = n, item_counts[steps] = host.items_count - items_before;
            steps++;
        }
        size_t items_now = host.items_count - items_before;
        items_before = host.items_count;
        if (getenv("VERBOSE"))
            fprintf(stderr, "%s zoom %.4f: %.1f us, %.2f M instructions, %zu items, %zu clusters, %zu cluster links\n",
                    step < 0 ? "open" : out ? "out" : "in ", zoom, t * 1e6, i / 1e6, items_now, nc, n);
        if (step >= 0 && out && out_steps == 0 && zoom <= fit) out_steps = step + 1;
        if (!out && zoom >= 1 - 1e-9) break;
    }
    printf("{\"data\": \"%s\", \"cards\": %zu, \"links\": %zu, \"fit\": %.5f, \"steps\": %d,\n", mixed ? "mixed" : "uniform",
           cards, board.count, fit, steps);
    printf(" \"open_us\": %.1f, \"open_minstr\": %.2f,\n", open_time * 1e6, open_instructions / 1e6);
    printf(" \"per_step\": [\n");
    for (int s = 0; s < steps; s++)
        printf("  {\"zoom\": %.5f, \"us\": %.1f, \"minstr\": %.3f, \"items\": %zu, \"clusters\": %zu, \"cluster_links\": %zu}%s\n",
               zooms[s], times[s] * 1e6, instructions[s] / 1e6, item_counts[s], cluster_counts[s], link_counts[s],
               s + 1 < steps ? "," : "");
    printf(" ],\n");
    stats("step_us", times, (size_t)steps, 1e6, 0);
    stats("step_minstr", instructions, (size_t)steps, 1e-6, 1);
    printf("}\n");
    canvas_engine_destroy(engine);
    host_frame_free(&host);
    links_board_free(&board);
    free(clusters), free(cluster_links);
    return 0;
}
