// Stage 1 of a JSON reader in the manner of simdjson (Langdale & Lemire, "Parsing Gigabytes of
// JSON per Second", 2019): 64 bytes at a time are classified into bitmasks (quotes,
// backslashes, structural characters, whitespace), escaped quotes are told apart by the parity
// of the backslash run before them, and the bytes inside strings are found by a prefix XOR of
// the unescaped quotes. The result is one 64-bit mask per 64 input bytes whose bits mark where
// tokens start outside strings: `{ } [ ] : ,`, the opening quote of each string, and the
// first byte of each number or literal.
//
// The same pass validates what a grammar walk over those tokens cannot see: UTF-8 (RFC 3629)
// of the whole document, no control character inside a string or outside one (whitespace
// apart), every escape (`\uXXXX` surrogates paired), and every string closed. It does not
// check the spelling of numbers and literals, only marks where each starts: the grammar walks
// (`cjs_skip_value`, `cjs_next_member` and the gathers) check each number and literal they
// pass, and `cjs_valid_scalar_at` checks one for a caller that passes it itself. A document
// that passes stage 1 is JSON exactly when its tokens follow the grammar and each number and
// literal is spelled as RFC 8259 says.
//
// Plain C, no platform header beyond the compiler's intrinsics: SSE2, AVX2 (+ PCLMULQDQ) and
// AVX-512 on x86-64 chosen at run time, NEON on arm64, and a portable scalar path every platform builds.
#ifndef CJSON_STRUCTURAL_H
#define CJSON_STRUCTURAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The implementations of the classification step.
typedef enum {
    CJS_PATH_SCALAR = 0,  ///< Portable C, one byte at a time through a table.
    CJS_PATH_SSE2 = 1,    ///< x86-64 baseline: 16-byte compares, prefix XOR by shifts.
    CJS_PATH_AVX2 = 2,    ///< x86-64 with AVX2, PCLMULQDQ, BMI1 and BMI2: 32-byte compares, carry-less multiply.
    CJS_PATH_NEON = 3,    ///< arm64: 16-byte compares, polynomial multiply when the CPU has it.
    CJS_PATH_AVX512 = 4,  ///< x86-64 with AVX-512 F and BW besides AVX2's: 64-byte compares into mask registers.
} cjs_path;

/// Why a document failed the pass: of the problems found, the first in this order.
typedef enum {
    CJS_OK = 0,
    CJS_ERROR_UTF8 = 1,              ///< Bytes that are not UTF-8.
    CJS_ERROR_CONTROL = 2,           ///< A byte below 0x20 inside a string.
    CJS_ERROR_ESCAPE = 3,            ///< An escape JSON does not have, or a lone surrogate.
    CJS_ERROR_UNTERMINATED = 4,      ///< The document ends inside a string.
    CJS_ERROR_SCALAR = 5,            ///< A control character outside strings that is no whitespace.
    CJS_ERROR_UNAVAILABLE = -1,      ///< The path asked for cannot run on this CPU or was not built.
} cjs_status;

/// The fastest path this CPU runs.
cjs_path cjs_best_path(void);

/// Whether `path` is built into this binary and runs on this CPU.
int cjs_path_available(cjs_path path);

/// The number of mask words `cjs_structural_tokens` writes for `count` bytes.
static inline size_t cjs_token_words(size_t count) { return (count + 63) / 64; }

/// Runs stage 1 over `bytes[0 ..< count]` with `path`, the bytes before `start` read as spaces
/// (a byte order mark the reader passes over): writes `cjs_token_words(count)` words to
/// `tokens` (bit i of word w: byte 64·w + i starts a token outside strings) and returns
/// `CJS_OK` when the document passed every check listed above, else the first kind of problem
/// found, in the order of `cjs_status` (every path finds the same ones). The masks are
/// complete only on `CJS_OK`.
cjs_status cjs_structural_tokens(const uint8_t *bytes, size_t count, size_t start, uint64_t *tokens, cjs_path path);

/// The number of words of the escape map `cjs_structural_tokens_marking` writes for `count`
/// bytes: one bit per 64-byte block.
static inline size_t cjs_escape_words(size_t count) { return (cjs_token_words(count) + 63) / 64; }

/// `cjs_structural_tokens`, also writing `cjs_escape_words(count)` words to `escapes`: bit b
/// of word w set when block 64·w + b (bytes 64·(64·w + b) ..< +64) holds a backslash (in a
/// valid document, all in strings). A string whose blocks have no bit set has no escapes, so
/// a reader can take its bytes as they are without looking for backslashes. Complete only on
/// `CJS_OK`. Marked where the pass works out the escapes, which few blocks have: the blocks
/// without a backslash cost nothing more.
cjs_status cjs_structural_tokens_marking(
    const uint8_t *bytes, size_t count, size_t start, uint64_t *tokens, uint64_t *escapes, cjs_path path);

/// The deepest nesting `cjs_skip_value` follows.
#define CJS_MAXIMUM_DEPTH 512

/// Skips the value whose first token starts at `offset` (no whitespace before it) in a
/// document that passed stage 1 with masks `tokens`, checking the grammar from token to token:
/// containers closed by their own bracket, members as a string key, `:` and a value, commas
/// between members and elements and nowhere else, each number and literal spelled as
/// `cjs_valid_scalar_at` checks it, and no more than `room` (at most `CJS_MAXIMUM_DEPTH`)
/// containers open at once. Returns the offset of the next token after the value (`count`
/// when none is left), or -1 where the grammar breaks.
ptrdiff_t cjs_skip_value(const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room);

/// Whether the token at `offset` of the `count` bytes at `bytes` (a number's or literal's first
/// byte, as stage 1 marks it) is a number, `true`, `false` or `null` as RFC 8259 spells it,
/// followed by the end, whitespace or a byte of `{ } [ ] : , "`: the check the grammar walks
/// make of every number and literal they pass, for callers that pass one themselves.
int cjs_valid_scalar_at(const uint8_t *bytes, size_t count, size_t offset);

/// Where `cjs_next_member` stopped.
typedef enum {
    /// A member whose key is in the set and not met before: `position` is its value's first
    /// token, `field` its key's index in the set.
    CJS_MEMBER_FIELD = 0,
    /// The object's closing `}`: `position` is its offset.
    CJS_MEMBER_END = 1,
    /// A member the walk leaves to the caller, who reads it byte by byte as before (a key with
    /// escapes, whose text the walk does not decode, or a member whose `:` or value breaks the
    /// grammar): `position` is its key's opening quote.
    CJS_MEMBER_KEY = 2,
    /// After a value, no `,` or `}`, or a `,` not followed by a key (or the document's end), or
    /// (`after_value` 1) a byte at the start that is no whitespace and starts no token (the
    /// rest of a misspelled number or literal the caller read a part of): the grammar breaks
    /// there, and the caller's own "after a member" step finds how from `position` (where it
    /// resumes: only whitespace lies between it and the next token, or the byte it refuses).
    CJS_MEMBER_AFTER = 3,
} cjs_member_stop;

/// The state of one object's member walk (`cjs_next_member`), kept by the caller between calls.
typedef struct {
    size_t position;  ///< In: where the walk starts. Out: see `cjs_member_stop`.
    uint64_t seen;    ///< Bit n: key n of the set was met (later members with it are skipped).
    size_t skipped;   ///< Values skipped by this call (added to by the walk).
    size_t field;     ///< On `CJS_MEMBER_FIELD`: the index of the member's key in the set.
} cjs_members;

/// Walks the members of an object in a document that passed stage 1 with masks `tokens`, from
/// the key at `members->position` (`after_value` 0: its opening quote) or from right after a
/// member's value (`after_value` 1: whitespace before the next token, or where the value ends), skipping every
/// member whose key is not among the `key_count` (< 64) keys of `table` or was met before,
/// until a member to read, the object's end, or a place it leaves to the caller (a member
/// whose value breaks the grammar or is a misspelled number or literal). Skipped values are
/// checked as `cjs_skip_value` checks them, containers with at most `room` levels open. Keys are compared on their bytes: one with a backslash is left to the caller
/// (`CJS_MEMBER_KEY`), who decodes its escapes.
///
/// `table` (`JSONKeySet.walkTable`): word 0 the multiplier of the set's hash, words 1–32 its
/// 256 one-byte slots (slot s in byte s % 8 of word 1 + s / 8, first byte lowest: the index of
/// the key hashed there plus one, or 0), word 33 the lengths of the keys (bit n: a key has n
/// bytes), then three words per key: its first eight bytes (first byte lowest), its next eight
/// (zero past its end), and its length, at most 16. No key of the table holds a backslash or
/// a quote (a key matched on its bytes is then known to have no escapes).
cjs_member_stop cjs_next_member(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    int after_value, cjs_members *members);

/// Walks a whole object as `cjs_next_member` would be called on it member after member, from
/// the key at `offset` (its opening quote), with every wanted value (a member whose key is in
/// the set and not met before) passed over as the walk passes the values it skips (checked
/// the same way: `cjs_skip_value` for a container, `cjs_valid_scalar_at` for a number or
/// literal). Writes, for each wanted member in document
/// order, `value << 8 | field` to `entries` (its value's first token, its key's index; room
/// for `key_count` entries, `key_count` at most 255), the offset of the object's `}` to `end`
/// and the number of values skipped to `skipped`, and returns the number of entries; or
/// returns -1, having written only to `entries`, wherever `cjs_next_member` would stop
/// otherwise than on a field or the end (a key with escapes, a grammar error), so that the
/// caller reads the object member by member from `offset` as before.
ptrdiff_t cjs_gather_members(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, uint64_t *entries, size_t *end, size_t *skipped);

/// Which build of the grammar walks (`cjs_skip_value`, `cjs_next_member` and the gathers) runs
/// from now on. On x86-64 they are built twice, for the baseline and with BMI1 and BMI2, and run
/// the second where the CPU has them: `build` 1 runs the baseline build, any other value the
/// one the CPU allows. Both give the same results; tests compare them. Other platforms have
/// one build, and this does nothing.
void cjs_walks_choose(int build);

/// What `cjs_gather_nested` writes for an entry whose value it did not gather.
#define CJS_NOT_GATHERED (~(uint64_t)0)

/// The inner walk of `cjs_gather_nested`: which fields of the outer set have object values
/// gathered (bit n for field n), the inner key set (`table`, `key_count` at most 8, as for
/// `cjs_gather_members`), and where to write: nine words per outer entry, in the entries'
/// order (room for the outer `key_count` of them).
typedef struct {
    uint64_t fields;
    const uint64_t *table;
    size_t key_count;
    uint64_t *inner;
} cjs_nested;

/// `cjs_gather_members` that also gathers, in the same walk, each wanted value that is an
/// object with at least one member and whose field is in `nested->fields`: from its first
/// key, as `cjs_gather_members` with `nested->table` and one level less of `room`, instead of
/// passing over it (its insides are walked once). For outer entry i, word 9·i of
/// `nested->inner` is `closing << 8 | found` (the offset of that object's `}` and the number of
/// its entries, which follow in words 9·i + 1 …) or `CJS_NOT_GATHERED` (any other value: the
/// caller reads it as after `cjs_gather_members`). The values skipped inside count as skipped,
/// a gathered object (read by the caller) does not. Returns -1 wherever either walk would (the caller then reads the
/// object member by member as before).
ptrdiff_t cjs_gather_nested(
    const uint8_t *bytes, size_t count, const uint64_t *tokens, const uint64_t *table, size_t key_count, size_t room,
    size_t offset, const cjs_nested *nested, uint64_t *entries, size_t *end, size_t *skipped);

// A byte search for the rules' URL scans: the first of two bytes, and whether the bytes are all
// ASCII, in one pass of 16-byte compares (SSE2 is the x86-64 baseline and NEON arm64's: no
// run-time choice), or one byte at a time on other CPUs. `static inline` in the header, so that
// Swift callers (PhotoLayout's URL rules) inline it: as a call, its set-up and the caller's
// spills around it cost more than the ~70-byte scan.
#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#elif defined(__aarch64__) || defined(_M_ARM64)
#include <arm_neon.h>
#endif

/// The scalar search from `start`: what the vector paths do for the bytes they do not cover.
static inline int cjs_find_either_scalar(
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

/// The index of the first byte of `bytes` that is `first` or `second` (`count` when none) into
/// `*index`, and whether every byte is ASCII (below 0x80): 1 when it is, 0 when not.
static inline int cjs_find_either_ascii(
    const uint8_t *bytes, size_t count, uint8_t first, uint8_t second, size_t *index) {
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


#ifdef __cplusplus
}
#endif

#endif
