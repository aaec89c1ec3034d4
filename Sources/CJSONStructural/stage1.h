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
static inline __attribute__((always_inline)) uint64_t cjs_escaped(uint64_t backslash, uint64_t *prev_escaped) {
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

static inline int cjs_is_digit(uint8_t byte) { return byte >= '0' && byte <= '9'; }

/// Whether `offset` may end a number or literal: the end, whitespace, a structural character
/// or a quote (which the grammar then refuses, but which is no part of the scalar).
static inline int cjs_ends_scalar(const uint8_t *bytes, size_t count, size_t offset) {
    if (offset >= count) return 1;
    uint8_t byte = bytes[offset];
    uint8_t folded = byte | 0x20;
    return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t' || byte == ',' || byte == ':'
        || folded == '{' || folded == '}' || byte == '"';
}

/// Whether the letters after the first one at `offset` are `rest` (of `length` letters in all).
static inline int cjs_literal(
    const uint8_t *bytes, size_t count, size_t offset, uint8_t second, uint8_t third, uint8_t fourth, uint8_t fifth,
    size_t length) {
    if (count - offset < length) return 0;
    if (bytes[offset + 1] != second || bytes[offset + 2] != third || bytes[offset + 3] != fourth) return 0;
    if (length == 5 && bytes[offset + 4] != fifth) return 0;
    return cjs_ends_scalar(bytes, count, offset + length);
}

/// Whether the token at `offset` is a whole number (RFC 8259:
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) or `true`, `false`, `null`.
static inline int cjs_valid_scalar(const uint8_t *bytes, size_t count, size_t offset) {
    switch (bytes[offset]) {
    case 't': return cjs_literal(bytes, count, offset, 'r', 'u', 'e', 0, 4);
    case 'f': return cjs_literal(bytes, count, offset, 'a', 'l', 's', 'e', 5);
    case 'n': return cjs_literal(bytes, count, offset, 'u', 'l', 'l', 0, 4);
    default: break;
    }
    size_t index = offset;
    if (bytes[index] == '-') index++;
    if (index >= count || !cjs_is_digit(bytes[index])) return 0;
    if (bytes[index] == '0') {
        index++;
    } else {
        while (index < count && cjs_is_digit(bytes[index])) index++;
    }
    if (index < count && bytes[index] == '.') {
        index++;
        if (index >= count || !cjs_is_digit(bytes[index])) return 0;
        while (index < count && cjs_is_digit(bytes[index])) index++;
    }
    if (index < count && (bytes[index] | 0x20) == 'e') {
        index++;
        if (index < count && (bytes[index] == '+' || bytes[index] == '-')) index++;
        if (index >= count || !cjs_is_digit(bytes[index])) return 0;
        while (index < count && cjs_is_digit(bytes[index])) index++;
    }
    return cjs_ends_scalar(bytes, count, index);
}

/// Records the first problem of the document.
static inline void cjs_fail(cjs_stage1 *stage, cjs_status status) {
    if (stage->status == CJS_OK) stage->status = status;
}

/// The byte-level checks the masks of one block point at: its numbers and literals, its
/// escapes, its runs of non-ASCII bytes. Out of line, so that the block loop keeps its
/// vector constants in registers.
void cjs_block_validate(cjs_stage1 *stage, uint64_t scalar_starts, uint64_t escapes, uint64_t high, size_t block);

/// Everything after classification and the prefix XOR of the unescaped quotes: the string
/// mask and the token mask of block `block`, then the checks of what it points at.
static inline __attribute__((always_inline)) void cjs_block_finish(
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
    uint64_t escapes = escaped & inside;
    if (scalar_starts | escapes | classes->nonascii) {
        cjs_block_validate(stage, scalar_starts, escapes, classes->nonascii, block);
    }
}

/// Hides a mask's origin from the optimizer: without it, LLVM sees the masks as vectors of
/// compare bits and carries the bit arithmetic below into that domain one bit at a time
/// (measured: twice the instructions of the whole pass).
#define CJS_OPAQUE(mask) __asm__("" : "+r"(mask))

/// One block: escapes, unescaped quotes, their prefix XOR by `PREFIX_XOR`, then the rest.
#define CJS_BLOCK(stage, classes, block, PREFIX_XOR)                                   \
    do {                                                                               \
        CJS_OPAQUE((classes).quote);                                                   \
        CJS_OPAQUE((classes).backslash);                                               \
        CJS_OPAQUE((classes).op);                                                      \
        CJS_OPAQUE((classes).whitespace);                                              \
        CJS_OPAQUE((classes).control);                                                 \
        CJS_OPAQUE((classes).nonascii);                                                \
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
