/*
** lod_min_size.c: how many items level of detail hands back one by one, per
** min_size, on a 1920 x 1080 screen (issue 20: the default CANVAS_LOD_MIN_SIZE
** should bound the answer by what the screen can show). Boards: lod_sets.c's
** "mixed" (centred on the content) and bench/session_data.h's mixed cards
** (centred, and on the busiest blob), 1M each; zooms: the fit, x2, x4, x8.
** Prints "items/clusters" per min_size (cell 16), through canvas_query_lod
** over the viewport.
**
**     lod_min_size
*/
#define main lod_sets_main
#include "lod_sets.c"
#undef main
#include "session_data.h"
static void run(const char *name, canvas_rect *frames, size_t n, double cx, double cy, int centre_busiest) {
    canvas_engine *e = canvas_engine_create();
    CHECK(e, canvas_set_item_frames(e, frames, NULL, n)); CHECK(e, canvas_resolve(e));
    CHECK(e, canvas_set_zoom_axis(e, CANVAS_ZOOM_BOTH)); CHECK(e, canvas_set_zoom_limits(e, 0.00001, 5));
    CHECK(e, canvas_set_viewport_size(e, (canvas_size){1920, 1080}, NULL));
    CHECK(e, canvas_zoom_to_fit(e, NULL, 0, 0, 0, 0));
    double fit; CHECK(e, canvas_get_zoom(e, &fit));
    canvas_visible_item *items = xmalloc(n * sizeof *items); canvas_cluster *cl = xmalloc(4000000 * sizeof *cl);
    double ms[] = {4, 6, 8, 10, 12, 16, 24};
    for (int z = 0; z < 4; z++) {
        double s = fit * (1 << z); CHECK(e, canvas_set_zoom(e, s));
        canvas_rect b; CHECK(e, canvas_get_content_bounds(e, &b));
        double px = centre_busiest ? cx * s : b.x + b.width / 2, py = centre_busiest ? cy * s : b.y + b.height / 2;
        CHECK(e, canvas_set_viewport_offset(e, (canvas_point){px - 960, py - 540}, NULL));
        canvas_rect v; CHECK(e, canvas_get_viewport(e, &v));
        printf("%s x%d zoom %.5f:", name, 1 << z, s);
        for (int m = 0; m < 7; m++) {
            size_t ni, nc;
            CHECK(e, canvas_query_lod(e, v, ms[m], 16, items, n, &ni, cl, 4000000, &nc));
            printf("  m%g %zu/%zu", ms[m], ni, nc);
        }
        printf("\n"); fflush(stdout);
    }
    canvas_engine_destroy(e); free(items); free(cl);
}
int main(void) {
    size_t n = 1000000;
    canvas_rect *f = xmalloc(n * sizeof *f);
    generate("mixed", n, f);
    run("lod_sets-mixed centre", f, n, 0, 0, 0);
    double *d = xmalloc(n * 4 * sizeof(double)); sd_generate(SD_MIXED, n, d);
    double bx = 0, by = 0; sd_busiest(n, &bx, &by);
    run("session centre", (canvas_rect *)d, n, 0, 0, 0);
    run("session busiest", (canvas_rect *)d, n, bx, by, 1);
    return 0;
}
