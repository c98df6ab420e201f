/*
** output_utf8.c: the rule for text that is not UTF-8.
**
** Lua strings are bytes, so an id may hold any of them. Every output (JSON,
** SVG, text) writes an id, or any other text, as UTF-8: each valid sequence
** as it is, and each byte that does not start one (a stray continuation
** byte, an overlong form, a surrogate, a code point past U+10FFFF, a
** sequence cut short) as U+FFFD, the replacement character. So the output
** always parses, and two ids that differ only in their invalid bytes may
** print alike (the items stay apart: they keep their order and frames).
*/
#include "output.h"

size_t output_utf8_sequence(const unsigned char *text, size_t length) {
    unsigned char c = text[0];
    if (c < 0x80) return 1;
    size_t n;
    unsigned char low = 0x80, high = 0xBF;  /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) low = 0xA0;          /* no overlong forms */
        if (c == 0xED) high = 0x9F;         /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) low = 0x90;
        if (c == 0xF4) high = 0x8F;         /* nothing past U+10FFFF */
    } else {
        return 0;
    }
    if (length < n || text[1] < low || text[1] > high) return 0;
    for (size_t i = 2; i < n; i++)
        if ((text[i] & 0xC0) != 0x80) return 0;
    return n;
}

size_t output_write_utf8(FILE *out, const char *text, size_t length) {
    size_t characters = 0;
    for (size_t i = 0; i < length; characters++) {
        size_t n = output_utf8_sequence((const unsigned char *)text + i, length - i);
        if (n == 0) {
            fputs(OUTPUT_REPLACEMENT, out);
            i++;
        } else {
            fwrite(text + i, 1, n, out);
            i += n;
        }
    }
    return characters;
}
