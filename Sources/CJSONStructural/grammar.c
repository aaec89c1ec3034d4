// The grammar walk over stage 1's token masks: skipping one value of a document that passed
// stage 1 without reading its bytes again, only the first byte of each token.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// Benchmarks/bench_cost.py and callgrind profiles run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so callgrind still names these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

/// The set bits of the token masks in order: where tokens start.
typedef struct {
    const uint64_t *tokens;
    size_t count;
    size_t words;
    size_t word;
    uint64_t bits;  // the bits of `tokens[word]` not yet passed
} cjs_cursor;

/// The offset of the next token, not passed; `count` when there is none.
static inline size_t cjs_peek(cjs_cursor *cursor) {
    while (!cursor->bits) {
        if (cursor->word + 1 >= cursor->words) return cursor->count;
        cursor->word++;
        cursor->bits = cursor->tokens[cursor->word];
    }
    return 64 * cursor->word + __builtin_ctzll(cursor->bits);
}

/// The offset of the next token, passed; `count` when there is none.
static inline size_t cjs_next(cjs_cursor *cursor) {
    size_t offset = cjs_peek(cursor);
    cursor->bits &= cursor->bits - 1;  // zero when there was none: harmless
    return offset;
}

/// `}`, `]`, `:` or `,`: a token that cannot start a value.
static inline int cjs_is_punctuation(uint8_t byte) { return (byte | 0x20) == '}' || byte == ':' || byte == ','; }

ptrdiff_t cjs_skip_value(const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
    if (offset >= count) return -1;
    cjs_cursor cursor = {tokens, count, cjs_token_words(count), offset / 64, tokens[offset / 64] & (~0ULL << (offset % 64))};
    size_t token = cjs_next(&cursor);
    if (token != offset) return -1;
    uint8_t first = bytes[token];
    if ((first | 0x20) != '{') {
        // A string or a scalar (most skipped values): it ends before the next token.
        if (cjs_is_punctuation(first)) return -1;
        return cjs_peek(&cursor);
    }
    // Which containers are open: 1 for an object.
    uint8_t objects[CJS_MAXIMUM_DEPTH];
    if (room > CJS_MAXIMUM_DEPTH) room = CJS_MAXIMUM_DEPTH;
    size_t level = 0;
    for (;;) {
        // A value starts at `token`.
        uint8_t byte = bytes[token];
        if ((byte | 0x20) == '{') {
            if (level >= room) return -1;
            uint8_t object = byte == '{';
            objects[level++] = object;
            token = cjs_next(&cursor);
            if (token >= count) return -1;
            uint8_t inner = bytes[token];
            if (inner != (object ? '}' : ']')) {
                if (object) {
                    size_t colon = cjs_next(&cursor);
                    if (inner != '"' || colon >= count || bytes[colon] != ':') return -1;
                    token = cjs_next(&cursor);
                    if (token >= count) return -1;
                }
                continue;
            }
            level--;
        } else if (cjs_is_punctuation(byte)) {
            return -1;
        }
        // After a value: close containers, or move to the next member or element.
        for (;;) {
            if (level == 0) return cjs_peek(&cursor);
            uint8_t object = objects[level - 1];
            token = cjs_next(&cursor);
            if (token >= count) return -1;
            uint8_t after = bytes[token];
            if (after == ',') {
                if (object) {
                    size_t key = cjs_next(&cursor);
                    if (key >= count || bytes[key] != '"') return -1;
                    size_t colon = cjs_next(&cursor);
                    if (colon >= count || bytes[colon] != ':') return -1;
                }
                token = cjs_next(&cursor);
                if (token >= count) return -1;
                break;
            }
            if (after != (object ? '}' : ']')) return -1;
            level--;
        }
    }
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
