// The grammar walk over stage 1's token masks: skipping one value of a document that passed
// stage 1 without reading its strings again, only the first byte of each token and the bytes
// of each number and literal, whose spelling stage 1 leaves to the walk.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// the benchmarks (Benchmarks/bench_cost.py) run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so profiles still name these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

// The walks are compiled twice on x86-64: for the baseline, and with BMI1 and BMI2 (`blsr`,
// `andn`, shifts by any register), which most of their steps use, chosen at run time as the
// stage-1 paths are. The same code: the public functions call one or the other.
#if (defined(__x86_64__) || defined(_M_X64)) && defined(__clang__)
#define CJS_WALK_VARIANTS 1
#define CJS_BMI __attribute__((target("bmi,bmi2")))

/// The build the walks run: 0 not chosen yet, 1 the baseline, 2 BMI (see `cjs_walks_choose`).
static int cjs_walk_build = 0;

/// Whether this CPU has BMI1 and BMI2.
static int cjs_walk_cpu_bmi(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}

/// The build the CPU allows, kept for the next walks (racing first callers store the same
/// value). Out of line and saving the caller's registers: the public functions, which call it
/// once, pass their arguments on to a build without saving them.
static __attribute__((noinline, cold, preserve_most)) int cjs_walk_build_first(void) {
    int build = cjs_walk_cpu_bmi() ? 2 : 1;
    __atomic_store_n(&cjs_walk_build, build, __ATOMIC_RELAXED);
    return build;
}

/// Whether the walks run their BMI build.
static inline int cjs_walk_bmi(void) {
    int build = __atomic_load_n(&cjs_walk_build, __ATOMIC_RELAXED);
    if (__builtin_expect(build == 0, 0)) build = cjs_walk_build_first();
    return build == 2;
}

void cjs_walks_choose(int build) {
    int chosen = build == 1 ? 1 : cjs_walk_cpu_bmi() ? 2 : 1;
    __atomic_store_n(&cjs_walk_build, chosen, __ATOMIC_RELAXED);
}
#else
#define CJS_WALK_VARIANTS 0

void cjs_walks_choose(int build) { (void)build; }
#endif

/// What the first byte of a token is to the walk: a string (0), an opening bracket, punctuation
/// (which cannot start a value), a digit, or any other byte (the start of a number or literal,
/// or of no value). One load instead of compares per value.
#define CJS_KIND_OPEN 1
#define CJS_KIND_PUNCTUATION 2
#define CJS_KIND_DIGIT 4
#define CJS_KIND_OTHER 8
/// The kinds that are no string, number or literal.
#define CJS_KIND_BRACKETS 3

/// Passes the next token (a set bit of the masks, in order; `bits` holds those of word `word`
/// not yet passed) and puts its offset in `offset`, or runs `none` when the masks have no
/// token left.
#define CJS_TAKE(offset, none)                                                         \
    do {                                                                               \
        while (!bits) {                                                                \
            if (++word >= words) {                                                     \
                none;                                                                  \
            }                                                                          \
            bits = tokens[word];                                                       \
            base += 64;                                                                \
        }                                                                              \
        (offset) = base + __builtin_ctzll(bits);                                       \
        bits &= bits - 1;                                                              \
    } while (0)

/// The kind of each byte as the first of a token (`CJS_KIND_…`).
__attribute__((nodebug)) static const unsigned char cjs_kinds[256] = {
    [0 ... '"' - 1] = CJS_KIND_OTHER, ['"' + 1 ... ',' - 1] = CJS_KIND_OTHER, [',' + 1 ... '0' - 1] = CJS_KIND_OTHER,
    ['0' ... '9'] = CJS_KIND_DIGIT, [':' + 1 ... '[' - 1] = CJS_KIND_OTHER, ['\\'] = CJS_KIND_OTHER,
    [']' + 1 ... '{' - 1] = CJS_KIND_OTHER, ['|'] = CJS_KIND_OTHER, ['}' + 1 ... 255] = CJS_KIND_OTHER,
    ['{'] = CJS_KIND_OPEN, ['['] = CJS_KIND_OPEN,
    ['}'] = CJS_KIND_PUNCTUATION, [']'] = CJS_KIND_PUNCTUATION,
    [':'] = CJS_KIND_PUNCTUATION, [','] = CJS_KIND_PUNCTUATION,
};

/// The containers of the skip below the innermost 63 (`cjs_skip_value` keeps those in one
/// word, `levels`): a full word of 63 levels for each 63 more, and the limit of `levels`.
typedef struct {
    uint64_t limit;  // a container may open while `levels` is below it
    size_t count;    // full words held
    size_t room;     // the skip's `room`
    uint64_t words[CJS_MAXIMUM_DEPTH / 63 + 1];
} cjs_deep_levels;

/// The limit of the word of levels when `room` more containers may open from it.
static inline uint64_t cjs_level_limit(size_t room) { return room >= 63 ? 1ULL << 63 : 1ULL << room; }

/// When a container would open with `levels` at its limit: keeps the full word in `deep` and
/// returns the empty word to open it in, or 0 when the room is used up.
static __attribute__((noinline, cold, preserve_most)) uint64_t cjs_levels_push(cjs_deep_levels *deep, uint64_t levels) {
    size_t held = 63 * (deep->count + 1);
    if (levels < 1ULL << 63 || deep->room <= held) return 0;
    deep->words[deep->count++] = levels;
    deep->limit = cjs_level_limit(deep->room - held);
    return 1;
}

/// When the last container of the word of levels closed and `deep` holds a word: that word.
static __attribute__((noinline, cold, preserve_most)) uint64_t cjs_levels_pop(cjs_deep_levels *deep) {
    deep->limit = 1ULL << 63;
    return deep->words[--deep->count];
}

#if defined(__SSE2__) && defined(__clang__)
/// Whether a byte may follow a number or literal: whitespace, `,` `:` `]` `}`, and `"`, `[`,
/// `{` (which the grammar then refuses, but which are no part of the scalar).
__attribute__((nodebug)) static const unsigned char cjs_scalar_ends[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [','] = 1, [':'] = 1, [']'] = 1, ['}'] = 1,
    ['['] = 1, ['{'] = 1, ['"'] = 1,
};
#endif

/// `cjs_valid_scalar` for the token at `token`, the document ending at `end`: out of line,
/// saving the caller's registers.
static __attribute__((noinline, preserve_most)) int cjs_scalar_full(const uint8_t *token, const uint8_t *end) {
    return cjs_valid_scalar(token, end - token, 0);
}

/// Whether the number or literal at `token` (the document ends at `end`) is spelled as
/// RFC 8259 says. Most are passed from the seventeen bytes at `token` (a run of one to sixteen
/// digits with no leading zero, or `true`, `false`, `null`, ended by a byte that may end a
/// scalar: one compare of sixteen bytes, one word); the others by the full check.
static inline __attribute__((always_inline)) int cjs_scalar_ok(const uint8_t *token, const uint8_t *end) {
#if defined(__SSE2__) && defined(__clang__)
    if (__builtin_expect(end - token > 16, 1)) {
        typedef char cjs_b16 __attribute__((vector_size(16)));
        cjs_b16 chunk;
        memcpy(&chunk, token, sizeof chunk);
        cjs_b16 shifted = chunk - (char)('0' + 128);
        unsigned digits = (unsigned)__builtin_ia32_pmovmskb128(shifted < (char)(-128 + 10));
        unsigned length = __builtin_ctz(~digits);
        if (length) return (*token != '0' || length == 1) && cjs_scalar_ends[token[length]] ? 1 : cjs_scalar_full(token, end);
        uint64_t word;
        memcpy(&word, token, sizeof word);
        // "true", "null" and "false", first byte lowest.
        uint64_t four = word & 0xFFFFFFFFULL;
        if ((four == 0x65757274ULL || four == 0x6C6C756EULL) && cjs_scalar_ends[token[4]]) return 1;
        if ((word & 0xFFFFFFFFFFULL) == 0x65736C6166ULL && cjs_scalar_ends[token[5]]) return 1;
    }
#endif
    return cjs_scalar_full(token, end);
}

int cjs_valid_scalar_at(const uint8_t *bytes, size_t count, size_t offset) {
    return offset < count && cjs_scalar_ok(bytes + offset, bytes + count);
}

/// CJS_TAKE for the skip's cursor of pointers: `at` (the byte of word `*mask`'s first bit),
/// `mask` and `last` (the last mask word). Puts a pointer to the next token's byte in
/// `pointer`; no token left means the value is not closed, and the skip fails.
#define CJS_STEP(pointer)                                                              \
    do {                                                                               \
        while (!bits) {                                                                \
            if (mask == last) return -1;                                               \
            bits = *++mask;                                                            \
            at += 64;                                                                  \
        }                                                                              \
        (pointer) = at + __builtin_ctzll(bits);                                        \
        bits &= bits - 1;                                                              \
    } while (0)

/// The body of `cjs_skip_value`, inlined into each variant.
static inline __attribute__((always_inline)) ptrdiff_t cjs_skip_body(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
    if (offset >= count) return -1;
    // The cursor: `mask` the token word at hand, `bits` its tokens not yet passed, `at` the
    // byte of its first bit, `last` the last word.
    const uint64_t *mask = tokens + offset / 64;
    const uint64_t *last = tokens + cjs_token_words(count) - 1;
    const uint8_t *at = bytes + (offset & ~(size_t)63);
    uint64_t bits = *mask & (~0ULL << (offset % 64));
    const uint8_t *token;
    CJS_STEP(token);
    if (token != bytes + offset) return -1;
    unsigned first = cjs_kinds[*token];
    if (first & ~CJS_KIND_BRACKETS) {
        if (!cjs_scalar_ok(token, bytes + count)) return -1;
    } else if (first == CJS_KIND_OPEN) {
        // The open containers, one bit each, the innermost lowest (1 for an object), above a
        // set bit that marks the bottom of the word: `levels` is 1 when no container is open
        // in it. Past 63 levels, full words go to `deep`.
        cjs_deep_levels deep;
        if (room > CJS_MAXIMUM_DEPTH) room = CJS_MAXIMUM_DEPTH;
        deep.count = 0;
        deep.room = room;
        deep.limit = cjs_level_limit(room);
        uint64_t levels = 1;
        for (;;) {
            // A value starts at `token`.
            uint8_t byte = *token;
            unsigned kind = cjs_kinds[byte];
            if (kind & ~CJS_KIND_BRACKETS) {
                // A number or literal: one digit with the next token right after it (the
                // word's next bit), or the checks of `cjs_scalar_ok`.
                if (!(kind == CJS_KIND_DIGIT && ((bits >> (token - at)) & 2)) && !cjs_scalar_ok(token, bytes + count)) {
                    return -1;
                }
            } else if (kind) {
                if (kind != CJS_KIND_OPEN) return -1;
                if (__builtin_expect(levels >= deep.limit, 0)) {
                    // The word is full (63 levels) or the room is used up.
                    levels = cjs_levels_push(&deep, levels);
                    if (!levels) return -1;
                }
                uint64_t object = byte == '{';
                levels = levels << 1 | object;
                const uint8_t *inner;
                CJS_STEP(inner);
                if (*inner != (object ? '}' : ']')) {
                    token = inner;
                    if (object) {
                        const uint8_t *colon;
                        CJS_STEP(colon);
                        if (((*inner ^ '"') | (*colon ^ ':')) != 0) return -1;
                        CJS_STEP(token);
                    }
                    continue;
                }
                levels >>= 1;
                if (__builtin_expect(levels == 1, 0)) {
                    if (!deep.count) goto done;
                    levels = cjs_levels_pop(&deep);
                }
            }
            // After a value, inside a container (the walk ends when the first one closes):
            // close containers, or move to the next member or element.
            for (;;) {
                const uint8_t *after;
                CJS_STEP(after);
                if (*after == ',') {
                    if (levels & 1) {
                        // A key, a colon and the value: most often all three in the word at hand.
                        uint64_t second = bits & (bits - 1);
                        uint64_t third = second & (second - 1);
                        if (third) {
                            const uint8_t *key = at + __builtin_ctzll(bits), *colon = at + __builtin_ctzll(second);
                            if (((*key ^ '"') | (*colon ^ ':')) != 0) return -1;
                            token = at + __builtin_ctzll(third);
                            bits = third & (third - 1);
                            break;
                        }
                        const uint8_t *key, *colon;
                        CJS_STEP(key);
                        CJS_STEP(colon);
                        if (((*key ^ '"') | (*colon ^ ':')) != 0) return -1;
                    }
                    CJS_STEP(token);
                    break;
                }
                // `]` for an array, `}` (0x20 above it) for an object.
                if (*after != (']' | (levels & 1) << 5)) return -1;
                levels >>= 1;
                if (__builtin_expect(levels == 1, 0)) {
                    if (!deep.count) goto done;
                    levels = cjs_levels_pop(&deep);
                }
            }
        }
    } else if (first == CJS_KIND_PUNCTUATION) {
        return -1;
    }
done:
    // The offset of the next token, or `count` when none is left.
    while (!bits) {
        if (mask == last) return count;
        bits = *++mask;
    }
    return 64 * (mask - tokens) + __builtin_ctzll(bits);
}

/// `cjs_skip_value` for the baseline, and with BMI1 and BMI2 where built.
__attribute__((noinline, visibility("hidden"), aligned(64))) ptrdiff_t cjs_skip_value_plain(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
    return cjs_skip_body(bytes, count, tokens, offset, room);
}

#if CJS_WALK_VARIANTS
CJS_BMI __attribute__((noinline, visibility("hidden"), aligned(64))) ptrdiff_t cjs_skip_value_bmi(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
    return cjs_skip_body(bytes, count, tokens, offset, room);
}
#define CJS_SKIP(bmi, bytes, count, tokens, offset, room) \
    ((bmi) ? cjs_skip_value_bmi(bytes, count, tokens, offset, room) : cjs_skip_value_plain(bytes, count, tokens, offset, room))
#else
#define CJS_SKIP(bmi, bytes, count, tokens, offset, room) cjs_skip_value_plain(bytes, count, tokens, offset, room)
#endif

ptrdiff_t cjs_skip_value(const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
#if CJS_WALK_VARIANTS
    if (cjs_walk_bmi()) return cjs_skip_value_bmi(bytes, count, tokens, offset, room);
#endif
    return cjs_skip_value_plain(bytes, count, tokens, offset, room);
}

// MARK: Member walk

/// The eight bytes at `pointer` as a word, the first byte lowest (the order of the key words).
static inline uint64_t cjs_load_word(const uint8_t *pointer) {
    uint64_t word;
    memcpy(&word, pointer, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap64(word);
#endif
    return word;
}

/// The high bit of each byte of `word` equal to `byte`: exact for the lowest such byte and
/// every byte below it (a byte above a match may be marked too).
static inline uint64_t cjs_bytes_equal(uint64_t word, unsigned char byte) {
    const uint64_t ones = 0x0101010101010101ULL;
    uint64_t other = word ^ (ones * byte);
    return (other - ones) & ~other & (ones << 7);
}

/// Whether a byte of `word` is a backslash.
static inline int cjs_has_backslash(uint64_t word) { return cjs_bytes_equal(word, '\\') != 0; }

/// Whether a byte of the sixteen `low`, `high` (a key's first sixteen bytes, zero past its
/// end) is a backslash: one compare of sixteen bytes where SSE2 has it (the words are already
/// in a vector register there), two words of SWAR elsewhere.
static inline int cjs_has_backslash16(uint64_t low, uint64_t high) {
#if defined(__SSE2__) && defined(__clang__)
    typedef char cjs_b16 __attribute__((vector_size(16)));
    uint64_t words[2] = {low, high};
    cjs_b16 bytes;
    memcpy(&bytes, words, sizeof bytes);
    return __builtin_ia32_pmovmskb128(bytes == '\\') != 0;
#else
    return cjs_has_backslash(low) | cjs_has_backslash(high);
#endif
}

/// What `cjs_key_index` returns for a key not in the set: a constant rather than the set's
/// size, which the walk would keep in a register (or spill) for the comparison. The table's
/// slots name only keys of the set, so any other result is below `key_count`.
#define CJS_NO_KEY 64

/// The masks of a key of each length, at most sixteen bytes: two loads instead of shifts and
/// branches.
__attribute__((nodebug)) static const uint64_t cjs_key_masks[17][2] = {
    {0, 0}, {0xFF, 0}, {0xFFFF, 0}, {0xFFFFFF, 0}, {0xFFFFFFFF, 0}, {0xFFFFFFFFFF, 0}, {0xFFFFFFFFFFFF, 0},
    {0xFFFFFFFFFFFFFF, 0}, {~0ULL, 0}, {~0ULL, 0xFF}, {~0ULL, 0xFFFF}, {~0ULL, 0xFFFFFF}, {~0ULL, 0xFFFFFFFF},
    {~0ULL, 0xFFFFFFFFFF}, {~0ULL, 0xFFFFFFFFFFFF}, {~0ULL, 0xFFFFFFFFFFFFFF}, {~0ULL, ~0ULL},
};

/// The index of the key of `length` (at most sixteen) bytes whose words are `low`, `high`
/// (zero past its end) in the key table `table` (see `cjs_next_member`), or `CJS_NO_KEY`. A
/// key whose length no key of the set has is told apart by the table's length bits; any other
/// key's slot is found as `JSONKeySet` finds it (its words and length mixed, times the table's
/// multiplier, the top eight bits), so a key costs one slot and one comparison, however many
/// the set has.
static inline __attribute__((always_inline)) size_t cjs_key_lookup(
    uint64_t low, uint64_t high, size_t length, const uint64_t *table) {
    // Most keys the walk skips have a length no key of the set has (word 33: bit n for n bytes).
    if ((table[33] >> length) & 1) {
        uint64_t mixed = low ^ (high * 0xC2B2AE3D27D4EB4FULL) ^ length;
        unsigned slot = (mixed * table[0]) >> 56;
        size_t entry = (table[1 + slot / 8] >> (8 * (slot % 8))) & 0xFF;
        const uint64_t *key = table + 34 + 3 * (entry - 1);
        // The key's three words compared together, one result to test.
        if (entry && ((key[0] ^ low) | (key[1] ^ high) | (key[2] ^ length)) == 0) return entry - 1;
    }
    return CJS_NO_KEY;
}

/// The index of the key `bytes[start ..< end]` spells in the key table `table`, or
/// `CJS_NO_KEY`. Sets `*escaped` when it holds a backslash: then it is no key of the set as
/// far as the walk can tell, and the caller decodes it.
static inline __attribute__((always_inline)) size_t cjs_key_index(
    const uint8_t *bytes, size_t count, size_t start, size_t end, const uint64_t *table, int *escaped) {
    size_t length = end - start;
    if (length > 16) {
        *escaped = memchr(bytes + start, '\\', length) != 0;
        return CJS_NO_KEY;
    }
    uint64_t low, high;
    if (__builtin_expect(count - start >= 16, 1)) {
        low = cjs_load_word(bytes + start);
        high = cjs_load_word(bytes + start + 8);
    } else {
        // Near the document's end: a copy, so that no load reads past it.
        uint8_t copy[16] = {0};
        memcpy(copy, bytes + start, length);
        low = cjs_load_word(copy);
        high = cjs_load_word(copy + 8);
    }
    low &= cjs_key_masks[length][0];
    high &= cjs_key_masks[length][1];
    size_t field = cjs_key_lookup(low, high, length, table);
    // A key found has no backslash (the keys of a walk table have none), so only a key not
    // found is looked at for one.
    if (field == CJS_NO_KEY && cjs_has_backslash16(low, high)) *escaped = 1;
    return field;
}

/// The sixteen bytes at `pointer` as the words `*low`, `*high` (first byte lowest), with the
/// quotes and the backslashes among them: bit n of `*quotes` (`*backslashes`) set when byte n
/// is one. The marks are exact for the lowest of each kind and below it (the SWAR path marks
/// some bytes above a match too).
static inline void cjs_load_key16(
    const uint8_t *pointer, uint64_t *low, uint64_t *high, unsigned *quotes, unsigned *backslashes) {
#if defined(__SSE2__) && defined(__clang__)
    typedef char cjs_b16 __attribute__((vector_size(16)));
    cjs_b16 bytes;
    memcpy(&bytes, pointer, sizeof bytes);
    *quotes = (unsigned)__builtin_ia32_pmovmskb128(bytes == '"');
    *backslashes = (unsigned)__builtin_ia32_pmovmskb128(bytes == '\\');
    uint64_t words[2];
    memcpy(words, &bytes, sizeof words);
    *low = words[0];
    *high = words[1];
#else
    *low = cjs_load_word(pointer);
    *high = cjs_load_word(pointer + 8);
    // One bit a byte: the high bit of byte n moved to bit n.
    const uint64_t gather = 0x0102040810204080ULL;
    *quotes = (unsigned)(((cjs_bytes_equal(*low, '"') >> 7) * gather) >> 56) |
              (unsigned)(((cjs_bytes_equal(*high, '"') >> 7) * gather) >> 56) << 8;
    *backslashes = (unsigned)(((cjs_bytes_equal(*low, '\\') >> 7) * gather) >> 56) |
                   (unsigned)(((cjs_bytes_equal(*high, '\\') >> 7) * gather) >> 56) << 8;
#endif
}

/// The index of the key whose opening quote is at `key` (a token; its member's `:` is the
/// token `colon`) in the key table `table`, or `CJS_NO_KEY`; sets `*stop` when the walk
/// leaves the member to the caller: a key with a backslash, or no closing quote before the
/// `:`. A key of at most fifteen bytes is read from the sixteen after its opening quote: its
/// closing quote is the first quote there when no backslash comes before it (a key found in
/// the set has none: the keys of a walk table have no backslash). Any other key's closing
/// quote is the last quote before the `:` (only whitespace lies between them). `last_full` is
/// the last offset of an opening quote with sixteen bytes of the document after it (`count`
/// less 17, negative when no quote has), worked out once by the walk.
static inline __attribute__((always_inline)) size_t cjs_member_key(
    const uint8_t *bytes, size_t count, ptrdiff_t last_full, size_t key, size_t colon, const uint64_t *table,
    int *stop) {
    size_t start = key + 1;
    ptrdiff_t at = key;
    if (__builtin_expect(at <= last_full, 1)) {
        uint64_t low, high;
        unsigned quotes, backslashes;
        cjs_load_key16(bytes + start, &low, &high, &quotes, &backslashes);
        if (quotes) {
            size_t length = __builtin_ctz(quotes);
            size_t field =
                cjs_key_lookup(low & cjs_key_masks[length][0], high & cjs_key_masks[length][1], length, table);
            if (field == CJS_NO_KEY && (backslashes & ((1u << length) - 1))) *stop = 1;
            return field;
        }
    }
    size_t end = colon - 1;
    while (end > key && bytes[end] != '"') end--;
    if (end == key) {
        *stop = 1;
        return CJS_NO_KEY;
    }
    return cjs_key_index(bytes, count, start, end, table, stop);
}

/// Moves the token cursor to the first token at or after `offset`.
#define CJS_SEEK(offset)                                                               \
    do {                                                                               \
        word = (offset) / 64;                                                          \
        base = 64 * word;                                                              \
        bits = word < words ? tokens[word] & (~0ULL << ((offset) % 64)) : 0;           \
    } while (0)

/// Stops the walk with `stop` at `offset`.
#define CJS_STOP(stop, offset)                                                         \
    do {                                                                               \
        members->position = (offset);                                                  \
        members->skipped = skipped;                                                    \
        members->seen = seen;                                                          \
        return (stop);                                                                 \
    } while (0)

/// What `cjs_gather_members` does, inlined into it and into the nested walk, which gathers an
/// inner object without a call.
static inline __attribute__((always_inline)) ptrdiff_t cjs_gather_object(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, uint64_t *entries, size_t *end, size_t *skipped, int bmi);

/// The walk of `cjs_next_member`, `cjs_gather_members` and `cjs_gather_nested` (inlined into
/// each, `entries` and `nested` constants there): without `entries`, it stops on the first
/// member to read; with them, it appends each member to read to `entries` (`*found` of them so
/// far), passes over its value as over the values it skips, and goes on to the object's end.
/// With `nested`, a member to read whose field is in `nested->fields` and whose value is an
/// object with a first member is gathered with the inner table instead of skipped (see
/// `cjs_gather_nested`).
static inline __attribute__((always_inline)) cjs_member_stop cjs_member_walk(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    int after_value, cjs_members *members, uint64_t *entries, size_t *found, const cjs_nested *nested, int bmi) {
    size_t words = cjs_token_words(count);
    size_t word, base;
    uint64_t bits;
    size_t skipped = members->skipped;
    uint64_t seen = members->seen;
    // The last key whose sixteen bytes after its quote lie inside the document (negative: none).
    ptrdiff_t last_full = count;
    last_full -= 17;
    size_t key = members->position, token;
    CJS_SEEK(key);
    if (after_value) {
        // The value the caller read ends here: a byte that is no whitespace and starts no
        // token (the rest of a misspelled number or literal) is left to the caller's step.
        if (key < count && bytes[key] > ' ' && !((bits >> (key % 64)) & 1)) CJS_STOP(CJS_MEMBER_AFTER, key);
        goto after;
    }
    CJS_TAKE(token, CJS_STOP(CJS_MEMBER_KEY, key));
    if (token != key || bytes[key] != '"') CJS_STOP(CJS_MEMBER_KEY, key);
    for (;;) {
        // A member's key starts at `key` (a token, its byte a quote).
        {
            size_t colon, value;
            CJS_TAKE(colon, CJS_STOP(CJS_MEMBER_KEY, key));
            if (bytes[colon] != ':') CJS_STOP(CJS_MEMBER_KEY, key);
            int leave = 0;
            size_t field = cjs_member_key(bytes, count, last_full, key, colon, table, &leave);
            if (leave) CJS_STOP(CJS_MEMBER_KEY, key);
            CJS_TAKE(value, CJS_STOP(CJS_MEMBER_KEY, key));
            if (field != CJS_NO_KEY && !(seen & (1ULL << field))) {
                seen |= 1ULL << field;
                if (!entries) {
                    members->field = field;
                    CJS_STOP(CJS_MEMBER_FIELD, value);
                }
                uint64_t entry = value;
                size_t slot = (*found)++;
                entries[slot] = entry << 8 | field;
                // Passed over below like a skipped value, but not counted as one: the caller
                // reads it.
                skipped--;
                if (nested) {
                    uint64_t *inner = nested->inner + 9 * slot;
                    inner[0] = CJS_NOT_GATHERED;
                    if (((nested->fields >> field) & 1) && bytes[value] == '{' && room > 0) {
                        // The first token inside: a key to gather from, or `}` (then skipped).
                        size_t first_key;
                        CJS_SEEK(value + 1);
                        CJS_TAKE(first_key, CJS_STOP(CJS_MEMBER_KEY, key));
                        if (bytes[first_key] == '"') {
                            size_t inner_end, inner_skipped;
                            ptrdiff_t inner_found = cjs_gather_object(
                                bytes, count, tokens, nested->table, nested->key_count, room - 1, first_key,
                                inner + 1, &inner_end, &inner_skipped, bmi);
                            if (inner_found < 0) CJS_STOP(CJS_MEMBER_KEY, key);
                            uint64_t closing = inner_end;
                            inner[0] = closing << 8 | (uint64_t)inner_found;
                            // The values skipped inside count; the object itself, which the
                            // caller reads, does not (this jumps over the count of a value
                            // passed over, which the `skipped--` above made up for).
                            skipped += inner_skipped + 1;
                            CJS_SEEK(inner_end + 1);
                            goto after;
                        }
                    }
                }
            }
            // Pass the value: a number or literal checked, a container skipped, punctuation
            // (no value) an error (the member left to the caller, who finds it).
            unsigned kind = cjs_kinds[bytes[value]];
            if (kind & ~CJS_KIND_BRACKETS) {
                if (!(kind == CJS_KIND_DIGIT && ((bits >> (value - base)) & 2))
                    && !cjs_scalar_ok(bytes + value, bytes + count)) {
                    CJS_STOP(CJS_MEMBER_KEY, key);
                }
            } else if (kind) {
                if (kind != CJS_KIND_OPEN) CJS_STOP(CJS_MEMBER_KEY, key);
                ptrdiff_t next = CJS_SKIP(bmi, bytes, count, tokens, value, room);
                if (next < 0) CJS_STOP(CJS_MEMBER_KEY, key);
                size_t after_container = next;
                CJS_SEEK(after_container);
            }
            skipped++;
        }
    after:
        // After a member's value: `}`, or `,` and the next member's key. No token left: the
        // caller's step finds the document's end (at `count`, where its whitespace pass ends).
        CJS_TAKE(token, CJS_STOP(CJS_MEMBER_AFTER, count));
        if (bytes[token] == '}') CJS_STOP(CJS_MEMBER_END, token);
        if (bytes[token] != ',') CJS_STOP(CJS_MEMBER_AFTER, token);
        CJS_TAKE(key, CJS_STOP(CJS_MEMBER_AFTER, token));
        if (bytes[key] != '"') CJS_STOP(CJS_MEMBER_AFTER, token);
    }
}

/// Each public walk as a body inlined into a baseline variant and a BMI one (see the top of the
/// file), and the function that picks one.
#if CJS_WALK_VARIANTS
/// A build of a public walk: not static, so that it keeps the public function's arguments and
/// that function jumps to it (a static one may lose the arguments it does not use).
#define CJS_WALK_BUILD __attribute__((noinline, visibility("hidden"), aligned(64)))
#define CJS_WALK_FUNCTIONS(result, name, parameters, arguments)                            \
    CJS_WALK_BUILD result name##_plain parameters { return name##_body(arguments, 0); } \
    CJS_WALK_BUILD CJS_BMI result name##_bmi parameters { return name##_body(arguments, 1); } \
    result name parameters {                                                               \
        if (cjs_walk_bmi()) __attribute__((musttail)) return name##_bmi(arguments);        \
        return name##_plain(arguments);                                                    \
    }
#else
#define CJS_WALK_FUNCTIONS(result, name, parameters, arguments) \
    result name parameters { return name##_body(arguments, 0); }
#endif
#define CJS_ARGUMENTS(...) __VA_ARGS__

static inline __attribute__((always_inline)) cjs_member_stop cjs_next_member_body(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    int after_value, cjs_members *members, int bmi) {
    return cjs_member_walk(bytes, count, tokens, table, key_count, room, after_value, members, 0, 0, 0, bmi);
}

CJS_WALK_FUNCTIONS(cjs_member_stop, cjs_next_member,
    (const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
        int after_value, cjs_members *members),
    CJS_ARGUMENTS(bytes, count, tokens, table, key_count, room, after_value, members))

static inline __attribute__((always_inline)) ptrdiff_t cjs_gather_object(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, uint64_t *entries, size_t *end, size_t *skipped, int bmi) {
    cjs_members members = {offset, 0, 0, 0};
    size_t found = 0;
    cjs_member_stop stop =
        cjs_member_walk(bytes, count, tokens, table, key_count, room, 0, &members, entries, &found, 0, bmi);
    if (stop != CJS_MEMBER_END) return -1;
    *end = members.position;
    *skipped = members.skipped;
    ptrdiff_t result = found;
    return result;
}

static inline __attribute__((always_inline)) ptrdiff_t cjs_gather_members_body(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, uint64_t *entries, size_t *end, size_t *skipped, int bmi) {
    return cjs_gather_object(bytes, count, tokens, table, key_count, room, offset, entries, end, skipped, bmi);
}

CJS_WALK_FUNCTIONS(ptrdiff_t, cjs_gather_members,
    (const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
        size_t offset, uint64_t *entries, size_t *end, size_t *skipped),
    CJS_ARGUMENTS(bytes, count, tokens, table, key_count, room, offset, entries, end, skipped))

static inline __attribute__((always_inline)) ptrdiff_t cjs_gather_nested_body(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, const cjs_nested *nested, uint64_t *entries, size_t *end, size_t *skipped, int bmi) {
    cjs_members members = {offset, 0, 0, 0};
    size_t found = 0;
    cjs_member_stop stop =
        cjs_member_walk(bytes, count, tokens, table, key_count, room, 0, &members, entries, &found, nested, bmi);
    if (stop != CJS_MEMBER_END) return -1;
    *end = members.position;
    *skipped = members.skipped;
    ptrdiff_t result = found;
    return result;
}

CJS_WALK_FUNCTIONS(ptrdiff_t, cjs_gather_nested,
    (const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
        size_t offset, const cjs_nested *nested, uint64_t *entries, size_t *end, size_t *skipped),
    CJS_ARGUMENTS(bytes, count, tokens, table, key_count, room, offset, nested, entries, end, skipped))

#if defined(__clang__)
#pragma clang attribute pop
#endif
