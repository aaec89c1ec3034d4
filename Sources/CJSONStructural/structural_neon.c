// The arm64 path: NEON compares, 64 flags packed into a word by pairwise additions of
// per-lane bit weights, and the prefix XOR as a polynomial multiplication when the CPU has
// the cryptography extension (every Apple arm64 CPU), else the shift cascade.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// the benchmarks (Benchmarks/bench_cost.py) run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so profiles still name these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

#if defined(__aarch64__) || defined(_M_ARM64)
#include <arm_neon.h>

/// Four 16-byte compare results (0x00 or 0xFF per lane) as one 64-bit mask.
static inline uint64_t cjs_neon_mask(uint8x16_t first, uint8x16_t second, uint8x16_t third, uint8x16_t fourth) {
    const uint8x16_t weights = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint8x16_t low = vpaddq_u8(vandq_u8(first, weights), vandq_u8(second, weights));
    uint8x16_t high = vpaddq_u8(vandq_u8(third, weights), vandq_u8(fourth, weights));
    uint8x16_t sums = vpaddq_u8(low, high);
    sums = vpaddq_u8(sums, sums);
    return vgetq_lane_u64(vreinterpretq_u64_u8(sums), 0);
}

static inline uint64_t cjs_prefix_xor_neon(uint64_t word) {
#if defined(__ARM_FEATURE_AES) || defined(__ARM_FEATURE_CRYPTO)
    poly64_t value = word;
    poly64_t ones = ~0ULL;
    return vgetq_lane_u64(vreinterpretq_u64_p128(vmull_p64(value, ones)), 0);
#else
    return cjs_prefix_xor_shifts(word);
#endif
}

static inline void cjs_classify_neon(const uint8_t *block, cjs_classes *classes) {
    uint8x16_t quote[4], backslash[4], op[4], space[4], control[4], high[4];
    for (unsigned part = 0; part < 4; part++) {
        uint8x16_t bytes = vld1q_u8(block + 16 * part);
        uint8x16_t folded = vorrq_u8(bytes, vdupq_n_u8(0x20));
        quote[part] = vceqq_u8(bytes, vdupq_n_u8('"'));
        backslash[part] = vceqq_u8(bytes, vdupq_n_u8('\\'));
        op[part] = vorrq_u8(
            vorrq_u8(vceqq_u8(folded, vdupq_n_u8('{')), vceqq_u8(folded, vdupq_n_u8('}'))),
            vorrq_u8(vceqq_u8(bytes, vdupq_n_u8(':')), vceqq_u8(bytes, vdupq_n_u8(','))));
        space[part] = vorrq_u8(
            vorrq_u8(vceqq_u8(bytes, vdupq_n_u8(' ')), vceqq_u8(bytes, vdupq_n_u8('\n'))),
            vorrq_u8(vceqq_u8(bytes, vdupq_n_u8('\r')), vceqq_u8(bytes, vdupq_n_u8('\t'))));
        control[part] = vcltq_u8(bytes, vdupq_n_u8(0x20));
        high[part] = vcgeq_u8(bytes, vdupq_n_u8(0x80));
    }
    classes->quote = cjs_neon_mask(quote[0], quote[1], quote[2], quote[3]);
    classes->backslash = cjs_neon_mask(backslash[0], backslash[1], backslash[2], backslash[3]);
    classes->op = cjs_neon_mask(op[0], op[1], op[2], op[3]);
    classes->whitespace = cjs_neon_mask(space[0], space[1], space[2], space[3]);
    classes->control = cjs_neon_mask(control[0], control[1], control[2], control[3]);
    classes->nonascii = cjs_neon_mask(high[0], high[1], high[2], high[3]);
}

cjs_status cjs_run_neon(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_neon, cjs_prefix_xor_neon, CJS_NO_UTF8, CJS_HIGH);
    return cjs_result(stage);
}

#endif

#if defined(__clang__)
#pragma clang attribute pop
#endif
