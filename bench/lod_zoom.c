/*
** lod_zoom.c: what each zoom step of a ctrl-wheel zoom costs with level of
** detail (issue 20: no zoom change should do O(n) work in a frame):
**
**     lod_zoom [item count] [set]      (default 1000000 mixed; VERBOSE=1 prints each step)
**
** lod_sets.c's sets and settings (min_size CANVAS_LOD_MIN_SIZE, cell 16,
** 1280 x 800, zoom on both axes, limits from the fit to 5). The first
** canvas_query_lod at zoom 1 (open), then one at each step of 0.7 down to
** the fit and back up to 1, centred on the content; thread CPU of each
** query (the steps where a level is built stand out), and the peak resident
** memory per item after it all.
**
** Build: gcc -O2 -Iinclude -Ibench bench/lod_zoom.c -o lod_zoom -L.build/release -lcanvas -lm
*/
#define main lod_sets_main
#include "lod_sets.c"
#undef main

static long hwm_kib(void) {
    FILE *f = fopen("/proc/self/status", "r"); char line[256]; long v = -1;
    while (f && fgets(line, sizeof line, f)) if (strncmp(line, "VmHWM:", 6) == 0) v = atol(line + 6);
    if (f) fclose(f);
    return v;
}
int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 1000000;
    const char *set = argc > 2 ? argv[2] : "mixed";
    canvas_rect *frames = xmalloc(n * sizeof *frames);
    generate(set, n, frames);
    canvas_visible_item *items = xmalloc(n * sizeof *items);
    enum { CLUSTERS = 4000000 };
    canvas_cluster *clusters = xmalloc(CLUSTERS * sizeof *clusters);
    long base = hwm_kib();
    canvas_engine *e = canvas_engine_create();
    CHECK(e, canvas_set_item_frames(e, frames, NULL, n));
    CHECK(e, canvas_resolve(e));
    CHECK(e, canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH));
    CHECK(e, canvas_set_viewport_size(e, (canvas_size){1280, 800}, NULL));
    CHECK(e, canvas_set_zoom_limits(e, 0.00001, 5));
    CHECK(e, canvas_zoom_to_fit(e, NULL, 0, 0, 0, 0));
    double fit; CHECK(e, canvas_get_zoom(e, &fit));
    CHECK(e, canvas_set_zoom_limits(e, fit, 5));
    double steps[64]; int count = 0;
    double worst = 0, total = 0;
    for (int dir = 0; dir < 2; dir++) {
        for (int k = 0; k < 40; k++) {
            double s = dir == 0 ? pow(0.7, k) : fit / pow(0.7, k);
            if (dir == 0 && s < fit) s = fit;
            if (dir == 1 && s > 1) break;
            CHECK(e, canvas_set_zoom(e, s));
            canvas_rect bounds; CHECK(e, canvas_get_content_bounds(e, &bounds));
            CHECK(e, canvas_set_viewport_offset(e, (canvas_point){bounds.x + bounds.width / 2 - 640, bounds.y + bounds.height / 2 - 400}, NULL));
            size_t ni, nc;
            double a = now_seconds();
            CHECK(e, canvas_query_lod(e, (canvas_rect){0, 0, 0, 0}, MIN_SIZE, CELL, items, n, &ni, clusters, CLUSTERS, &nc));
            double t = now_seconds() - a;
            if (getenv("VERBOSE")) printf("  %g: %.2f ms %zu/%zu\n", s, t * 1e3, ni, nc);
            if (k > 0 || dir == 1) { if (t > worst) worst = t; total += t; if (count < 64) steps[count++] = t; }
            else printf("open (zoom 1) %.1f ms\n", t * 1e3);
            if (dir == 0 && s == fit) break;
        }
    }
    printf("steps %d, total %.1f ms, worst %.1f ms, over 10 ms:", count, total * 1e3, worst * 1e3);
    int slow = 0; for (int i = 0; i < count; i++) if (steps[i] > 0.01) slow++;
    printf(" %d; peak %.0f B a card\n", slow, (double)(hwm_kib() - base) * 1024 / n);
    return 0;
}
