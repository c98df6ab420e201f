/* A C client run under valgrind against the installed library (tests/install/run). */
#include <canvas.h>
#include <stdio.h>
static canvas_status line(void *user, const canvas_size *sizes, size_t count, double pw, double ph, canvas_rect *out) {
    (void)user; (void)pw; (void)ph;
    for (size_t i = 0; i < count; i++) out[i] = (canvas_rect){-(double)i * 10, 0, sizes[i].width, sizes[i].height};
    return CANVAS_OK;
}
int main(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[100];
    for (int i = 0; i < 100; i++) sizes[i] = (canvas_size){10 + i % 7, 10};
    canvas_set_items(e, sizes, NULL, 100);
    canvas_set_layout_custom(e, line, NULL);
    if (canvas_resolve(e) != CANVAS_OK) return 1;
    int published;
    canvas_set_viewport(e, (canvas_size){100, 50}, NULL, 0, &published);
    uint64_t ids[200]; size_t n;
    canvas_query(e, (canvas_rect){0, 0, 50, 50}, ids, 200, &n);
    canvas_set_zoom(e, 2);
    canvas_select_id(e, 3);
    canvas_set_layout_flow(e, 1, 1, CANVAS_FLOW_ALIGN_TOP, 0);
    canvas_resolve(e);
    canvas_set_items(e, sizes, (uint64_t[100]){0}, 100);  /* duplicate ids: an error path */
    printf("%s\n", canvas_engine_last_error(e));
    canvas_engine_destroy(e);
    return 0;
}
