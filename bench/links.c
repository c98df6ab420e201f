/*
** links.c: links at scale (issue 24's goals). A free board of `cards` cards
** in rows, each linked to one or two near neighbours (about 1.5 links a
** card, styles mixed), then:
**   - bytes a link: the resident set before and after canvas_set_links, and
**     after the first canvas_query_links builds the index of route bounds;
**   - p50 and p99 of canvas_query_links against canvas_query over the same
**     1920 x 1080 viewports;
**   - a drag of 1,000 linked cards (canvas_move_items, then the links'
**     query that re-routes): the time a frame.
**
**     links [cards] [queries]   (default 1000000 2000); prints JSON
*/
#include "common.h"

static int compare_doubles_up(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(double *values, size_t count, double p) {
    qsort(values, count, sizeof *values, compare_doubles_up);
    return values[(size_t)(p * (double)(count - 1))];
}

int main(int argc, char **argv) {
    size_t cards = argc > 1 ? (size_t)atol(argv[1]) : 1000000;
    size_t queries = argc > 2 ? (size_t)atol(argv[2]) : 2000;
    size_t columns = 1000;
    rng r = {24};
    canvas_engine *engine = canvas_engine_create();
    canvas_rect *frames = xmalloc(cards * sizeof *frames);
    for (size_t i = 0; i < cards; i++)
        frames[i] = (canvas_rect){(double)(i % columns) * 150, (double)(i / columns) * 100, 120, 70};
    CHECK(engine, canvas_set_item_frames(engine, frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1920, 1080}, NULL));

    canvas_link *links = xmalloc(2 * cards * sizeof *links);
    size_t count = 0;
    for (size_t i = 0; i < cards; i++) {
        size_t right = (i + 1) % columns ? i + 1 : i - 1;
        links[count] = (canvas_link){count + 1, i + 1, right + 1, (canvas_link_style)(i % 3), CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
        count++;
        if (rng_next(&r) % 2 && i + columns < cards) {
            links[count] = (canvas_link){count + 1, i + 1, i + columns + 1, CANVAS_LINK_STEP, CANVAS_SIDE_BOTTOM, CANVAS_SIDE_TOP};
            count++;
        }
    }
    long before = status_kib("VmRSS");
    double t0 = now_seconds();
    CHECK(engine, canvas_set_links(engine, links, count));
    double set_seconds = now_seconds() - t0;
    long after_set = status_kib("VmRSS");
    size_t found = 0, capacity = 1 << 16;
    uint64_t *out = xmalloc(capacity * sizeof *out);
    /* Items' index first, so neither query pays a build in the timing. */
    CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    CHECK(engine, canvas_query(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    t0 = now_seconds();
    CHECK(engine, canvas_query_links(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
    double build_seconds = now_seconds() - t0;
    long after_index = status_kib("VmRSS");

    double width = (double)columns * 150, height = (double)(cards / columns) * 100;
    double *item_times = xmalloc(queries * sizeof *item_times), *link_times = xmalloc(queries * sizeof *link_times);
    size_t item_found = 0, link_found = 0;
    for (size_t q = 0; q < queries; q++) {
        canvas_rect rect = {rng_uniform(&r, 0, width - 1920), rng_uniform(&r, 0, height > 1080 ? height - 1080 : 1), 1920, 1080};
        t0 = now_seconds();
        CHECK(engine, canvas_query(engine, rect, out, capacity, &found));
        item_times[q] = now_seconds() - t0;
        item_found += found;
        t0 = now_seconds();
        CHECK(engine, canvas_query_links(engine, rect, out, capacity, &found));
        link_times[q] = now_seconds() - t0;
        link_found += found;
    }

    /* A drag: 1,000 cards of one block move a step a frame; each frame the
       host asks for the visible links, which re-routes. */
    enum { DRAGGED = 1000, FRAMES = 5 };
    uint64_t ids[DRAGGED];
    canvas_point origins[DRAGGED];
    double drag_total = 0, move_total = 0;
    for (int f = 0; f < FRAMES; f++) {
        for (size_t k = 0; k < DRAGGED; k++) {
            size_t i = (k / 40) * columns + k % 40;
            ids[k] = i + 1;
            origins[k] = (canvas_point){frames[i].x + 3.0 * (f + 1), frames[i].y + 2.0 * (f + 1)};
        }
        t0 = now_seconds();
        CHECK(engine, canvas_move_items(engine, ids, origins, DRAGGED));
        double t1 = now_seconds();
        move_total += t1 - t0;
        CHECK(engine, canvas_query_links(engine, (canvas_rect){0, 0, 1920, 1080}, out, capacity, &found));
        drag_total += now_seconds() - t1;
    }

    printf("{\"cards\": %zu, \"links\": %zu, \"set_links_s\": %.4f, \"index_build_s\": %.4f,\n", cards, count, set_seconds, build_seconds);
    printf(" \"bytes_per_link_table\": %.1f, \"bytes_per_link_with_index\": %.1f,\n",
           (double)(after_set - before) * 1024 / (double)count, (double)(after_index - before) * 1024 / (double)count);
    printf(" \"items_query_us\": {\"p50\": %.1f, \"p99\": %.1f, \"mean_found\": %.0f},\n",
           percentile(item_times, queries, 0.5) * 1e6, percentile(item_times, queries, 0.99) * 1e6, (double)item_found / (double)queries);
    printf(" \"links_query_us\": {\"p50\": %.1f, \"p99\": %.1f, \"mean_found\": %.0f},\n",
           percentile(link_times, queries, 0.5) * 1e6, percentile(link_times, queries, 0.99) * 1e6, (double)link_found / (double)queries);
    printf(" \"drag_1000_move_ms\": %.2f, \"drag_1000_links_ms\": %.2f}\n", move_total / FRAMES * 1e3, drag_total / FRAMES * 1e3);
    canvas_engine_destroy(engine);
    free(frames); free(links); free(out); free(item_times); free(link_times);
    return 0;
}
