// The x86-64 paths: SSE2 (every x86-64 CPU) and AVX2 with PCLMULQDQ (chosen at run time by
// `cjs_path_available`), each compiled for its instruction set with a target attribute so
// that the rest of the package keeps the baseline.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// Benchmarks/bench_cost.py and callgrind profiles run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so callgrind still names these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

#if defined(__x86_64__) || defined(_M_X64)

// The compiler's vector extensions and its x86 builtins rather than <immintrin.h>: the
// intrinsics are written with casts, whose types clang keeps in the debug information.
typedef char cjs_v16 __attribute__((vector_size(16)));
typedef char cjs_v32 __attribute__((vector_size(32)));
typedef long long cjs_v2i64 __attribute__((vector_size(16)));

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
    CJS_RUN(stage, cjs_classify_sse2, cjs_prefix_xor_shifts);
}

// MARK: AVX2 and PCLMULQDQ

#define CJS_AVX2 __attribute__((target("avx2,pclmul")))

/// The prefix XOR as one carry-less multiplication by all ones.
static inline CJS_AVX2 uint64_t cjs_prefix_xor_clmul(uint64_t word) {
    long long value = word;
    cjs_v2i64 operand = {value, 0};
    cjs_v2i64 ones = {-1, -1};
    cjs_v2i64 product = __builtin_ia32_pclmulqdq128(operand, ones, 0);
    uint64_t result = product[0];
    return result;
}

/// The classes of 32 bytes, as 32-bit masks placed at bit `shift`.
static inline CJS_AVX2 void cjs_classify32(cjs_v32 bytes, unsigned shift, cjs_classes *classes) {
    cjs_v32 folded = bytes | 0x20;
    cjs_v32 op = (folded == '{') | (folded == '}') | (bytes == ':') | (bytes == ',');
    cjs_v32 space = (bytes == ' ') | (bytes == '\n') | (bytes == '\r') | (bytes == '\t');
    cjs_v32 control = (bytes & 0xE0) == 0;
    classes->quote |= cjs_mask32(__builtin_ia32_pmovmskb256(bytes == '"')) << shift;
    classes->backslash |= cjs_mask32(__builtin_ia32_pmovmskb256(bytes == '\\')) << shift;
    classes->op |= cjs_mask32(__builtin_ia32_pmovmskb256(op)) << shift;
    classes->whitespace |= cjs_mask32(__builtin_ia32_pmovmskb256(space)) << shift;
    classes->control |= cjs_mask32(__builtin_ia32_pmovmskb256(control)) << shift;
    classes->nonascii |= cjs_mask32(__builtin_ia32_pmovmskb256(bytes)) << shift;
}

static inline CJS_AVX2 void cjs_classify_avx2(const uint8_t *block, cjs_classes *classes) {
    memset(classes, 0, sizeof *classes);
    cjs_v32 low, high;
    memcpy(&low, block, sizeof low);
    memcpy(&high, block + 32, sizeof high);
    cjs_classify32(low, 0, classes);
    cjs_classify32(high, 32, classes);
}

CJS_AVX2 cjs_status cjs_run_avx2(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_avx2, cjs_prefix_xor_clmul);
}

#endif

#if defined(__clang__)
#pragma clang attribute pop
#endif
