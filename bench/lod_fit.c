/*
** lod_fit.c: the session's animated zoom to fit (bench/session.c), frame by
** frame, from the busiest blob (issue 20): bench/session_data.h's 1M mixed
** cards on a free canvas, LOD on with the defaults, a 1280 x 800 viewport;
** a ctrl-wheel zoom out to the fit and back to 1 first (untimed, so the
** levels are built), then canvas_zoom_to_fit(animated) ticked to rest, each
** frame a tick and the host's copy (visible items, appeared, disappeared,
** clusters). Prints per frame the zoom, the answer's size and thread CPU
** microseconds of the tick and the copy.
**
**     lod_fit [cards] [repeats]      (default 1000000 1; the last repeat is printed)
**
** Under valgrind --tool=callgrind --collect-atstart=no each frame of the last
** repeat is dumped on its own (CALLGRIND_DUMP_STATS): per-frame instruction
** counts, which the machine's load does not move.
*/
#include <math.h>
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_DUMP_STATS
#endif
#include "host_frame.h"
#include "session_data.h"
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
#define now_seconds cpu
static canvas_engine *engine; static host_frame host; static canvas_cluster *clusters; static size_t ccap = 64;
static uint64_t last; static double clock_ms = 1000; static size_t nclusters, nitems;
static double tick_s, copy_s;
static void copy_if(void) {
    uint64_t c = 0; CHECK(engine, canvas_get_publish_count(engine, &c)); if (c == last) { nitems = nclusters = 0; return; } last = c;
    nitems = host_copy_items(engine, &host);
    host.changed_count += host_copy_ids(engine, canvas_copy_appeared, &host.appeared, &host.appeared_capacity);
    host.changed_count += host_copy_ids(engine, canvas_copy_disappeared, &host.disappeared, &host.disappeared_capacity);
    nclusters = host_copy_clusters(engine, &clusters, &ccap);
}
static double frame(int wheel, double dy, int fit, canvas_tick_result *t) {
    clock_ms += 1000.0 / 60; double a = now_seconds();
    if (wheel) { canvas_wheel_event e = {0, dy, CANVAS_WHEEL_PIXEL, 0, 1, {640, 400}, clock_ms}; CHECK(engine, canvas_wheel(engine, &e)); }
    if (fit) CHECK(engine, canvas_zoom_to_fit(engine, NULL, 0, 1, CANVAS_DURATION_DEFAULT, clock_ms));
    CHECK(engine, canvas_tick(engine, clock_ms, t)); double b = now_seconds(); copy_if(); double c = now_seconds();
    tick_s = b - a; copy_s = c - b; return c - a;
}
static double zoom_now(void) { double k; CHECK(engine, canvas_get_zoom(engine, &k)); return k; }
int main(int argc, char **argv) {
    size_t cards = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000; int reps = argc > 2 ? atoi(argv[2]) : 1;
    double *frames = xmalloc(cards * 4 * sizeof(double)); sd_generate(SD_MIXED, cards, frames);
    host = host_frame_make(); clusters = xmalloc(ccap * sizeof *clusters);
    double bx = 0, by = 0; sd_busiest(cards, &bx, &by);
    engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, (const canvas_rect *)frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine)); CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_viewport(engine, (canvas_size){1280, 800}, &(canvas_point){bx - 640, by - 400}, NAN, NULL));
    CHECK(engine, canvas_set_lod(engine, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
    canvas_tick_result t = {0}; frame(0, 0, 0, &t);
    canvas_rect bounds; CHECK(engine, canvas_get_content_bounds(engine, &bounds));
    double fit = fmin(1280 / bounds.width, 800 / bounds.height);
    CHECK(engine, canvas_set_zoom_limits(engine, fit, 8));
    while (zoom_now() > fit * 1.0001) frame(1, 50, 0, &t);
    for (int i = 0; i < 100 && t.active; i++) frame(0, 0, 0, &t);
    while (zoom_now() < 0.9999) frame(1, -50, 0, &t);
    for (int i = 0; i < 100 && t.active; i++) frame(0, 0, 0, &t);
    double total = 0, worst = 0;
    for (int r = 0; r < reps; r++) {
        CHECK(engine, canvas_set_zoom(engine, 1)); frame(0, 0, 0, &t);
        int i = 0;
        CALLGRIND_TOGGLE_COLLECT;
        do {
            double s = frame(0, 0, i == 0, &t); total += s; if (s > worst) worst = s;
            if (r == reps - 1) CALLGRIND_DUMP_STATS;
            if (r == reps - 1) printf("%2d zoom %.5f items %6zu clusters %5zu tick %7.1f us copy %6.1f us\n", i, zoom_now(), nitems, nclusters, tick_s * 1e6, copy_s * 1e6);
            i++;
        } while (t.active);
        CALLGRIND_TOGGLE_COLLECT;
    }
    printf("total %.2f ms worst %.2f ms\n", total * 1e3, worst * 1e3);
    return 0;
}
