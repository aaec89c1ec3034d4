// Stage 1's entry point, the portable scalar path, and the byte-level validators that the
// masks point at (escapes, runs of non-ASCII bytes).

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// the benchmarks (Benchmarks/bench_cost.py) run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so profiles still name these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

cjs_path cjs_best_path(void) {
#if defined(__x86_64__) || defined(_M_X64)
    if (cjs_path_available(CJS_PATH_AVX512)) return CJS_PATH_AVX512;
    if (cjs_path_available(CJS_PATH_AVX2)) return CJS_PATH_AVX2;
    return CJS_PATH_SSE2;
#elif defined(__aarch64__) || defined(_M_ARM64)
    return CJS_PATH_NEON;
#else
    return CJS_PATH_SCALAR;
#endif
}

int cjs_path_available(cjs_path path) {
    switch (path) {
    case CJS_PATH_SCALAR:
        return 1;
#if defined(__x86_64__) || defined(_M_X64)
    case CJS_PATH_SSE2:
        return 1;  // part of x86-64 itself
    case CJS_PATH_AVX2: {
        // Asked on every document: the CPU's answer is kept after the first time
        // (0 unknown, 1 no, 2 yes; racing first callers store the same value).
        static int known = 0;
        int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
        if (answer == 0) {
            __builtin_cpu_init();
            answer = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi")
                    && __builtin_cpu_supports("bmi2")
                ? 2
                : 1;
            __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
        }
        return answer == 2;
    }
    case CJS_PATH_AVX512: {
        // As for AVX2 (the CPU's answer kept); the pass also runs AVX2's code.
        static int known = 0;
        int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
        if (answer == 0) {
            __builtin_cpu_init();
            answer = cjs_path_available(CJS_PATH_AVX2) && __builtin_cpu_supports("avx512f")
                    && __builtin_cpu_supports("avx512bw")
                ? 2
                : 1;
            __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
        }
        return answer == 2;
    }
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
    case CJS_PATH_NEON:
        return 1;  // part of arm64 itself
#endif
    default:
        return 0;
    }
}

cjs_status cjs_structural_tokens(const uint8_t *bytes, size_t count, size_t start, uint64_t *tokens, cjs_path path) {
    return cjs_structural_tokens_marking(bytes, count, start, tokens, 0, path);
}

cjs_status cjs_structural_tokens_marking(
    const uint8_t *bytes, size_t count, size_t start, uint64_t *tokens, uint64_t *escapes, cjs_path path) {
    if (!cjs_path_available(path)) return CJS_ERROR_UNAVAILABLE;
    cjs_stage1 stage;
    memset(&stage, 0, sizeof stage);
    stage.bytes = bytes;
    stage.count = count;
    stage.start = start < count ? start : count;
    stage.tokens = tokens;
    stage.escape_blocks = escapes;
    if (escapes) memset(escapes, 0, sizeof *escapes * cjs_escape_words(count));
    switch (path) {
#if defined(__x86_64__) || defined(_M_X64)
    case CJS_PATH_SSE2:
        return cjs_run_sse2(&stage);
    case CJS_PATH_AVX2:
        return cjs_run_avx2(&stage);
    case CJS_PATH_AVX512:
        return cjs_run_avx512(&stage);
#endif
#if defined(__aarch64__) || defined(_M_ARM64)
    case CJS_PATH_NEON:
        return cjs_run_neon(&stage);
#endif
    default:
        return cjs_run_scalar(&stage);
    }
}

// MARK: The scalar path

/// Classifies 64 bytes one at a time, without branches on the data.
/// `1 << index` when `condition` holds, else 0.
static inline uint64_t cjs_flag(int condition, unsigned index) {
    uint64_t bit = condition != 0;
    return bit << index;
}

static inline void cjs_classify_scalar(const uint8_t *block, cjs_classes *classes) {
    uint64_t quote = 0, backslash = 0, op = 0, whitespace = 0, control = 0, nonascii = 0;
    for (unsigned index = 0; index < 64; index++) {
        uint8_t byte = block[index];
        uint8_t folded = byte | 0x20;  // '[' → '{', ']' → '}'
        quote |= cjs_flag(byte == '"', index);
        backslash |= cjs_flag(byte == '\\', index);
        op |= cjs_flag(folded == '{' || folded == '}' || byte == ':' || byte == ',', index);
        whitespace |= cjs_flag(byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t', index);
        control |= cjs_flag(byte < 0x20, index);
        nonascii |= cjs_flag(byte >= 0x80, index);
    }
    classes->quote = quote;
    classes->backslash = backslash;
    classes->op = op;
    classes->whitespace = whitespace;
    classes->control = control;
    classes->nonascii = nonascii;
}

cjs_status cjs_run_scalar(cjs_stage1 *stage) {
    CJS_RUN(stage, cjs_classify_scalar, cjs_prefix_xor_shifts, CJS_NO_UTF8, CJS_HIGH);
    return cjs_result(stage);
}

// MARK: Validators

void cjs_block_validate(cjs_stage1 *stage, uint64_t escapes, uint64_t high, size_t block) {
    size_t base = block * 64;
    while (escapes) {
        size_t offset = base + cjs_trailing_zeros(escapes);
        if (offset >= stage->escape_done
            && !cjs_valid_escape(stage->bytes, stage->count, offset, &stage->escape_done)) {
            cjs_fail(stage, CJS_ERROR_ESCAPE);
        }
        escapes &= escapes - 1;
    }
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

/// Each hex digit's value plus one; 0 for every other byte. Without debug information, as the
/// functions (see the top of the file).
static const uint8_t cjs_hex_digits[256] __attribute__((nodebug)) = {
    ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
    ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
};

/// The code unit of the four hex digits at `offset`, or -1: four lookups, no branch per digit
/// (a byte that is no hex digit looks up 0, whose value less one is above 15).
static long cjs_hex4(const uint8_t *bytes, size_t count, size_t offset) {
    if (count < 4 || offset > count - 4) return -1;
    unsigned first = cjs_hex_digits[bytes[offset]] - 1u;
    unsigned second = cjs_hex_digits[bytes[offset + 1]] - 1u;
    unsigned third = cjs_hex_digits[bytes[offset + 2]] - 1u;
    unsigned fourth = cjs_hex_digits[bytes[offset + 3]] - 1u;
    if ((first | second | third | fourth) > 15) return -1;
    long unit = first << 12 | second << 8 | third << 4 | fourth;
    return unit;
}

/// Whether the escaped byte at `offset` (after a backslash) makes a JSON escape; a high
/// surrogate must be followed by a `\u` low surrogate, whose escaped `u` is then marked as
/// checked in `checked_to`. Inlined into `cjs_block_validate`, which checks every escape.
__attribute__((always_inline)) int cjs_valid_escape(const uint8_t *bytes, size_t count, size_t offset, size_t *checked_to) {
    if (offset >= count) return 0;
    switch (bytes[offset]) {
    case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
        return 1;
    case 'u': break;
    default: return 0;
    }
    long unit = cjs_hex4(bytes, count, offset + 1);
    if (unit < 0 || (unit >= 0xDC00 && unit <= 0xDFFF)) return 0;
    if (unit < 0xD800 || unit > 0xDBFF) return 1;
    if (offset + 6 >= count || bytes[offset + 5] != '\\' || bytes[offset + 6] != 'u') return 0;
    long low = cjs_hex4(bytes, count, offset + 7);
    if (low < 0xDC00 || low > 0xDFFF) return 0;
    *checked_to = offset + 7;
    return 1;
}

/// Validates the run of multi-byte UTF-8 sequences that starts at `offset` (a byte of 0x80 or
/// more) up to the next ASCII byte or the end, whose offset goes to `end` (Unicode's Table
/// 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
int cjs_valid_utf8_run(const uint8_t *bytes, size_t count, size_t offset, size_t *end) {
    size_t index = offset;
    while (index < count && bytes[index] >= 0x80) {
        uint8_t lead = bytes[index];
        // Most of a Chinese text: three bytes, a lead in E1…EF other than ED.
        if (lead >= 0xE1 && lead <= 0xEF && lead != 0xED && count - index >= 3
            && (bytes[index + 1] & 0xC0) == 0x80 && (bytes[index + 2] & 0xC0) == 0x80) {
            index += 3;
            continue;
        }
        size_t length;
        uint8_t low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead == 0xE0) {
            length = 3;
            low = 0xA0;
        } else if (lead >= 0xE1 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xED) high = 0x9F;
        } else if (lead == 0xF0) {
            length = 4;
            low = 0x90;
        } else if (lead >= 0xF1 && lead <= 0xF3) {
            length = 4;
        } else if (lead == 0xF4) {
            length = 4;
            high = 0x8F;
        } else {
            return 0;
        }
        if (count - index < length) return 0;
        if (bytes[index + 1] < low || bytes[index + 1] > high) return 0;
        for (size_t next = index + 2; next < index + length; next++) {
            if ((bytes[next] & 0xC0) != 0x80) return 0;
        }
        index += length;
    }
    *end = index;
    return 1;
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
