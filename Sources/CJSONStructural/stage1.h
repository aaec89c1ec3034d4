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
    uint64_t nonascii;    // 0x80 and above (AVX2: only nonzero when the block has any)
} cjs_classes;

/// What carries from one block to the next. A local of the block loop, apart from the pass's
/// state: stores to the token masks could alias the pass's fields, not this.
typedef struct {
    uint64_t prev_escaped;    // 1 when the block's first byte follows an odd backslash run
    uint64_t prev_in_string;  // all ones when the block starts inside a string
    uint64_t prev_scalar;     // 1 when the previous block ended inside a number or literal
} cjs_carry;

/// The pass over one document: input, output, how far the byte-level validators have gone,
/// and the problems found.
typedef struct {
    const uint8_t *bytes;
    size_t count;
    size_t start;             // bytes before this offset are read as spaces (a byte order mark)
    uint64_t *tokens;
    uint64_t *escape_blocks;  // bit per block with an escape inside a string, or NULL
    size_t utf8_done;         // bytes before this offset are known to be UTF-8
    size_t escape_done;       // escaped bytes before this offset were checked with their escape
    unsigned errors;          // bit s set: a problem of status s was found
} cjs_stage1;

int cjs_valid_escape(const uint8_t *bytes, size_t count, size_t offset, size_t *checked_to);
int cjs_valid_utf8_run(const uint8_t *bytes, size_t count, size_t offset, size_t *end);

cjs_status cjs_run_scalar(cjs_stage1 *stage);
#if defined(__x86_64__) || defined(_M_X64)
cjs_status cjs_run_sse2(cjs_stage1 *stage);
cjs_status cjs_run_avx2(cjs_stage1 *stage);
cjs_status cjs_run_avx512(cjs_stage1 *stage);
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

/// The bytes that follow an odd-length run of backslashes (the escaped ones, no backslash
/// among them), runs crossing blocks included. `prev_escaped` is 1 when the previous block
/// ended inside a run of odd length so far; it is updated for the next.
/// A block with a backslash is marked in the pass's escape map, when it has one (in a valid
/// document every backslash is in a string: the map's promise, that a string in unmarked
/// blocks has no escapes, holds).
static inline __attribute__((always_inline)) uint64_t cjs_escaped(
    uint64_t backslash, uint64_t *prev_escaped, cjs_stage1 *stage, size_t block) {
    if (!backslash) {
        // Most blocks: only a run ending the previous block can escape the first byte.
        uint64_t escaped = *prev_escaped;
        *prev_escaped = 0;
        return escaped;
    }
    if (stage->escape_blocks) stage->escape_blocks[block / 64] |= 1ULL << (block % 64);
    // The backslashes that may escape (all but one escaped by the previous block), each
    // subtracted from the byte after it with every odd bit set: the borrow runs through each
    // series of them, and the XOR with the odd bits leaves, from the parity of where a series
    // starts, its escaping backslashes and the byte after it when that byte is escaped
    // (simdjson's method, one constant). Of the escaped bytes, the backslashes are left out.
    const uint64_t odd_bits = 0xAAAAAAAAAAAAAAAAULL;
    uint64_t potential = backslash & ~*prev_escaped;
    uint64_t code = ((potential << 1 | odd_bits) - potential) ^ odd_bits;
    uint64_t escaped = code ^ (backslash | *prev_escaped);
    *prev_escaped = (code & backslash) >> 63;
    return escaped & ~backslash;
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

/// Records a problem of the document. Every block is checked to the end, whatever it finds, so
/// that the set of problems (and so the status reported: the first of them in `cjs_status`
/// order) is the same on every path, however each path places its checks.
static inline void cjs_fail(cjs_stage1 *stage, cjs_status status) { stage->errors |= 1u << status; }

/// The status of the pass: the first problem found in `cjs_status` order, or `CJS_OK`.
static inline cjs_status cjs_result(cjs_stage1 *stage) {
    if (!stage->errors) return CJS_OK;
    switch (__builtin_ctz(stage->errors)) {
    case CJS_ERROR_UTF8: return CJS_ERROR_UTF8;
    case CJS_ERROR_CONTROL: return CJS_ERROR_CONTROL;
    case CJS_ERROR_ESCAPE: return CJS_ERROR_ESCAPE;
    case CJS_ERROR_UNTERMINATED: return CJS_ERROR_UNTERMINATED;
    default: return CJS_ERROR_SCALAR;
    }
}

/// The checks that need the bytes themselves, for what the masks of one block point at: the
/// escapes, the runs of non-ASCII bytes `high` (paths that do not validate UTF-8 in vectors).
/// Out of line, so that the block loop keeps its vector constants in registers.
void cjs_block_validate(cjs_stage1 *stage, uint64_t escapes, uint64_t high, size_t block);

/// The string mask and the token mask of block `block` from its classes and the prefix XOR of
/// its unescaped quotes; the controls checked. Writes the bytes inside strings to `*inside_out`.
static inline __attribute__((always_inline)) void cjs_block_tokens(
    cjs_stage1 *stage, cjs_carry *carry, uint64_t *tokens, const cjs_classes *classes, uint64_t quotes,
    uint64_t quote_prefix, size_t block, uint64_t *inside_out) {
    // In a string: from its opening quote (included) to its closing quote (excluded).
    uint64_t inside = quote_prefix ^ carry->prev_in_string;
    carry->prev_in_string = 0 - (inside >> 63);
    *inside_out = inside;
    // Controls: none inside strings, and outside them only the three of whitespace.
    if (classes->control & (inside | ~classes->whitespace)) {
        if (classes->control & inside) cjs_fail(stage, CJS_ERROR_CONTROL);
        if (classes->control & ~inside & ~classes->whitespace) cjs_fail(stage, CJS_ERROR_SCALAR);
    }
    uint64_t scalar = ~(classes->whitespace | classes->op | classes->quote | inside);
    uint64_t scalar_starts = scalar & ~((scalar << 1) | carry->prev_scalar);
    carry->prev_scalar = scalar >> 63;
    tokens[block] = (classes->op & ~inside) | (quotes & inside) | scalar_starts;
}

/// Hides a mask's origin from the optimizer: without it, LLVM sees the masks as vectors of
/// compare bits and carries the bit arithmetic below into that domain one bit at a time,
/// which is slower than the whole pass (docs/decisions/030-json-reader.md).
#define CJS_OPAQUE(mask) __asm__("" : "+r"(mask))

/// One block at `pointer`: escapes, unescaped quotes, their prefix XOR by `PREFIX_XOR`, the
/// masks, then the checks of what they point at: escapes, and `HIGH`, the non-ASCII bytes for
/// `cjs_block_validate` (or 0 when the path validates UTF-8 itself). What the masks leave to
/// the bytes goes to `VALIDATE(stage, escapes, high, block)`, which runs `cjs_block_validate`
/// on it at once, or keeps it for a later round in block order. Numbers and literals are not
/// checked here: only where they start is marked (the grammar walk checks their spelling).
#define CJS_BLOCK_CHECKED(stage, carry, tokens, classes, pointer, block, PREFIX_XOR, HIGH, VALIDATE) \
    do {                                                                               \
        CJS_OPAQUE((classes).quote);                                                   \
        CJS_OPAQUE((classes).backslash);                                               \
        CJS_OPAQUE((classes).op);                                                      \
        CJS_OPAQUE((classes).whitespace);                                              \
        CJS_OPAQUE((classes).control);                                                 \
        uint64_t cjs_escaped_bytes = cjs_escaped((classes).backslash, &(carry).prev_escaped, (stage), (block)); \
        uint64_t cjs_quotes = (classes).quote & ~cjs_escaped_bytes;                    \
        uint64_t cjs_inside;                                                           \
        cjs_block_tokens((stage), &(carry), (tokens), &(classes), cjs_quotes, PREFIX_XOR(cjs_quotes), (block), \
            &cjs_inside);                                                              \
        uint64_t cjs_escapes = cjs_escaped_bytes & cjs_inside;                         \
        uint64_t cjs_high = HIGH(classes);                                             \
        if (__builtin_expect((cjs_escapes | cjs_high) != 0, 0)) VALIDATE((stage), cjs_escapes, cjs_high, (block)); \
    } while (0)

/// `CJS_BLOCK_CHECKED` with the checks run at once.
#define CJS_BLOCK(stage, carry, tokens, classes, pointer, block, PREFIX_XOR, HIGH) \
    CJS_BLOCK_CHECKED(stage, carry, tokens, classes, pointer, block, PREFIX_XOR, HIGH, cjs_block_validate)

/// Copies block `block` into `padded`, with spaces (which start no token) for the bytes before
/// the pass's start and after the document's end.
static inline void cjs_pad_block(const cjs_stage1 *stage, size_t block, uint8_t *padded) {
    memset(padded, ' ', 64);
    size_t base = 64 * block;
    size_t from = stage->start > base ? stage->start - base : 0;
    size_t to = stage->count - base < 64 ? stage->count - base : 64;
    if (from < to) memcpy(padded + from, stage->bytes + base + from, to - from);
}

/// The whole pass with one path's `CLASSIFY(pointer, &classes)`, `PREFIX_XOR(word)`,
/// `UTF8(pointer, index, &classes)` (a path's own UTF-8 validation of the block, or nothing),
/// and `HIGH(classes)` (see `CJS_BLOCK`): the blocks wholly inside the document in place, the
/// others (the last, partial one; the first when the pass starts after a byte order mark) from
/// a padded copy. The caller then calls `cjs_result`.
#define CJS_RUN(stage, CLASSIFY, PREFIX_XOR, UTF8, HIGH)                       \
    do {                                                                               \
        cjs_classes cjs_block_classes;                                                 \
        cjs_carry cjs_block_carry = {0, 0, 0};                                         \
        uint64_t *cjs_tokens = (stage)->tokens;                                        \
        const uint8_t *cjs_bytes = (stage)->bytes;                                     \
        uint8_t cjs_padded[64];                                                        \
        size_t cjs_blocks = cjs_token_words((stage)->count);                           \
        size_t cjs_direct_from = ((stage)->start + 63) / 64;                           \
        size_t cjs_direct_to = (stage)->count / 64;                                    \
        for (size_t cjs_index = 0; cjs_index < cjs_blocks;) {                          \
            if (cjs_index >= cjs_direct_from && cjs_index < cjs_direct_to) {           \
                for (; cjs_index < cjs_direct_to; cjs_index++) {                       \
                    const uint8_t *cjs_pointer = cjs_bytes + 64 * cjs_index;      \
                    CLASSIFY(cjs_pointer, &cjs_block_classes);                         \
                    UTF8(cjs_pointer, cjs_index, &cjs_block_classes);                             \
                    CJS_BLOCK(stage, cjs_block_carry, cjs_tokens, cjs_block_classes, cjs_pointer, cjs_index, PREFIX_XOR, \
                        HIGH);                                                         \
                }                                                                      \
            } else {                                                                   \
                cjs_pad_block((stage), cjs_index, cjs_padded);                         \
                CLASSIFY(cjs_padded, &cjs_block_classes);                              \
                UTF8(cjs_padded, cjs_index, &cjs_block_classes);                                  \
                CJS_BLOCK(stage, cjs_block_carry, cjs_tokens, cjs_block_classes, cjs_padded, cjs_index, PREFIX_XOR, HIGH); \
                cjs_index++;                                                           \
            }                                                                          \
        }                                                                              \
        if (cjs_block_carry.prev_in_string) cjs_fail((stage), CJS_ERROR_UNTERMINATED); \
    } while (0)

/// For paths that leave UTF-8 to `cjs_block_validate`.
#define CJS_NO_UTF8(pointer, index, classes) \
    do {                                \
    } while (0)
#define CJS_HIGH(classes) ((classes).nonascii)

#endif
