/*
** test_messages.c: positions in the engine's messages count from 0, as C
** indexes (canvas.h, "Positions in messages").
*/
#include "check.h"

#include <stdint.h>

static canvas_status third_is_nan(void *user, const canvas_size *sizes, size_t count,
                                  double proposal_width, double proposal_height, canvas_rect *frames_out) {
    (void)user; (void)proposal_width; (void)proposal_height;
    for (size_t i = 0; i < count; i++) frames_out[i] = (canvas_rect){0, 0, sizes[i].width, sizes[i].height};
    frames_out[2].x = NAN;
    return CANVAS_OK;
}

static canvas_status second_is_negative(void *user, const canvas_size *sizes, size_t count,
                                        double proposal_width, double proposal_height, canvas_rect *frames_out) {
    (void)user; (void)proposal_width; (void)proposal_height;
    for (size_t i = 0; i < count; i++) frames_out[i] = (canvas_rect){0, 0, sizes[i].width, sizes[i].height};
    frames_out[1].width = -1;
    return CANVAS_OK;
}

static void test_duplicate_ids_are_named_by_index(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[7] = {{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
    uint64_t ids[7] = {1, 5, 2, 3, 4, 6, 5};
    CHECK_STATUS(canvas_set_items(e, sizes, ids, 7), CANVAS_ERR_INVALID_ARGUMENT);
    CHECK_STR(canvas_engine_last_error(e), "duplicate id 5 at items 1 and 6");
    canvas_engine_destroy(e);
}

static void test_bad_frames_are_named_by_index(void) {
    canvas_engine *e = canvas_engine_create();
    canvas_size sizes[3] = {{1, 1}, {2, 2}, {3, 3}};
    CHECK_OK(canvas_set_items(e, sizes, NULL, 3));
    CHECK_OK(canvas_set_layout_custom(e, third_is_nan, NULL));
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_BAD_LAYOUT);
    CHECK(strstr(canvas_engine_last_error(e), "for item 2:") != NULL);
    CHECK_OK(canvas_set_layout_custom(e, second_is_negative, NULL));
    CHECK_STATUS(canvas_resolve(e), CANVAS_ERR_BAD_LAYOUT);
    CHECK(strstr(canvas_engine_last_error(e), "negative size for item 1:") != NULL);
    canvas_engine_destroy(e);
}

int main(void) {
    RUN(test_duplicate_ids_are_named_by_index);
    RUN(test_bad_frames_are_named_by_index);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
