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
} harness;

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
    if (status < CANVAS_OK || status > CANVAS_ERR_NOT_FOUND) abort();
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
    harness h = {canvas_engine_create(), &input, 0};
    int flag;
    uint64_t id;
    while (input.at < input.size) {
        uint8_t op = byte(&input);
        h.mode = op >> 6;
        switch (op % 24) {
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
        }
        check_copy(&h, canvas_copy_visible);
        check_copy(&h, canvas_copy_selection);
    }
    canvas_engine_destroy(h.engine);
    return 0;
}
