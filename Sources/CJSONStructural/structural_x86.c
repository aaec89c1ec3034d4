// The x86-64 paths: SSE2 (every x86-64 CPU) and AVX2 with PCLMULQDQ (chosen at run time by
// `cjs_path_available`), each compiled for its instruction set with a target attribute so
// that the rest of the package keeps the baseline.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// the benchmarks (Benchmarks/bench_cost.py) run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so profiles still name these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

#if defined(__x86_64__) || defined(_M_X64)

// The compiler's vector extensions and its x86 builtins rather than <immintrin.h>: the
// intrinsics are written with casts, whose types clang keeps in the debug information.
typedef char cjs_v16 __attribute__((vector_size(16)));
typedef char cjs_v32 __attribute__((vector_size(32)));
typedef unsigned char cjs_u32 __attribute__((vector_size(32)));
typedef long long cjs_v2i64 __attribute__((vector_size(16)));
typedef long long cjs_v4i64 __attribute__((vector_size(32)));

/// A move mask (one bit per byte's high bit) as a 64-bit word.
static inline uint64_t cjs_mask16(int mask) {
    uint16_t low = mask;
    uint64_t wide = low;
    return wide;
}

static inline uint64_t cjs_mask32(int mask) {
    uint32_t low = mask;
    uint64_t wide = low;
    return wide;
}

// MARK: SSE2

#define CJS_SSE2 __attribute__((target("sse2")))

/// The classes of 16 bytes, as 16-bit masks placed at bit `shift`.
static inline CJS_SSE2 void cjs_classify16(cjs_v16 bytes, unsigned shift, cjs_classes *classes) {
    cjs_v16 folded = bytes | 0x20;  // '[' → '{', ']' → '}'
    cjs_v16 op = (folded == '{') | (folded == '}') | (bytes == ':') | (bytes == ',');
    cjs_v16 space = (bytes == ' ') | (bytes == '\n') | (bytes == '\r') | (bytes == '\t');
    cjs_v16 control = (bytes & 0xE0) == 0;  // below 0x20
    classes->quote |= cjs_mask16(__builtin_ia32_pmovmskb128(bytes == '"')) << shift;
    classes->backslash |= cjs_mask16(__builtin_ia32_pmovmskb128(bytes == '\\')) << shift;
    classes->op |= cjs_mask16(__builtin_ia32_pmovmskb128(op)) << shift;
    classes->whitespace |= cjs_mask16(__builtin_ia32_pmovmskb128(space)) << shift;
    classes->control |= cjs_mask16(__builtin_ia32_pmovmskb128(control)) << shift;
    classes->nonascii |= cjs_mask16(__builtin_ia32_pmovmskb128(bytes)) << shift;
}

static inline CJS_SSE2 void cjs_classify_sse2(const uint8_t *block, cjs_classes *classes) {
    memset(classes, 0, sizeof *classes);
    for (unsigned part = 0; part < 4; part++) {
        cjs_v16 bytes;
        memcpy(&bytes, block + 16 * part, sizeof bytes);
        cjs_classify16(bytes, 16 * part, classes);
    }
}

CJS_SSE2 cjs_status cjs_run_sse2(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_sse2, cjs_prefix_xor_shifts, CJS_NO_UTF8, CJS_HIGH);
    return cjs_result(stage);
}

// MARK: AVX2 and PCLMULQDQ

#define CJS_AVX2 __attribute__((target("avx2,pclmul,bmi,bmi2")))

/// The prefix XOR as one carry-less multiplication by all ones.
static inline CJS_AVX2 uint64_t cjs_prefix_xor_clmul(uint64_t word) {
    long long value = word;
    cjs_v2i64 operand = {value, 0};
    cjs_v2i64 ones = {-1, -1};
    cjs_v2i64 product = __builtin_ia32_pclmulqdq128(operand, ones, 0);
    uint64_t result = product[0];
    return result;
}

/// Both halves of a 64-byte block's masks, as one word.
static inline uint64_t cjs_join32(int low, int high) { return cjs_mask32(low) | cjs_mask32(high) << 32; }

#define CJS_SPLAT8(x) x, x, x, x, x, x, x, x
#define CJS_SPLAT32(x) CJS_SPLAT8(x), CJS_SPLAT8(x), CJS_SPLAT8(x), CJS_SPLAT8(x)

/// `table[nibble]` for each byte of `nibbles` (each below 16), in both 16-byte lanes.
static inline CJS_AVX2 cjs_u32 cjs_lookup(cjs_v32 table, cjs_u32 nibbles) {
    return __builtin_ia32_pshufb256(table, nibbles);
}

/// The classes of 64 bytes. Whitespace and `{ } [ ] : ,` by table lookups on the low four bits
/// (simdjson's method): a byte is whitespace when it equals its entry of the first table, an
/// operator when it equals, with bit 5 set (`[` → `{`), its entry of the second; a byte of 0x80
/// or more looks up zero and matches neither. Two controls pass for operators (0x0C and 0x1A,
/// with bit 5 set: `,` and `:`); `cjs_block_finish` refuses every control outside strings
/// that is not whitespace, so the masks of a document that passes are exact.
static inline CJS_AVX2 void cjs_classify_avx2(const uint8_t *block, cjs_classes *classes) {
    const cjs_v32 spaces = {
        ' ', -1, -1, -1, -1, -1, -1, -1, -1, '\t', '\n', -1, -1, '\r', -1, -1,
        ' ', -1, -1, -1, -1, -1, -1, -1, -1, '\t', '\n', -1, -1, '\r', -1, -1,
    };
    const cjs_v32 operators = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}', 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}', 0, 0,
    };
    cjs_v32 halves[2];
    int quote[2], backslash[2], op[2], space[2], low[2];
    memcpy(halves, block, sizeof halves);
    for (unsigned half = 0; half < 2; half++) {
        cjs_v32 bytes = halves[half];
        quote[half] = __builtin_ia32_pmovmskb256(bytes == '"');
        backslash[half] = __builtin_ia32_pmovmskb256(bytes == '\\');
        space[half] = __builtin_ia32_pmovmskb256(bytes == __builtin_ia32_pshufb256(spaces, bytes));
        op[half] = __builtin_ia32_pmovmskb256((bytes | 0x20) == __builtin_ia32_pshufb256(operators, bytes));
        // Below 0x20 as a signed byte: the controls, and the bytes of 0x80 or more (taken
        // out below, in the few blocks that have any). One compare instead of a minimum and
        // a compare.
        low[half] = __builtin_ia32_pmovmskb256(bytes < 0x20);
    }
    classes->quote = cjs_join32(quote[0], quote[1]);
    classes->backslash = cjs_join32(backslash[0], backslash[1]);
    classes->op = cjs_join32(op[0], op[1]);
    classes->whitespace = cjs_join32(space[0], space[1]);
    classes->control = cjs_join32(low[0], low[1]);
    // Only whether the block has a byte of 0x80 or more (for `cjs_utf8_block`): one test of
    // both halves' high bits. No path of AVX2 asks which, but the controls are told apart
    // from them.
    cjs_v4i64 wide[2];
    memcpy(wide, block, sizeof wide);
    const cjs_v4i64 top = {-0x7F7F7F7F7F7F7F80LL, -0x7F7F7F7F7F7F7F80LL, -0x7F7F7F7F7F7F7F80LL, -0x7F7F7F7F7F7F7F80LL};
    int high = !__builtin_ia32_ptestz256(wide[0] | wide[1], top);
    classes->nonascii = high;
    if (high) {
        classes->control &= ~cjs_join32(__builtin_ia32_pmovmskb256(halves[0]), __builtin_ia32_pmovmskb256(halves[1]));
    }
}

// MARK: UTF-8 in vectors

// UTF-8 by lookup tables (Keiser & Lemire, "Validating UTF-8 In Less Than One Instruction Per
// Byte", 2021). Every error of Unicode's Table 3-7 is visible in at most the two bytes it ends
// with (the lead and the next, or a continuation and the next), except a missing third or
// fourth byte. Three 16-entry tables, indexed by the high and low four bits of the previous
// byte and by the high four bits of the byte, each give the set of error kinds the pair could
// show; their intersection is the pair's errors. Bit 7 (two continuations in a row) is no
// error where a three- or four-byte lead two or three bytes back calls for one, and an error
// everywhere else: XOR with where such leads call for continuations flags both a continuation
// too many and one missing. A lead near the end of the document that calls for more bytes than
// are left is caught at the end.

#define CJS_TOO_SHORT 0x01  // a lead, then no continuation
#define CJS_TOO_LONG 0x02   // ASCII, then a continuation
#define CJS_OVERLONG_3 0x04 // E0, then 80…9F
#define CJS_TOO_LARGE 0x08  // F4, then 90…BF; F5 or more, then 90…BF
#define CJS_SURROGATE 0x10  // ED, then A0…BF
#define CJS_OVERLONG_2 0x20 // C0 or C1, then a continuation
#define CJS_TOO_LARGE_1000 0x40 // F5 or more, then 80…8F
#define CJS_OVERLONG_4 0x40 // F0, then 80…8F
#define CJS_TWO_CONTS 0x80  // a continuation, then another
#define CJS_CARRY (CJS_TOO_SHORT | CJS_TOO_LONG | CJS_TWO_CONTS)  // kinds that depend not on the low bits

/// The validation state carried from block to block, touched by non-ASCII blocks only.
typedef struct {
    cjs_u32 previous;  // the last 32 bytes of the last block that was not ASCII
    int failed;        // an error was found
} cjs_utf8;

/// The bytes of `input` each moved `N` places later, the first ones taken from the end of
/// `previous`: the byte `N` places before each byte of `input`.
#define CJS_BEFORE(input, previous, N) \
    __builtin_shufflevector((previous), (input), \
        32 - N, 33 - N, 34 - N, 35 - N, 36 - N, 37 - N, 38 - N, 39 - N, 40 - N, 41 - N, 42 - N, 43 - N, 44 - N, \
        45 - N, 46 - N, 47 - N, 48 - N, 49 - N, 50 - N, 51 - N, 52 - N, 53 - N, 54 - N, 55 - N, 56 - N, 57 - N, \
        58 - N, 59 - N, 60 - N, 61 - N, 62 - N, 63 - N)


// The three tables, sixteen entries each, repeated in every 16-byte lane of a vector.
#define CJS_FIRST_HIGH                                                                                        \
    CJS_TOO_LONG, CJS_TOO_LONG, CJS_TOO_LONG, CJS_TOO_LONG, CJS_TOO_LONG, CJS_TOO_LONG, CJS_TOO_LONG,         \
        CJS_TOO_LONG, CJS_TWO_CONTS, CJS_TWO_CONTS, CJS_TWO_CONTS, CJS_TWO_CONTS, CJS_TOO_SHORT | CJS_OVERLONG_2, \
        CJS_TOO_SHORT, CJS_TOO_SHORT | CJS_OVERLONG_3 | CJS_SURROGATE,                                        \
        CJS_TOO_SHORT | CJS_TOO_LARGE | CJS_TOO_LARGE_1000 | CJS_OVERLONG_4
#define CJS_LARGE (CJS_CARRY | CJS_TOO_LARGE | CJS_TOO_LARGE_1000)
#define CJS_FIRST_LOW                                                                                        \
    CJS_CARRY | CJS_OVERLONG_3 | CJS_OVERLONG_2 | CJS_OVERLONG_4, CJS_CARRY | CJS_OVERLONG_2, CJS_CARRY,      \
        CJS_CARRY, CJS_CARRY | CJS_TOO_LARGE, CJS_LARGE, CJS_LARGE, CJS_LARGE, CJS_LARGE, CJS_LARGE, CJS_LARGE, \
        CJS_LARGE, CJS_LARGE, CJS_LARGE | CJS_SURROGATE, CJS_LARGE, CJS_LARGE
#define CJS_CONT_8 (CJS_TOO_LONG | CJS_OVERLONG_2 | CJS_TWO_CONTS | CJS_OVERLONG_3 | CJS_TOO_LARGE_1000 | CJS_OVERLONG_4)
#define CJS_CONT_9 (CJS_TOO_LONG | CJS_OVERLONG_2 | CJS_TWO_CONTS | CJS_OVERLONG_3 | CJS_TOO_LARGE)
#define CJS_CONT_AB (CJS_TOO_LONG | CJS_OVERLONG_2 | CJS_TWO_CONTS | CJS_SURROGATE | CJS_TOO_LARGE)
#define CJS_SECOND_HIGH                                                                                      \
    CJS_TOO_SHORT, CJS_TOO_SHORT, CJS_TOO_SHORT, CJS_TOO_SHORT, CJS_TOO_SHORT, CJS_TOO_SHORT, CJS_TOO_SHORT, \
        CJS_TOO_SHORT, CJS_CONT_8, CJS_CONT_9, CJS_CONT_AB, CJS_CONT_AB, CJS_TOO_SHORT, CJS_TOO_SHORT,       \
        CJS_TOO_SHORT, CJS_TOO_SHORT

/// The errors of the 32 bytes `input`, whose 32 predecessors are `previous`.
static inline CJS_AVX2 cjs_u32 cjs_utf8_errors(cjs_u32 input, cjs_u32 previous) {
    const cjs_v32 first_high = {CJS_FIRST_HIGH, CJS_FIRST_HIGH};
    const cjs_v32 first_low = {CJS_FIRST_LOW, CJS_FIRST_LOW};
    const cjs_v32 second_high = {CJS_SECOND_HIGH, CJS_SECOND_HIGH};
    cjs_u32 before1 = CJS_BEFORE(input, previous, 1);
    cjs_u32 before2 = CJS_BEFORE(input, previous, 2);
    cjs_u32 before3 = CJS_BEFORE(input, previous, 3);
    cjs_u32 pairs = cjs_lookup(first_high, before1 >> 4) & cjs_lookup(first_low, before1 & 0x0F)
        & cjs_lookup(second_high, input >> 4);
    // 0x80 where a lead two bytes back (E0 or more) or three back (F0 or more) calls for a
    // continuation here.
    const cjs_u32 third = {CJS_SPLAT32(0xE0 - 0x80)};
    const cjs_u32 fourth = {CJS_SPLAT32(0xF0 - 0x80)};
    cjs_u32 called = (__builtin_elementwise_sub_sat(before2, third) | __builtin_elementwise_sub_sat(before3, fourth)) & 0x80;
    return pairs ^ called;
}

/// Validates block `index` of the pass, `block` its bytes, one of them not ASCII (an ASCII
/// block needs nothing): a non-ASCII block that ends in the middle of a sequence looks at
/// the next byte of the document, which must then be non-ASCII (its block validated in turn,
/// with this one's last bytes before it) and not the document's end.
static inline CJS_AVX2 void cjs_utf8_block(
    cjs_utf8 *state, const cjs_stage1 *stage, const uint8_t *block, size_t index) {
    // The most a byte may be at each place without calling for more bytes than the block has.
    const cjs_u32 most = {
        CJS_SPLAT8(255), CJS_SPLAT8(255), CJS_SPLAT8(255), 255, 255, 255, 255, 255, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1,
    };
    cjs_u32 halves[2];
    memcpy(halves, block, sizeof halves);
    const cjs_u32 zero = {0};
    cjs_u32 errors = cjs_utf8_errors(halves[0], state->previous) | cjs_utf8_errors(halves[1], halves[0]);
    state->failed |= __builtin_ia32_pmovmskb256(errors != zero);
    state->previous = halves[1];
    if (__builtin_ia32_pmovmskb256(__builtin_elementwise_sub_sat(halves[1], most) != zero)) {
        size_t next = 64 * index + 64;
        if (next >= stage->count || stage->bytes[next] < 0x80) state->failed = 1;
    }
}

#define CJS_NO_HIGH(classes) 0

/// The most blocks the x86 loop runs between two rounds of the checks it keeps (`cjs_pending`).
#define CJS_CHUNK 64

/// The checks of up to `CJS_CHUNK` blocks, in block order, kept for `cjs_pending_validate` (and
/// `cjs_pending_escapes_avx512`): the loop over the blocks then calls nothing, and keeps its
/// carries and constants in registers. `escapes` and `block` for `cjs_block_validate`; `high`,
/// the blocks that are not ASCII, for `cjs_utf8_block` (the AVX2 pass's; the AVX-512 pass
/// validates them in its loop).
typedef struct {
    uint64_t escapes[CJS_CHUNK];
    size_t block[CJS_CHUNK];
    size_t high[CJS_CHUNK];
    size_t count;
    size_t high_count;
} cjs_pending;

/// Keeps a block's checks in `pending`, or runs them at once when there is none.
static inline __attribute__((always_inline)) void cjs_pending_add(
    cjs_stage1 *stage, cjs_pending *pending, uint64_t escapes, size_t block) {
    if (!pending) {
        cjs_block_validate(stage, escapes, 0, block);
        return;
    }
    size_t count = pending->count;
    pending->escapes[count] = escapes;
    pending->block[count] = block;
    pending->count = count + 1;
}

/// A block that is not ASCII: its UTF-8 validated at once by the path's `UTF8_BLOCK` when
/// there is no `pending` or `KEEP` is 0, else kept in `pending`.
#define CJS_PENDING_HIGH(stage, pending, utf8, pointer, block, UTF8_BLOCK, KEEP) \
    do {                                                                        \
        if (!(pending) || !(KEEP)) {                                            \
            UTF8_BLOCK((utf8), (stage), (pointer), (block));                    \
        } else {                                                                \
            (pending)->high[(pending)->high_count] = (block);                   \
            (pending)->high_count++;                                            \
        }                                                                       \
    } while (0)

/// Runs the checks kept in `pending`, each kind in the order of its blocks, and empties it.
static CJS_AVX2 __attribute__((noinline)) void cjs_pending_validate(
    cjs_stage1 *stage, cjs_pending *pending, cjs_utf8 *utf8) {
    for (size_t entry = 0; entry < pending->high_count; entry++) {
        size_t block = pending->high[entry];
        cjs_utf8_block(utf8, stage, stage->bytes + 64 * block, block);
    }
    for (size_t entry = 0; entry < pending->count; entry++) {
        cjs_block_validate(stage, pending->escapes[entry], 0, pending->block[entry]);
    }
    pending->count = 0;
    pending->high_count = 0;
}

#define CJS_X86_VALIDATE(stage, escapes, high, block) cjs_pending_add((stage), pending, (escapes), (block))

/// The two block functions of an x86 path compiled for `TARGET`, with its `CLASSIFY(block,
/// classes)` and its `UTF8_BLOCK` (the UTF-8 of a block that is not ASCII, kept in `pending`
/// when `KEEP_UTF8` is 1, validated in the loop when 0):
/// - `cjs_block_<path>(stage, carry, utf8, pending, tokens, pointer, index)`, one block:
///   `pointer` its 64 bytes, `index` its place in the document; its checks kept in `pending`, or
///   run at once when NULL;
/// - `cjs_padded_block_<path>(stage, carry, utf8, index)`, a block not wholly inside the document
///   (the last, partial one; the first after a byte order mark), from a padded copy
///   (`cjs_pad_block`), its checks run at once. Out of line: at most two blocks of a document
///   come here, and the loop over the others keeps its state in registers.
#define CJS_X86_BLOCKS(path, TARGET, CLASSIFY, UTF8_BLOCK, KEEP_UTF8)                                      \
    static inline TARGET __attribute__((always_inline)) void cjs_block_##path(                             \
        cjs_stage1 *stage, cjs_carry *carry, cjs_utf8 *utf8, cjs_pending *pending, uint64_t *tokens,      \
        const uint8_t *pointer, size_t index) {                                                            \
        cjs_classes classes;                                                                               \
        CLASSIFY(pointer, &classes);                                                                       \
        if (classes.nonascii) CJS_PENDING_HIGH(stage, pending, utf8, pointer, index, UTF8_BLOCK, KEEP_UTF8); \
        CJS_BLOCK_CHECKED(stage, *carry, tokens, classes, pointer, index, cjs_prefix_xor_clmul, CJS_NO_HIGH, \
            CJS_X86_VALIDATE);                                                                             \
    }                                                                                                      \
    static TARGET __attribute__((noinline)) void cjs_padded_block_##path(                                  \
        cjs_stage1 *stage, cjs_carry *carry, cjs_utf8 *utf8, size_t index) {                              \
        uint8_t padded[64];                                                                                \
        cjs_pad_block(stage, index, padded);                                                               \
        cjs_block_##path(stage, carry, utf8, 0, stage->tokens, padded, index);                            \
    }

CJS_X86_BLOCKS(avx2, CJS_AVX2, cjs_classify_avx2, cjs_utf8_block, 1)

/// The loop of the AVX2 and AVX-512 passes, with a path's `BLOCK(stage, carry, utf8, pending,
/// tokens, pointer, index)`, `PADDED(stage, carry, utf8, index)`, `VALIDATE(stage, pending,
/// utf8)` and `UNROLL`, a loop pragma: its own rather than `CJS_RUN`, so that the blocks wholly
/// inside the document run one after the other with the carries, the token pointer and the
/// vector constants in registers: the checks they keep are kept for `CJS_CHUNK` blocks at a
/// time and run after them by `VALIDATE`, in block order (the padded blocks, before and after
/// them, are out of line).
#define CJS_X86_RUN(stage, BLOCK, PADDED, VALIDATE, UNROLL)                                                  \
    do {                                                                                   \
        cjs_utf8 cjs_run_utf8;                                                             \
        memset(&cjs_run_utf8, 0, sizeof cjs_run_utf8);                                     \
        cjs_carry cjs_run_carry = {0, 0, 0};                                               \
        size_t cjs_blocks = cjs_token_words((stage)->count);                               \
        size_t cjs_direct_from = ((stage)->start + 63) / 64;                               \
        size_t cjs_direct_to = (stage)->count / 64;                                        \
        size_t cjs_index = 0;                                                              \
        for (; cjs_index < cjs_blocks && (cjs_index < cjs_direct_from || cjs_index >= cjs_direct_to); cjs_index++) { \
            PADDED((stage), &cjs_run_carry, &cjs_run_utf8, cjs_index);                     \
        }                                                                                  \
        if (cjs_index < cjs_direct_to) {                                                   \
            /* Copies: the carries no call sees stay in registers (the UTF-8 state is  \
               touched only by the rounds of checks). */                                   \
            cjs_carry cjs_direct_carry = cjs_run_carry;                                    \
            cjs_utf8 cjs_direct_utf8 = cjs_run_utf8;                                       \
            cjs_pending cjs_run_pending;                                                   \
            cjs_run_pending.count = 0;                                                     \
            cjs_run_pending.high_count = 0;                                                \
            uint64_t *cjs_tokens = (stage)->tokens;                                        \
            const uint8_t *cjs_pointer = (stage)->bytes + 64 * cjs_index;                  \
            while (cjs_index < cjs_direct_to) {                                            \
                size_t cjs_chunk_end = cjs_direct_to - cjs_index > CJS_CHUNK ? cjs_index + CJS_CHUNK : cjs_direct_to; \
                /* Unrolled `UNROLL` times (a pragma): the carries pass from one copy of \
                   the block to the next in registers, without the moves that close each   \
                   turn of the loop. */                                                    \
                UNROLL                                                                     \
                for (; cjs_index < cjs_chunk_end; cjs_index++, cjs_pointer += 64) {        \
                    BLOCK((stage), &cjs_direct_carry, &cjs_direct_utf8, &cjs_run_pending, cjs_tokens, cjs_pointer, \
                        cjs_index);                                                        \
                }                                                                          \
                if (cjs_run_pending.count | cjs_run_pending.high_count) {                  \
                    VALIDATE((stage), &cjs_run_pending, &cjs_direct_utf8);                 \
                }                                                                          \
            }                                                                              \
            cjs_run_carry = cjs_direct_carry;                                              \
            cjs_run_utf8 = cjs_direct_utf8;                                                \
        }                                                                                  \
        for (; cjs_index < cjs_blocks; cjs_index++) PADDED((stage), &cjs_run_carry, &cjs_run_utf8, cjs_index); \
        if (cjs_run_carry.prev_in_string) cjs_fail((stage), CJS_ERROR_UNTERMINATED);       \
        if (cjs_run_utf8.failed) cjs_fail((stage), CJS_ERROR_UTF8);                        \
    } while (0)

/// The AVX2 pass.
CJS_AVX2 cjs_status cjs_run_avx2(cjs_stage1 *stage) {
    CJS_X86_RUN(stage, cjs_block_avx2, cjs_padded_block_avx2, cjs_pending_validate,
        _Pragma("clang loop unroll_count(4)"));
    return cjs_result(stage);
}

// MARK: AVX-512

#define CJS_AVX512 __attribute__((target("avx512f,avx512bw,avx2,pclmul,bmi,bmi2")))

typedef char cjs_v64 __attribute__((vector_size(64)));

#define CJS_SPLAT64(x) CJS_SPLAT32(x), CJS_SPLAT32(x)
#define CJS_EQUAL 0
#define CJS_LESS 1
#define CJS_NOT_EQUAL 4

/// The bytes of `bytes` equal to those of `other`, one bit each: a compare into a mask register.
static inline CJS_AVX512 uint64_t cjs_equal64(cjs_v64 bytes, cjs_v64 other) {
    return __builtin_ia32_cmpb512_mask(bytes, other, CJS_EQUAL, ~0ULL);
}

/// The classes of 64 bytes in one register, each mask from one compare: whitespace and
/// `{ } [ ] : ,` by the lookups of `cjs_classify_avx2` (each 16-byte lane looks up its own copy
/// of the table; 0x0C and 0x1A pass for operators as there), the controls by an unsigned
/// compare.
static inline CJS_AVX512 void cjs_classify_avx512(const uint8_t *block, cjs_classes *classes) {
#define CJS_SPACES ' ', -1, -1, -1, -1, -1, -1, -1, -1, '\t', '\n', -1, -1, '\r', -1, -1
#define CJS_OPERATORS 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ':', '{', ',', '}', 0, 0
    const cjs_v64 spaces = {CJS_SPACES, CJS_SPACES, CJS_SPACES, CJS_SPACES};
    const cjs_v64 operators = {CJS_OPERATORS, CJS_OPERATORS, CJS_OPERATORS, CJS_OPERATORS};
#undef CJS_SPACES
#undef CJS_OPERATORS
    const cjs_v64 quote = {CJS_SPLAT64('"')};
    const cjs_v64 backslash = {CJS_SPLAT64('\\')};
    const cjs_v64 space = {CJS_SPLAT64(0x20)};
    const cjs_v64 zero = {0};
    cjs_v64 bytes;
    memcpy(&bytes, block, sizeof bytes);
    classes->quote = cjs_equal64(bytes, quote);
    classes->backslash = cjs_equal64(bytes, backslash);
    classes->whitespace = cjs_equal64(bytes, __builtin_ia32_pshufb512(spaces, bytes));
    classes->op = cjs_equal64(bytes | space, __builtin_ia32_pshufb512(operators, bytes));
    classes->control = __builtin_ia32_ucmpb512_mask(bytes, space, CJS_LESS, ~0ULL);
    classes->nonascii = __builtin_ia32_cmpb512_mask(bytes, zero, CJS_LESS, ~0ULL);
}

// MARK: UTF-8 in 64-byte vectors

typedef unsigned char cjs_u64v __attribute__((vector_size(64)));

/// The bytes of `input` each moved `N` places later, the first ones taken from the end of
/// `previous` (`CJS_BEFORE` on 64 bytes).
#define CJS_BEFORE64(input, previous, N) \
    __builtin_shufflevector((previous), (input), \
        64 - N, 65 - N, 66 - N, 67 - N, 68 - N, 69 - N, 70 - N, 71 - N, 72 - N, 73 - N, 74 - N, 75 - N, \
        76 - N, 77 - N, 78 - N, 79 - N, 80 - N, 81 - N, 82 - N, 83 - N, 84 - N, 85 - N, 86 - N, 87 - N, \
        88 - N, 89 - N, 90 - N, 91 - N, 92 - N, 93 - N, 94 - N, 95 - N, 96 - N, 97 - N, 98 - N, 99 - N, \
        100 - N, 101 - N, 102 - N, 103 - N, 104 - N, 105 - N, 106 - N, 107 - N, 108 - N, 109 - N, 110 - N, 111 - N, \
        112 - N, 113 - N, 114 - N, 115 - N, 116 - N, 117 - N, 118 - N, 119 - N, 120 - N, 121 - N, 122 - N, 123 - N, \
        124 - N, 125 - N, 126 - N, 127 - N)

/// The errors of the 64 bytes `input`, whose 64 predecessors are `previous`: the tables and
/// steps of `cjs_utf8_errors` on one register.
static inline CJS_AVX512 cjs_u64v cjs_utf8_errors_avx512(cjs_u64v input, cjs_u64v previous) {
    const cjs_v64 first_high = {CJS_FIRST_HIGH, CJS_FIRST_HIGH, CJS_FIRST_HIGH, CJS_FIRST_HIGH};
    const cjs_v64 first_low = {CJS_FIRST_LOW, CJS_FIRST_LOW, CJS_FIRST_LOW, CJS_FIRST_LOW};
    const cjs_v64 second_high = {CJS_SECOND_HIGH, CJS_SECOND_HIGH, CJS_SECOND_HIGH, CJS_SECOND_HIGH};
    cjs_u64v before1 = CJS_BEFORE64(input, previous, 1);
    cjs_u64v before2 = CJS_BEFORE64(input, previous, 2);
    cjs_u64v before3 = CJS_BEFORE64(input, previous, 3);
    cjs_u64v pairs = __builtin_ia32_pshufb512(first_high, before1 >> 4)
        & __builtin_ia32_pshufb512(first_low, before1 & 0x0F) & __builtin_ia32_pshufb512(second_high, input >> 4);
    const cjs_u64v third = {CJS_SPLAT64(0xE0 - 0x80)};
    const cjs_u64v fourth = {CJS_SPLAT64(0xF0 - 0x80)};
    cjs_u64v called =
        (__builtin_elementwise_sub_sat(before2, third) | __builtin_elementwise_sub_sat(before3, fourth)) & 0x80;
    return pairs ^ called;
}

/// Whether any byte of `bytes` is not zero.
static inline CJS_AVX512 int cjs_any64(cjs_u64v bytes) {
    const cjs_u64v zero = {0};
    return __builtin_ia32_ucmpb512_mask(bytes, zero, CJS_NOT_EQUAL, ~0ULL) != 0;
}

/// `cjs_utf8_block` on one 64-byte register: the same state (the last 32 bytes of the last
/// block that was not ASCII) and the same promises.
static inline CJS_AVX512 void cjs_utf8_block_avx512(
    cjs_utf8 *state, const cjs_stage1 *stage, const uint8_t *block, size_t index) {
    // The most a byte may be at each place without calling for more bytes than the block has.
    const cjs_u64v most = {
        CJS_SPLAT32(255), CJS_SPLAT8(255), CJS_SPLAT8(255), CJS_SPLAT8(255), 255, 255, 255, 255, 255,
        0xF0 - 1, 0xE0 - 1, 0xC0 - 1,
    };
    cjs_u64v bytes;
    memcpy(&bytes, block, sizeof bytes);
    // Only the last three bytes of `previous` are looked at.
    cjs_u64v previous = __builtin_shufflevector(state->previous, state->previous,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    state->failed |= cjs_any64(cjs_utf8_errors_avx512(bytes, previous));
    state->previous = __builtin_shufflevector(bytes, bytes,
        32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
    if (cjs_any64(__builtin_elementwise_sub_sat(bytes, most))) {
        size_t next = 64 * index + 64;
        if (next >= stage->count || stage->bytes[next] < 0x80) state->failed = 1;
    }
}

/// The escapes kept in `pending` (the AVX-512 pass keeps no UTF-8 there), run in block order;
/// empties it.
static CJS_AVX512 __attribute__((noinline)) void cjs_pending_escapes_avx512(
    cjs_stage1 *stage, cjs_pending *pending) {
    for (size_t entry = 0; entry < pending->count; entry++) {
        cjs_block_validate(stage, pending->escapes[entry], 0, pending->block[entry]);
    }
    pending->count = 0;
}

/// The AVX-512 pass's `VALIDATE` for `CJS_X86_RUN`: the UTF-8 state is not passed, so that the
/// loop keeps it in registers.
#define CJS_PENDING_VALIDATE_AVX512(stage, pending, utf8) cjs_pending_escapes_avx512((stage), (pending))

/// The AVX-512 pass's blocks: the AVX2 pass's with the classes of `cjs_classify_avx512`, and the
/// UTF-8 of a block that is not ASCII validated in the loop by `cjs_utf8_block_avx512` (with
/// thirty-two vector registers the loop keeps its tables in them, and the block in hand).
CJS_X86_BLOCKS(avx512, CJS_AVX512, cjs_classify_avx512, cjs_utf8_block_avx512, 0)

/// The AVX-512 pass. Its loop is not unrolled: one copy of the block keeps the block's pointer
/// in a register, where four copies kept it on the stack.
CJS_AVX512 cjs_status cjs_run_avx512(cjs_stage1 *stage) {
    CJS_X86_RUN(stage, cjs_block_avx512, cjs_padded_block_avx512, CJS_PENDING_VALIDATE_AVX512,
        _Pragma("clang loop unroll(disable)"));
    return cjs_result(stage);
}

#endif

#if defined(__clang__)
#pragma clang attribute pop
#endif
