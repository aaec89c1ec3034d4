// The x86-64 paths: SSE2 (every x86-64 CPU) and AVX2 with PCLMULQDQ (chosen at run time by
// `cjs_path_available`), each compiled for its instruction set with a target attribute so
// that the rest of the package keeps the baseline.
#include "stage1.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>

// MARK: SSE2

#define CJS_SSE2 __attribute__((target("sse2")))

/// The classes of 16 bytes, as 16-bit masks placed at bit `shift`.
static inline CJS_SSE2 void cjs_classify16(__m128i bytes, unsigned shift, cjs_classes *classes) {
    __m128i folded = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
    __m128i op = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{')), _mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))),
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(':')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8(','))));
    __m128i space = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'))),
        _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\t'))));
    // Unsigned byte <= 0x1F: the minimum with 0x1F is the byte itself.
    __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes);
    classes->quote |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'))) << shift;
    classes->backslash |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'))) << shift;
    classes->op |= (uint64_t)(uint16_t)_mm_movemask_epi8(op) << shift;
    classes->whitespace |= (uint64_t)(uint16_t)_mm_movemask_epi8(space) << shift;
    classes->control |= (uint64_t)(uint16_t)_mm_movemask_epi8(control) << shift;
    classes->nonascii |= (uint64_t)(uint16_t)_mm_movemask_epi8(bytes) << shift;
}

static inline CJS_SSE2 void cjs_classify_sse2(const uint8_t *block, cjs_classes *classes) {
    memset(classes, 0, sizeof *classes);
    for (unsigned part = 0; part < 4; part++) {
        cjs_classify16(_mm_loadu_si128((const __m128i *)(const void *)(block + 16 * part)), 16 * part, classes);
    }
}

CJS_SSE2 cjs_status cjs_run_sse2(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_sse2, cjs_prefix_xor_shifts);
}

// MARK: AVX2 and PCLMULQDQ

#define CJS_AVX2 __attribute__((target("avx2,pclmul")))

/// The prefix XOR as one carry-less multiplication by all ones.
static inline CJS_AVX2 uint64_t cjs_prefix_xor_clmul(uint64_t word) {
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, (long long)word), _mm_set1_epi8((char)0xFF), 0);
    return (uint64_t)_mm_cvtsi128_si64(product);
}

/// The classes of 32 bytes, as 32-bit masks placed at bit `shift`.
static inline CJS_AVX2 void cjs_classify32(__m256i bytes, unsigned shift, cjs_classes *classes) {
    __m256i folded = _mm256_or_si256(bytes, _mm256_set1_epi8(0x20));
    __m256i op = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi8(folded, _mm256_set1_epi8('{')), _mm256_cmpeq_epi8(folded, _mm256_set1_epi8('}'))),
        _mm256_or_si256(
            _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(':')), _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(','))));
    __m256i space = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(' ')), _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\n'))),
        _mm256_or_si256(
            _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\r')), _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\t'))));
    __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(bytes, _mm256_set1_epi8(0x1F)), bytes);
    classes->quote |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('"')))
        << shift;
    classes->backslash |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8('\\')))
        << shift;
    classes->op |= (uint64_t)(uint32_t)_mm256_movemask_epi8(op) << shift;
    classes->whitespace |= (uint64_t)(uint32_t)_mm256_movemask_epi8(space) << shift;
    classes->control |= (uint64_t)(uint32_t)_mm256_movemask_epi8(control) << shift;
    classes->nonascii |= (uint64_t)(uint32_t)_mm256_movemask_epi8(bytes) << shift;
}

static inline CJS_AVX2 void cjs_classify_avx2(const uint8_t *block, cjs_classes *classes) {
    memset(classes, 0, sizeof *classes);
    cjs_classify32(_mm256_loadu_si256((const __m256i *)(const void *)block), 0, classes);
    cjs_classify32(_mm256_loadu_si256((const __m256i *)(const void *)(block + 32)), 32, classes);
}

CJS_AVX2 cjs_status cjs_run_avx2(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_avx2, cjs_prefix_xor_clmul);
}

#endif
