// Stage 1 of a JSON reader in the manner of simdjson (Langdale & Lemire, "Parsing Gigabytes of
// JSON per Second", 2019): 64 bytes at a time are classified into bitmasks (quotes,
// backslashes, structural characters, whitespace), escaped quotes are told apart by the parity
// of the backslash run before them, and the bytes inside strings are found by a prefix XOR of
// the unescaped quotes. The result is one 64-bit mask per 64 input bytes whose bits mark where
// tokens start outside strings: `{ } [ ] : ,`, the opening quote of each string, and the
// first byte of each number or literal.
//
// The same pass validates what a grammar walk over those tokens cannot see: UTF-8 (RFC 3629)
// of the whole document, no control character inside a string, every escape (`\uXXXX`
// surrogates paired), every string closed, and every number or literal spelled as RFC 8259
// says. A document that passes it is JSON exactly when its tokens follow the grammar.
//
// Plain C, no platform header beyond the compiler's intrinsics: SSE2 and AVX2 (+ PCLMULQDQ)
// on x86-64 chosen at run time, NEON on arm64, and a portable scalar path every platform builds.
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
} cjs_path;

/// Why a document failed the pass: of the problems found, the first in this order.
typedef enum {
    CJS_OK = 0,
    CJS_ERROR_UTF8 = 1,              ///< Bytes that are not UTF-8.
    CJS_ERROR_CONTROL = 2,           ///< A byte below 0x20 inside a string.
    CJS_ERROR_ESCAPE = 3,            ///< An escape JSON does not have, or a lone surrogate.
    CJS_ERROR_UNTERMINATED = 4,      ///< The document ends inside a string.
    CJS_ERROR_SCALAR = 5,            ///< Text outside strings that is no number, true, false or null.
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

/// The deepest nesting `cjs_skip_value` follows.
#define CJS_MAXIMUM_DEPTH 512

/// Skips the value whose first token starts at `offset` (no whitespace before it) in a
/// document that passed stage 1 with masks `tokens`, checking the grammar from token to token:
/// containers closed by their own bracket, members as a string key, `:` and a value, commas
/// between members and elements and nowhere else, and no more than `room` (at most
/// `CJS_MAXIMUM_DEPTH`) containers open at once. Returns the offset of the next token after
/// the value (`count` when none is left), or -1 where the grammar breaks.
ptrdiff_t cjs_skip_value(const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room);

#ifdef __cplusplus
}
#endif

#endif
