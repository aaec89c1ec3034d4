// What every path of stage 1 shares: the block state, the escape and string logic on masks,
// and the validators the masks point at. Private to the target (not under include/).
#ifndef CJSON_STRUCTURAL_STAGE1_H
#define CJSON_STRUCTURAL_STAGE1_H

#include <string.h>

#include "CJSONStructural.h"

/// One 64-byte block, classified: bit i is byte i of the block.
typedef struct {
    uint64_t quote;       // '"'
    uint64_t backslash;   // '\'
    uint64_t op;          // { } [ ] : ,
    uint64_t whitespace;  // space, tab, line feed, carriage return
    uint64_t control;     // below 0x20 (the three whitespace controls included)
    uint64_t nonascii;    // 0x80 and above
} cjs_classes;

/// The pass over one document: input, output, what carries from one block to the next, and
/// how far the byte-level validators have gone.
typedef struct {
    const uint8_t *bytes;
    size_t count;
    uint64_t *tokens;
    uint64_t prev_escaped;    // 1 when the block's first byte follows an odd backslash run
    uint64_t prev_in_string;  // all ones when the block starts inside a string
    uint64_t prev_scalar;     // 1 when the previous block ended inside a number or literal
    size_t utf8_done;         // bytes before this offset are known to be UTF-8
    size_t escape_done;       // escaped bytes before this offset were checked with their escape
    cjs_status status;
} cjs_stage1;

int cjs_valid_scalar(const uint8_t *bytes, size_t count, size_t offset);
int cjs_valid_escape(const uint8_t *bytes, size_t count, size_t offset, size_t *checked_to);
int cjs_valid_utf8_run(const uint8_t *bytes, size_t count, size_t offset, size_t *end);

cjs_status cjs_run_scalar(cjs_stage1 *stage);
#if defined(__x86_64__) || defined(_M_X64)
cjs_status cjs_run_sse2(cjs_stage1 *stage);
cjs_status cjs_run_avx2(cjs_stage1 *stage);
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
cjs_status cjs_run_neon(cjs_stage1 *stage);
#endif

static inline size_t cjs_trailing_zeros(uint64_t word) { return __builtin_ctzll(word); }

// No explicit casts in this target: clang keeps the type of every cast in the debug
// information even of `nodebug` functions, and one type is a compile unit valgrind reads.

/// The prefix XOR of `word` (bit i = XOR of bits 0…i) by a cascade of shifts: six steps that
/// any 64-bit machine runs. Paths with a carry-less multiply use it instead.
static inline uint64_t cjs_prefix_xor_shifts(uint64_t word) {
    word ^= word << 1;
    word ^= word << 2;
    word ^= word << 4;
    word ^= word << 8;
    word ^= word << 16;
    word ^= word << 32;
    return word;
}

/// The bytes that follow an odd-length run of backslashes (the escaped ones), runs crossing
/// blocks included. A run's parity is read off where it started: adding the run's start bit
/// to the run carries through it to the byte after its end, and a run that starts on an even
/// bit and ends before an odd one (or the reverse) has odd length. `prev_escaped` is 1 when
/// the previous block ended inside a run of odd length so far; it is updated for the next.
static inline uint64_t cjs_escaped(uint64_t backslash, uint64_t *prev_escaped) {
    const uint64_t even_bits = 0x5555555555555555ULL;
    const uint64_t odd_bits = ~even_bits;
    uint64_t starts = backslash & ~(backslash << 1);
    // A run continued from the previous block with odd length so far: its parity flips.
    uint64_t even_start_mask = even_bits ^ *prev_escaped;
    uint64_t even_starts = starts & even_start_mask;
    uint64_t odd_starts = starts & ~even_start_mask;
    uint64_t even_carries = backslash + even_starts;
    uint64_t odd_carries = backslash + odd_starts;
    // Only a run that started on an odd bit can carry out of bit 63 with odd length.
    uint64_t carried_out = odd_carries < backslash ? 1 : 0;
    // The previous block's odd run may end right before this block's first byte.
    odd_carries |= *prev_escaped;
    *prev_escaped = carried_out;
    uint64_t even_ends = even_carries & ~backslash;
    uint64_t odd_ends = odd_carries & ~backslash;
    return (even_ends & odd_bits) | (odd_ends & even_bits);
}

/// Records the first problem of the document.
static inline void cjs_fail(cjs_stage1 *stage, cjs_status status) {
    if (stage->status == CJS_OK) stage->status = status;
}

/// Everything after classification and the prefix XOR of the unescaped quotes: the string
/// mask, the token mask of block `block`, and the checks of this block's strings, escapes,
/// UTF-8 and numbers.
static inline void cjs_block_finish(
    cjs_stage1 *stage, const cjs_classes *classes, uint64_t quotes, uint64_t escaped, uint64_t quote_prefix,
    size_t block) {
    // In a string: from its opening quote (included) to its closing quote (excluded).
    uint64_t inside = quote_prefix ^ stage->prev_in_string;
    stage->prev_in_string = 0 - (inside >> 63);
    if (classes->control & inside) cjs_fail(stage, CJS_ERROR_CONTROL);

    uint64_t scalar = ~(classes->whitespace | classes->op | classes->quote | inside);
    uint64_t scalar_starts = scalar & ~((scalar << 1) | stage->prev_scalar);
    stage->prev_scalar = scalar >> 63;
    stage->tokens[block] = (classes->op & ~inside) | (quotes & inside) | scalar_starts;

    size_t base = block * 64;
    while (scalar_starts) {
        if (!cjs_valid_scalar(stage->bytes, stage->count, base + cjs_trailing_zeros(scalar_starts))) {
            cjs_fail(stage, CJS_ERROR_SCALAR);
        }
        scalar_starts &= scalar_starts - 1;
    }
    uint64_t escapes = escaped & inside;
    while (escapes) {
        size_t offset = base + cjs_trailing_zeros(escapes);
        if (offset >= stage->escape_done
            && !cjs_valid_escape(stage->bytes, stage->count, offset, &stage->escape_done)) {
            cjs_fail(stage, CJS_ERROR_ESCAPE);
        }
        escapes &= escapes - 1;
    }
    uint64_t high = classes->nonascii;
    while (high) {
        // Skip what the last run already validated (a run may cross into this block).
        if (stage->utf8_done > base) {
            size_t done = stage->utf8_done - base;
            high = done >= 64 ? 0 : high & (~0ULL << done);
            if (!high) break;
        }
        size_t end;
        if (!cjs_valid_utf8_run(stage->bytes, stage->count, base + cjs_trailing_zeros(high), &end)) {
            cjs_fail(stage, CJS_ERROR_UTF8);
            break;
        }
        stage->utf8_done = end;
    }
}

/// One block: escapes, unescaped quotes, their prefix XOR by `PREFIX_XOR`, then the rest.
#define CJS_BLOCK(stage, classes, block, PREFIX_XOR)                                   \
    do {                                                                               \
        uint64_t cjs_escaped_bytes = cjs_escaped((classes).backslash, &(stage)->prev_escaped); \
        uint64_t cjs_quotes = (classes).quote & ~cjs_escaped_bytes;                    \
        cjs_block_finish((stage), &(classes), cjs_quotes, cjs_escaped_bytes, PREFIX_XOR(cjs_quotes), (block)); \
    } while (0)

/// The whole pass with one path's `CLASSIFY(pointer, &classes)` and `PREFIX_XOR(word)`: full
/// blocks in place, the last partial block from a copy padded with spaces (which start no
/// token), then the check that no string is left open.
#define CJS_RUN(stage, CLASSIFY, PREFIX_XOR)                                           \
    do {                                                                               \
        cjs_classes cjs_block_classes;                                                 \
        size_t cjs_full = (stage)->count / 64;                                         \
        for (size_t cjs_index = 0; cjs_index < cjs_full; cjs_index++) {                \
            CLASSIFY((stage)->bytes + 64 * cjs_index, &cjs_block_classes);             \
            CJS_BLOCK(stage, cjs_block_classes, cjs_index, PREFIX_XOR);                \
            if ((stage)->status != CJS_OK) return (stage)->status;                     \
        }                                                                              \
        size_t cjs_rest = (stage)->count % 64;                                         \
        if (cjs_rest) {                                                                \
            uint8_t cjs_padded[64];                                                    \
            memset(cjs_padded, ' ', sizeof cjs_padded);                                \
            memcpy(cjs_padded, (stage)->bytes + 64 * cjs_full, cjs_rest);              \
            CLASSIFY(cjs_padded, &cjs_block_classes);                                  \
            CJS_BLOCK(stage, cjs_block_classes, cjs_full, PREFIX_XOR);                 \
        }                                                                              \
        if ((stage)->prev_in_string) cjs_fail((stage), CJS_ERROR_UNTERMINATED);        \
        return (stage)->status;                                                        \
    } while (0)

#endif
