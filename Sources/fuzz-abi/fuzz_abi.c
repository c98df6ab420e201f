/*
** fuzz_abi.c: libFuzzer harness for sequences of C ABI calls.
**
** The input is a little program: each operation byte picks a canvas_*
** call and the following bytes become its arguments (doubles include NaN,
** infinities, negatives and huge values; counts stay small). Callbacks
** misbehave on purpose: they fail, return NaN frames, and call back into
** the engine. After every call the harness checks the promises canvas.h
** makes: known status codes, a last error on failure, size queries that
** agree with copies. A broken promise aborts, which libFuzzer reports.
** Motion input, edits, batches, undo and level of detail are ops too; their
** times mostly step forward from the harness's clock so that gestures get
** past the time check, and sometimes are any number at all. So are links:
** set, inserted, removed, routed, queried, hit, copied (visible, appeared,
** clustered), selected, and laid out by the graph layouts and a custom
** layout that sees them; a route's and a query's size agree with the copy.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"

typedef struct reader {
    const uint8_t *data;
    size_t size, at;
} reader;

static uint8_t byte(reader *r) { return r->at < r->size ? r->data[r->at++] : 0; }

static double number(reader *r) {
    static const double specials[] = {0, 1, -1, 0.5, 100, 1e7, -1e7, 1e300, NAN, INFINITY, -INFINITY, 5000};
    uint8_t kind = byte(r);
    if (kind < 0x30) return specials[kind % (sizeof specials / sizeof specials[0])];
    return (double)(int8_t)byte(r) * 8 + byte(r) / 16.0;
}

static canvas_size size_of(reader *r) { return (canvas_size){number(r), number(r)}; }
static canvas_point point_of(reader *r) { return (canvas_point){number(r), number(r)}; }

typedef struct harness {
    canvas_engine *engine;
    reader *input;
    int mode;  /* what the callbacks do: 0 behave, 1 fail, 2 NaN, 3 re-enter */
    double now; /* the clock motion input mostly follows */
} harness;

/* A time: mostly a little after the last one, sometimes any number. */
static double time_of(harness *h) {
    uint8_t kind = byte(h->input);
    if (kind >= 0xf0) return number(h->input);
    h->now += kind % 64;
    return h->now;
}

static canvas_rect rect_of(reader *r) { return (canvas_rect){number(r), number(r), number(r), number(r)}; }

/* Up to 8 ids, some on the canvas and some not, duplicates on purpose. */
static size_t ids_of(reader *r, uint64_t *ids) {
    size_t count = byte(r) % 9;
    for (size_t i = 0; i < count; i++) ids[i] = byte(r) % 48;
    return count;
}

/* Up to 8 links over ids 0..47 (some not items), ids 0..23 (repeats on
** purpose), styles and sides one past the last (invalid) now and then. */
static size_t links_of(reader *r, canvas_link *links) {
    size_t count = byte(r) % 9;
    for (size_t i = 0; i < count; i++) {
        links[i].id = byte(r) % 24;
        links[i].source = byte(r) % 48;
        links[i].target = byte(r) % 48;
        links[i].style = byte(r) % 4;
        links[i].source_side = byte(r) % 6;
        links[i].target_side = byte(r) % 6;
    }
    return count;
}

/* A custom layout with links: every link's ends must be item positions. */
static canvas_status place_links(void *user, const canvas_layout_item *items, size_t count,
                                 const canvas_layout_link *links, size_t link_count, double pw, double ph,
                                 canvas_rect *out) {
    harness *h = user;
    (void)pw;
    (void)ph;
    if (link_count > 0 && links == NULL) abort();
    for (size_t k = 0; k < link_count; k++)
        if (links[k].source >= count || links[k].target >= count) abort();
    if (h->mode == 1) {
        canvas_callback_error(h->engine, "fuzz: place_links failed");
        return 1;
    }
    if (h->mode == 3 && canvas_set_links(h->engine, NULL, 0) != CANVAS_ERR_BUSY) abort();
    for (size_t i = 0; i < count; i++)
        out[i] = (canvas_rect){h->mode == 2 && i == 0 ? NAN : (double)(i % 5) * 40, (double)(i / 5) * 30,
                               items[i].size.width, items[i].size.height};
    return CANVAS_OK;
}

static canvas_status place(void *user, const canvas_size *sizes, size_t count, double pw, double ph, canvas_rect *out) {
    harness *h = user;
    (void)pw;
    (void)ph;
    if (h->mode == 1) {
        canvas_callback_error(h->engine, "fuzz: place failed");
        return 1;
    }
    if (h->mode == 3 && canvas_resolve(h->engine) != CANVAS_ERR_BUSY) abort();
    for (size_t i = 0; i < count; i++)
        out[i] = (canvas_rect){h->mode == 2 && i == 0 ? NAN : -(double)i * 10, (double)(i % 7) * 5, sizes[i].width, sizes[i].height};
    return CANVAS_OK;
}

static canvas_status measure(void *user, uint64_t id, size_t index, double pw, canvas_size *out) {
    harness *h = user;
    (void)pw;
    if (h->mode == 1) return 1;
    if (h->mode == 3 && canvas_set_viewport_size(h->engine, (canvas_size){1, 1}, NULL) != CANVAS_ERR_BUSY) abort();
    *out = (canvas_size){h->mode == 2 ? NAN : (double)(id % 50), (double)(index % 30) * 1e5};
    return CANVAS_OK;
}

static canvas_status on_zoom(void *user, canvas_zoom_event event, double scale) {
    harness *h = user;
    (void)event;
    if (!(scale > 0)) abort();  /* the engine only reports positive scales */
    return h->mode == 1 ? 1 : CANVAS_OK;
}

/* A failure must come with a message; success leaves no promise about it. */
static void check(harness *h, canvas_status status) {
    if (status < CANVAS_OK || status > CANVAS_ERR_NO_MEMORY) abort();
    if (status != CANVAS_OK && canvas_engine_last_error(h->engine)[0] == '\0') abort();
}

/* Size query, then copy into a buffer of exactly that size: both must agree. */
typedef canvas_status (*copy_ids_fn)(const canvas_engine *, uint64_t *, size_t, size_t *);
static void check_copy(harness *h, copy_ids_fn copy) {
    size_t count = 0, again = 0;
    check(h, copy(h->engine, NULL, 0, &count));
    uint64_t *ids = malloc((count + 1) * sizeof *ids);
    if (count > 0 && copy(h->engine, ids, count - 1, &again) != CANVAS_ERR_BUFFER_TOO_SMALL) abort();
    check(h, copy(h->engine, ids, count, &again));
    if (again != count) abort();
    free(ids);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader input = {data, size, 0};
    harness h = {canvas_engine_create(), &input, 0, 0};
    int flag;
    uint64_t id;
    while (input.at < input.size) {
        uint8_t op = byte(&input);
        h.mode = op >> 6;
        switch (op % 64) {
        case 0: {
            size_t count = byte(&input) % 40;
            canvas_size sizes[40];
            uint64_t ids[40];
            for (size_t i = 0; i < count; i++) {
                sizes[i] = size_of(&input);
                ids[i] = byte(&input) % 48;  /* duplicates on purpose */
            }
            check(&h, canvas_set_items(h.engine, count ? sizes : NULL, byte(&input) & 1 ? ids : NULL, count));
            break;
        }
        case 1: check(&h, canvas_set_layout_flow(h.engine, number(&input), number(&input), byte(&input) % 4, number(&input))); break;
        case 2: check(&h, canvas_set_layout_grid(h.engine, (int8_t)byte(&input), number(&input), number(&input), point_of(&input))); break;
        case 3: check(&h, canvas_set_layout_custom(h.engine, place, &h)); break;
        case 4: check(&h, canvas_set_content_size(h.engine, byte(&input) % 4, size_of(&input))); break;
        case 5: check(&h, canvas_set_margins(h.engine, (canvas_insets){number(&input), number(&input), number(&input), number(&input)})); break;
        case 6: check(&h, canvas_set_content_anchor(h.engine, point_of(&input))); break;
        case 7: check(&h, canvas_set_layout_direction(h.engine, byte(&input) % 3)); break;
        case 8: {
            size_t frames = 0, ids = 0;
            check(&h, canvas_resolve(h.engine));
            check(&h, canvas_copy_frames(h.engine, NULL, 0, &frames));
            check(&h, canvas_copy_ids(h.engine, NULL, 0, &ids));
            if (frames != ids) abort();
            break;
        }
        case 9: check(&h, canvas_set_viewport_size(h.engine, size_of(&input), &flag)); break;
        case 10: check(&h, canvas_set_viewport_offset(h.engine, point_of(&input), &flag)); break;
        case 11: check(&h, canvas_scroll_to_id(h.engine, byte(&input) % 48, point_of(&input), &flag)); break;
        case 12: check(&h, canvas_page(h.engine, byte(&input) % 5, &flag)); break;
        case 13: check(&h, canvas_hit_test(h.engine, point_of(&input), &id, &flag)); break;
        case 14: {
            size_t count;
            canvas_rect rect = {number(&input), number(&input), number(&input), number(&input)};
            check(&h, canvas_query(h.engine, rect, NULL, 0, &count));
            break;
        }
        case 15: check(&h, canvas_set_measure(h.engine, byte(&input) & 1 ? measure : NULL, &h, byte(&input) % 5)); break;
        case 16: check(&h, canvas_step(h.engine, &flag)); break;
        case 17: check(&h, canvas_set_zoom(h.engine, number(&input))); break;
        case 18: check(&h, canvas_pinch(h.engine, byte(&input) % 6, number(&input), byte(&input) % 4, point_of(&input))); break;
        case 19: check(&h, canvas_set_zoom_callback(h.engine, on_zoom, &h)); break;
        case 20: {
            double stops[4] = {number(&input), number(&input), number(&input), number(&input)};
            check(&h, canvas_set_zoom_stops(h.engine, stops, byte(&input) % 5));
            check(&h, canvas_set_zoom_limits(h.engine, number(&input), number(&input)));
            check(&h, canvas_set_zoom_axis(h.engine, byte(&input) % 4));
            break;
        }
        case 21: check(&h, canvas_select_at(h.engine, point_of(&input), &id, &flag)); break;
        case 22: check(&h, canvas_set_backdrop(h.engine, byte(&input) % 4, number(&input), number(&input))); break;
        case 23: {
            canvas_point fingers[3] = {point_of(&input), point_of(&input), point_of(&input)};
            check(&h, canvas_touches(h.engine, fingers, byte(&input) % 4));
            break;
        }
        case 24: check(&h, canvas_pointer_event(h.engine, byte(&input) % 5, point_of(&input), byte(&input) % 20, time_of(&h))); break;
        case 25: check(&h, canvas_fling(h.engine, point_of(&input), time_of(&h))); break;
        case 26: {
            canvas_wheel_event w = {number(&input), number(&input), byte(&input) % 4, byte(&input) & 1, byte(&input) & 1,
                                    point_of(&input), 0};
            w.t_ms = time_of(&h);
            check(&h, canvas_wheel(h.engine, byte(&input) == 0xff ? NULL : &w));
            break;
        }
        case 27: check(&h, canvas_rotary(h.engine, number(&input), time_of(&h))); break;
        case 28: check(&h, canvas_key_event(h.engine, byte(&input) % 11, byte(&input) % 20, time_of(&h))); break;
        case 29: {
            canvas_tick_result tick;
            check(&h, canvas_tick(h.engine, time_of(&h), byte(&input) & 1 ? &tick : NULL));
            break;
        }
        case 30:
            check(&h, canvas_set_deceleration(h.engine, byte(&input) & 1 ? number(&input) : 0.998));
            check(&h, canvas_set_bounce(h.engine, byte(&input) % 4));
            check(&h, canvas_set_scroll_enabled(h.engine, byte(&input) & 1));
            check(&h, canvas_set_indicators(h.engine, byte(&input) % 4));
            check(&h, canvas_set_pan_axis(h.engine, byte(&input) % 4));
            check(&h, canvas_set_crown_axis(h.engine, byte(&input) % 3));
            break;
        case 31: {
            uint8_t which = byte(&input) % 4;
            double duration = byte(&input) & 1 ? number(&input) : CANVAS_DURATION_DEFAULT, t = time_of(&h);
            if (which == 0) check(&h, canvas_scroll_to_id_animated(h.engine, byte(&input) % 48, point_of(&input), duration, t));
            else if (which == 1) check(&h, canvas_scroll_to_point_animated(h.engine, point_of(&input), point_of(&input), duration, t));
            else if (which == 2) check(&h, canvas_scroll_to_rect_animated(h.engine, rect_of(&input), point_of(&input), duration, t));
            else check(&h, canvas_page_animated(h.engine, byte(&input) % 5, duration, t, &flag));
            break;
        }
        case 32: {
            canvas_rect region = rect_of(&input);
            int animated = byte(&input) & 1;
            double duration = number(&input), t = time_of(&h);
            check(&h, canvas_zoom_to_fit(h.engine, byte(&input) & 1 ? &region : NULL, number(&input), animated, duration, t));
            break;
        }
        case 33: check(&h, canvas_set_layout_free(h.engine)); break;
        case 34: {
            uint64_t ids[8];
            canvas_rect frames[8];
            size_t count = ids_of(&input, ids);
            for (size_t i = 0; i < count; i++) frames[i] = rect_of(&input);
            check(&h, canvas_set_item_frames(h.engine, frames, ids, count));
            break;
        }
        case 35: {
            uint64_t ids[8], before = byte(&input) % 48;
            canvas_rect frames[8];
            size_t count = ids_of(&input, ids);
            for (size_t i = 0; i < count; i++) frames[i] = rect_of(&input);
            check(&h, canvas_insert_items(h.engine, frames, ids, count, byte(&input) & 1 ? &before : NULL));
            break;
        }
        case 36: {
            uint64_t ids[8];
            size_t count = ids_of(&input, ids);
            check(&h, canvas_remove_items(h.engine, ids, count));
            break;
        }
        case 37: {
            uint64_t ids[8];
            canvas_point origins[8];
            size_t count = ids_of(&input, ids);
            for (size_t i = 0; i < count; i++) origins[i] = point_of(&input);
            check(&h, canvas_move_items(h.engine, ids, origins, count));
            break;
        }
        case 38: {
            uint64_t ids[8];
            canvas_rect frames[8];
            canvas_size sizes[8];
            size_t count = ids_of(&input, ids);
            for (size_t i = 0; i < count; i++) {
                frames[i] = rect_of(&input);
                sizes[i] = (canvas_size){frames[i].width, frames[i].height};
            }
            if (byte(&input) & 1) check(&h, canvas_set_frames_by_id(h.engine, ids, frames, count));
            else check(&h, canvas_resize_items(h.engine, ids, sizes, count));
            break;
        }
        case 39: {
            uint64_t ids[8];
            size_t count = ids_of(&input, ids);
            check(&h, canvas_reorder(h.engine, ids, count, byte(&input) % 3));
            break;
        }
        case 40: {
            uint8_t which = byte(&input) % 5;
            if (which == 0) check(&h, canvas_batch_begin(h.engine));
            else if (which == 1) check(&h, canvas_batch_commit(h.engine));
            else if (which == 2) check(&h, canvas_batch_rollback(h.engine));
            else if (which == 3) check(&h, canvas_undo(h.engine));
            else check(&h, canvas_redo(h.engine));
            break;
        }
        case 41: check(&h, canvas_select_rect(h.engine, rect_of(&input), byte(&input) % 3, byte(&input) % 5)); break;
        case 42: check(&h, canvas_select_all(h.engine)); break;
        case 43: {
            canvas_snap snap = {number(&input), byte(&input) & 1, byte(&input) & 1, number(&input)};
            check(&h, canvas_set_tool(h.engine, byte(&input) % 3));
            check(&h, canvas_set_snap(h.engine, byte(&input) == 0xff ? NULL : &snap));
            break;
        }
        case 44: check(&h, canvas_nudge(h.engine, byte(&input) % 5, byte(&input) & 1)); break;
        case 45: {
            if (byte(&input) & 1) check(&h, canvas_focus(h.engine, byte(&input) % 48));
            else check(&h, canvas_focus_next(h.engine, byte(&input) % 5, &id, &flag));
            check(&h, canvas_set_scroll_extent(h.engine, byte(&input) % 3, &flag));
            break;
        }
        case 46: {
            size_t items = 0, clusters = 0;
            canvas_rect rect = rect_of(&input);
            double min_size = number(&input), cell = number(&input);
            canvas_status status = canvas_query_lod(h.engine, rect, min_size, cell, NULL, 0, &items, NULL, 0, &clusters);
            check(&h, status);
            /* Small answers are copied too, and must agree with the count. */
            if (status == CANVAS_OK && items <= 4096 && clusters <= 4096) {
                canvas_visible_item *item_buffer = malloc((items + 1) * sizeof *item_buffer);
                canvas_cluster *cluster_buffer = malloc((clusters + 1) * sizeof *cluster_buffer);
                size_t items_again = 0, clusters_again = 0;
                check(&h, canvas_query_lod(h.engine, rect, min_size, cell, item_buffer, items, &items_again,
                                           cluster_buffer, clusters, &clusters_again));
                if (items_again != items || clusters_again != clusters) abort();
                free(item_buffer);
                free(cluster_buffer);
            }
            break;
        }
        case 47: {
            if (byte(&input) & 1) check(&h, canvas_set_lod(h.engine, number(&input), number(&input), &flag));
            else check(&h, canvas_clear_lod(h.engine, &flag));
            size_t count = 0;
            check(&h, canvas_copy_clusters(h.engine, NULL, 0, &count));
            break;
        }
        case 48: {
            canvas_link links[8];
            size_t count = links_of(&input, links);
            check(&h, canvas_set_links(h.engine, byte(&input) == 0xff ? NULL : links, count));
            break;
        }
        case 49: {
            canvas_link links[8];
            uint64_t before = byte(&input) % 24;
            size_t count = links_of(&input, links);
            check(&h, canvas_insert_links(h.engine, links, count, byte(&input) & 1 ? &before : NULL));
            break;
        }
        case 50: {
            uint64_t ids[8];
            size_t count = ids_of(&input, ids);
            for (size_t i = 0; i < count; i++) ids[i] %= 24;
            check(&h, canvas_remove_links(h.engine, ids, count));
            break;
        }
        case 51: {
            /* A route's size, then a copy into exactly that room: they agree. */
            uint64_t link = byte(&input) % 24;
            size_t count = 0, again = 0;
            canvas_status status = canvas_copy_link_route(h.engine, link, NULL, 0, &count);
            check(&h, status);
            if (status == CANVAS_OK) {
                canvas_point *points = malloc((count + 1) * sizeof *points);
                if (count > 0 && canvas_copy_link_route(h.engine, link, points, count - 1, &again) != CANVAS_ERR_BUFFER_TOO_SMALL)
                    abort();
                check(&h, canvas_copy_link_route(h.engine, link, points, count, &again));
                if (again != count) abort();
                for (size_t i = 0; i < count; i++)
                    if (!isfinite(points[i].x) || !isfinite(points[i].y)) abort();
                free(points);
            }
            break;
        }
        case 52: {
            canvas_rect rect = rect_of(&input);
            size_t count = 0, again = 0;
            canvas_status status = canvas_query_links(h.engine, rect, NULL, 0, &count);
            check(&h, status);
            if (status == CANVAS_OK && count <= 4096) {
                uint64_t *ids = malloc((count + 1) * sizeof *ids);
                check(&h, canvas_query_links(h.engine, rect, ids, count, &again));
                if (again != count) abort();
                free(ids);
            }
            break;
        }
        case 53: check(&h, canvas_hit_test_link(h.engine, point_of(&input), &id, &flag)); break;
        case 54: {
            uint8_t which = byte(&input) % 3;
            check_copy(&h, which == 0 ? canvas_copy_appeared_links : which == 1 ? canvas_copy_disappeared_links
                                                                              : canvas_copy_selected_links);
            size_t count = 0, again = 0;
            check(&h, canvas_copy_cluster_links(h.engine, NULL, 0, &count));
            canvas_cluster_link *clustered = malloc((count + 1) * sizeof *clustered);
            check(&h, canvas_copy_cluster_links(h.engine, clustered, count, &again));
            if (again != count) abort();
            free(clustered);
            break;
        }
        case 55: {
            uint64_t link = byte(&input) % 24;
            uint8_t which = byte(&input) % 4;
            if (which == 0) check(&h, canvas_select_link(h.engine, link, byte(&input) & 1));
            else if (which == 1) check(&h, canvas_deselect_link(h.engine, link));
            else if (which == 2) check(&h, canvas_clear_link_selection(h.engine));
            else check(&h, canvas_set_marquee_links(h.engine, byte(&input) & 1));
            break;
        }
        case 56: {
            uint8_t which = byte(&input) % 3;
            if (which == 0) {
                check(&h, canvas_set_layout_custom_links(h.engine, place_links, &h));
            } else if (which == 1) {
                canvas_tree_settings tree = {byte(&input) % 4, number(&input), number(&input)};
                check(&h, canvas_set_layout_tree(h.engine, byte(&input) & 1 ? &tree : NULL));
            } else {
                canvas_layered_settings layered = {byte(&input) % 4, number(&input), number(&input)};
                check(&h, canvas_set_layout_layered(h.engine, byte(&input) & 1 ? &layered : NULL));
            }
            break;
        }
        case 57: {
            size_t count = 0, again = 0;
            check(&h, canvas_copy_links(h.engine, NULL, 0, &count));
            canvas_link *links = malloc((count + 1) * sizeof *links);
            if (count > 0 && canvas_copy_links(h.engine, links, count - 1, &again) != CANVAS_ERR_BUFFER_TOO_SMALL) abort();
            check(&h, canvas_copy_links(h.engine, links, count, &again));
            if (again != count) abort();
            free(links);
            break;
        }
        }
        check_copy(&h, canvas_copy_visible);
        check_copy(&h, canvas_copy_selection);
        check_copy(&h, canvas_copy_visible_links);
    }
    canvas_engine_destroy(h.engine);
    return 0;
}
