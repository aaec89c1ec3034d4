// A byte search for the rules' URL scans: the first of two bytes, and whether the bytes are
// all ASCII, in one pass of 16-byte compares (SSE2 is the x86-64 baseline and NEON arm64's:
// no run-time choice), or one byte at a time on other CPUs.

// No debug information, as in structural_x86.c (valgrind 3.19 and DWARF 5 compile units).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "CJSONStructural.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#elif defined(__aarch64__) || defined(_M_ARM64)
#include <arm_neon.h>
#endif

/// The scalar search from `start`: what the vector paths do for the bytes they do not cover.
static int cjs_find_either_scalar(
    const uint8_t *bytes, size_t count, size_t start, uint8_t first, uint8_t second, size_t found, uint8_t seen,
    size_t *index) {
    for (size_t offset = start; offset < count; offset++) {
        uint8_t byte = bytes[offset];
        seen |= byte;
        if (found == count && (byte == first || byte == second)) found = offset;
    }
    *index = found;
    return seen < 0x80;
}

int cjs_find_either_ascii(const uint8_t *bytes, size_t count, uint8_t first, uint8_t second, size_t *index) {
#if defined(__x86_64__) || defined(_M_X64)
    if (count >= 16) {
        const __m128i wanted_first = _mm_set1_epi8((char)first);
        const __m128i wanted_second = _mm_set1_epi8((char)second);
        __m128i seen = _mm_setzero_si128();
        size_t offset = 0;
        // The last 16 bytes overlap the chunk before them: bytes checked twice change nothing
        // (an earlier match was found first; an earlier byte above 0x7F was seen already).
        // Until the first match, each chunk is compared and seen; after it, only seen.
        for (;;) {
            __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + offset));
            seen = _mm_or_si128(seen, chunk);
            __m128i equal = _mm_or_si128(_mm_cmpeq_epi8(chunk, wanted_first), _mm_cmpeq_epi8(chunk, wanted_second));
            unsigned mask = (unsigned)_mm_movemask_epi8(equal);
            if (mask != 0) {
                *index = offset + (size_t)__builtin_ctz(mask);
                break;
            }
            if (offset + 16 == count) {
                *index = count;
                return _mm_movemask_epi8(seen) == 0;
            }
            offset = offset + 32 <= count ? offset + 16 : count - 16;
        }
        while (offset + 16 < count) {
            offset = offset + 32 <= count ? offset + 16 : count - 16;
            seen = _mm_or_si128(seen, _mm_loadu_si128((const __m128i *)(bytes + offset)));
        }
        return _mm_movemask_epi8(seen) == 0;
    }
#elif defined(__aarch64__) || defined(_M_ARM64)
    if (count >= 16) {
        const uint8x16_t wanted_first = vdupq_n_u8(first);
        const uint8x16_t wanted_second = vdupq_n_u8(second);
        uint8x16_t seen = vdupq_n_u8(0);
        size_t found = count;
        for (size_t offset = 0;; offset = offset + 32 <= count ? offset + 16 : count - 16) {
            uint8x16_t chunk = vld1q_u8(bytes + offset);
            seen = vorrq_u8(seen, chunk);
            if (found == count && vmaxvq_u8(vorrq_u8(vceqq_u8(chunk, wanted_first), vceqq_u8(chunk, wanted_second)))) {
                // Which lane: once a string, byte by byte.
                size_t at = offset;
                while (bytes[at] != first && bytes[at] != second) at++;
                found = at;
            }
            if (offset + 16 == count) break;
        }
        *index = found;
        return vmaxvq_u8(seen) < 0x80;
    }
#endif
    return cjs_find_either_scalar(bytes, count, 0, first, second, count, 0, index);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
