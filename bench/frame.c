/*
** frame.c: what a host's whole frame costs while the viewport moves under
** the engine's own motion, at 1k and 1M items: the frame's input, then
** canvas_tick (which advances the motion, culls, diffs and publishes), then
** the copies a drawing host makes into its own buffers (host_frame.h).
**
**     frame [--no-copy-all] [runs] [item counts...]   (default 5 1000 1000000)
**
** The scene is interact.c's: items of 80 x 60 in a flow layout (spacing 8),
** a 1280 x 800 viewport with the default overscan (128). The host's clock
** runs at 120 Hz: t += 1000/120 ms a frame, and never goes back.
**
**   fling     from the offset (200, 200), near the top-left corner, eight
**             flings of 3 pt/ms (a brisk flick) one after the other, each
**             started when the last has stopped (its tick no longer
**             active): up-left, down-right, left, right, up, down,
**             down-left, up-right. The first frame of each is
**             canvas_fling then canvas_tick at the same time; every
**             other frame is canvas_tick alone. Each frame copies the
**             visible items, the appeared and the disappeared ids. The
**             flings into the top and left edges spring back (frames in
**             the bouncing phase are counted); at 1k items the others
**             reach the far edges too.
**   pinch     at the viewport's center, the scale moving 1% a frame
**             between 0.7 and 1.4 (as interact.c's zoom step):
**             canvas_pinch(CANVAS_PINCH_CHANGED), canvas_tick, the same
**             three copies.
**   copy_all  the alternative a host without canvas_copy_visible_items
**             has after a zoom: the same pinch frame, then
**             canvas_copy_frames of every item into a buffer of the item
**             count (allocated once), instead of the three copies.
**
** Each frame is timed on its own (wall time); a run reports its mean
** frame, the result is the median of the runs' means, with the median and
** the 99th percentile of all frames (the median frame is what the Lua
** comparison uses: the scheduler's rare 4 ms slices land in a mean, not in
** it). The modes take turns within a run; --no-copy-all leaves copy_all
** out. Prints JSON.
*/
#include "host_frame.h"

#include <math.h>

#define FRAME_MS (1000.0 / 120)

typedef struct samples {
    double *values;
    size_t count, capacity;
} samples;

static void add_sample(samples *s, double value) {
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 4096;
        double *grown = realloc(s->values, s->capacity * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        s->values = grown;
    }
    s->values[s->count++] = value;
}

typedef struct mode_result {
    samples frames;           /* every frame, seconds */
    double *means;            /* each run's mean frame */
    size_t items, changed;    /* copied over all frames */
    size_t bouncing, flings;  /* fling only */
} mode_result;

static double host_clock_ms;  /* the host's clock, across modes and runs */

static void run_fling(canvas_engine *engine, host_frame *f, mode_result *m, int run) {
    static const double directions[8][2] = {{-1, -1}, {1, 1}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, 1}, {1, -1}};
    const double speed = 3;
    CHECK(engine, canvas_set_zoom(engine, 1));
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){200, 200}, NULL));
    size_t first = m->frames.count;
    double total = 0;
    size_t last_count = 0;
    for (int d = 0; d < 8; d++) {
        double norm = hypot(directions[d][0], directions[d][1]);
        canvas_point v = {speed * directions[d][0] / norm, speed * directions[d][1] / norm};
        canvas_tick_result tick = {0};
        int start = 1;
        do {
            host_clock_ms += FRAME_MS;
            double t = now_seconds();
            if (start) CHECK(engine, canvas_fling(engine, v, host_clock_ms));
            CHECK(engine, canvas_tick(engine, host_clock_ms, &tick));
            size_t before = f->items_count;
            host_copy_frame(engine, f);
            double elapsed = now_seconds() - t;
            last_count = f->items_count - before;
            add_sample(&m->frames, elapsed);
            total += elapsed;
            if (tick.phase == CANVAS_PHASE_BOUNCING) m->bouncing++;
            start = 0;
        } while (tick.active);
        m->flings++;
    }
    host_check_items(engine, f, last_count, "fling");
    m->means[run] = total / (double)(m->frames.count - first);
}

/* A pinch of `steps` frames; `all` copies every frame instead of the visible items. */
static void run_pinch(canvas_engine *engine, host_frame *f, mode_result *m, int run, int steps,
                      canvas_rect *all, size_t n) {
    canvas_point center = {640, 400};
    CHECK(engine, canvas_set_zoom(engine, 1));
    CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_BEGAN, 1, 2, center));
    double scale = 1, factor = 1.01, total = 0;
    size_t last_count = 0;
    for (int s = 0; s < steps; s++) {
        scale *= factor;
        if (scale > 1.4 || scale < 0.7) factor = 1 / factor, scale *= factor * factor;
        host_clock_ms += FRAME_MS;
        double t = now_seconds();
        CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_CHANGED, scale, 2, center));
        CHECK(engine, canvas_tick(engine, host_clock_ms, NULL));
        if (all) {
            size_t count = 0;
            CHECK(engine, canvas_copy_frames(engine, all, n, &count));
            m->items += count;
        } else {
            size_t before = f->items_count;
            host_copy_frame(engine, f);
            last_count = f->items_count - before;
        }
        double elapsed = now_seconds() - t;
        add_sample(&m->frames, elapsed);
        total += elapsed;
    }
    if (!all) host_check_items(engine, f, last_count, "pinch");
    CHECK(engine, canvas_pinch(engine, CANVAS_PINCH_ENDED, scale, 2, center));
    m->means[run] = total / steps;
}

static void print_mode(const char *name, mode_result *m, int runs, const host_frame *f, int last) {
    double frames = (double)m->frames.count;
    size_t items = f ? f->items_count : m->items, changed = f ? f->changed_count : 0;
    printf("\"%s\": %.9g, \"%s_p50\": %.9g, \"%s_p99\": %.9g, \"%s_frames\": %zu, \"%s_items\": %.1f, "
           "\"%s_changed\": %.1f",
           name, median(m->means, (size_t)runs), name, percentile(m->frames.values, m->frames.count, 0.5),
           name, percentile(m->frames.values, m->frames.count, 0.99),
           name, m->frames.count / (size_t)runs, name, items / frames, name, changed / frames);
    if (m->flings) printf(", \"%s_flings\": %zu, \"%s_bouncing\": %zu", name, m->flings / runs, name, m->bouncing / runs);
    printf("%s", last ? "" : ", ");
}

int main(int argc, char **argv) {
    int copy_all = 1;
    if (argc > 1 && strcmp(argv[1], "--no-copy-all") == 0) copy_all = 0, argc--, argv++;
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    size_t default_counts[] = {1000, 1000000};
    size_t counts_n = argc > 2 ? (size_t)(argc - 2) : 2;
    const int pinch_steps = 2000;

    printf("{\"runs\": %d, \"frame_ms\": %.9g, \"sizes\": {", runs, FRAME_MS);
    for (size_t c = 0; c < counts_n; c++) {
        size_t n = argc > 2 ? strtoul(argv[2 + c], NULL, 10) : default_counts[c];
        canvas_size *sizes = xmalloc(n * sizeof *sizes);
        for (size_t i = 0; i < n; i++) sizes[i] = (canvas_size){80, 60};
        canvas_engine *engine = canvas_engine_create();
        CHECK(engine, canvas_set_items(engine, sizes, NULL, n));
        CHECK(engine, canvas_set_layout_flow(engine, 8, 8, CANVAS_FLOW_ALIGN_CENTER, 0));
        CHECK(engine, canvas_resolve(engine));
        CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1280, 800}, NULL));
        canvas_size content;
        CHECK(engine, canvas_get_content_size(engine, &content));

        /* Copying every frame costs milliseconds at a million: fewer frames. */
        int all_steps = (int)fmin(pinch_steps, fmax(20, 3e7 / (double)n));
        canvas_rect *all = copy_all ? xmalloc(n * sizeof *all) : NULL;
        mode_result modes[3] = {{{0}}};
        host_frame hosts[2] = {host_frame_make(), host_frame_make()};
        for (int k = 0; k < 3; k++) modes[k].means = xmalloc(runs * sizeof(double));
        /* One untimed run first, as a host's first frames fault pages in
           and grow its buffers; then the runs, rotating which mode goes first. */
        for (int run = -1; run < runs; run++) {
            mode_result warm[3] = {{{0}}};
            double warm_mean[3];
            host_frame warm_hosts[2] = {host_frame_make(), host_frame_make()};
            for (int k = 0; k < 3; k++) warm[k].means = &warm_mean[k];
            mode_result *m = run < 0 ? warm : modes;
            host_frame *h = run < 0 ? warm_hosts : hosts;
            int at = run < 0 ? 0 : run;
            for (int k = 0; k < 3; k++) {
                int mode = (k + at) % 3;
                if (mode == 0) run_fling(engine, &h[0], &m[0], at);
                else if (mode == 1) run_pinch(engine, &h[1], &m[1], at, pinch_steps, NULL, n);
                else if (copy_all) run_pinch(engine, NULL, &m[2], at, run < 0 ? 2 : all_steps, all, n);
            }
            for (int k = 0; k < 3; k++) free(warm[k].frames.values);
            host_frame_free(&warm_hosts[0]), host_frame_free(&warm_hosts[1]);
        }
        printf("%s\n    \"%zu\": {\"content\": [%.9g, %.9g], ", c ? "," : "", n, content.width, content.height);
        print_mode("fling", &modes[0], runs, &hosts[0], 0);
        print_mode("pinch", &modes[1], runs, &hosts[1], !copy_all);
        if (copy_all) print_mode("copy_all", &modes[2], runs, NULL, 1);
        printf("}");
        fflush(stdout);
        canvas_engine_destroy(engine);
        for (int k = 0; k < 3; k++) free(modes[k].means), free(modes[k].frames.values);
        host_frame_free(&hosts[0]), host_frame_free(&hosts[1]);
        free(sizes), free(all);
    }
    printf("}}\n");
    return 0;
}
