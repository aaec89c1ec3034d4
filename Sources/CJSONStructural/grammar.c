// The grammar walk over stage 1's token masks: skipping one value of a document that passed
// stage 1 without reading its bytes again, only the first byte of each token.

// No debug information for this target's functions: valgrind 3.19 (Debian 12), which
// Benchmarks/bench_cost.py and callgrind profiles run the service under, gives up on a binary
// holding two C compile units in DWARF 5 (the toolchain's default; CSystemShims is the other).
// Symbols stay, so callgrind still names these functions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "stage1.h"

/// What the first byte of a token is to the walk: a value that is no container (0), an
/// opening bracket (1), or punctuation, which cannot start a value (2). One load instead of
/// five compares per value.
#define CJS_KIND_OPEN 1
#define CJS_KIND_PUNCTUATION 2

/// Passes the next token (a set bit of the masks, in order; `bits` holds those of word `word`
/// not yet passed) and puts its offset in `offset`. No token left means the value is not
/// closed: the walk fails there, so that the tokens it reads are never past the end.
#define CJS_NEXT(offset)                                                               \
    do {                                                                               \
        while (!bits) {                                                                \
            if (++word >= words) return -1;                                            \
            bits = tokens[word];                                                       \
            base += 64;                                                                \
        }                                                                              \
        (offset) = base + __builtin_ctzll(bits);                                       \
        bits &= bits - 1;                                                              \
    } while (0)

/// Whether `key` is a string and `colon` a `:`, in one branch.
#define CJS_KEY_AND_COLON(key, colon) (((bytes[key] ^ '"') | (bytes[colon] ^ ':')) == 0)

ptrdiff_t cjs_skip_value(const uint8_t *bytes, size_t count, const uint64_t *tokens, size_t offset, size_t room) {
    __attribute__((nodebug)) static const unsigned char kinds[256] = {
        ['{'] = CJS_KIND_OPEN, ['['] = CJS_KIND_OPEN,
        ['}'] = CJS_KIND_PUNCTUATION, [']'] = CJS_KIND_PUNCTUATION,
        [':'] = CJS_KIND_PUNCTUATION, [','] = CJS_KIND_PUNCTUATION,
    };
    if (offset >= count) return -1;
    size_t words = cjs_token_words(count);
    size_t word = offset / 64;
    size_t base = 64 * word;  // the offset of word `word`'s first byte
    uint64_t bits = tokens[word] & (~0ULL << (offset % 64));
    size_t token;
    CJS_NEXT(token);
    if (token != offset) return -1;
    unsigned first = kinds[bytes[token]];
    if (first == CJS_KIND_OPEN) {
        // Which containers are open, 1 for an object: those around the innermost, whose own
        // kind is `object`.
        uint8_t objects[CJS_MAXIMUM_DEPTH];
        if (room > CJS_MAXIMUM_DEPTH) room = CJS_MAXIMUM_DEPTH;
        size_t level = 0;
        uint8_t object = 0;
        for (;;) {
            // A value starts at `token`.
            uint8_t byte = bytes[token];
            unsigned kind = kinds[byte];
            if (kind) {
                if (kind != CJS_KIND_OPEN || level >= room) return -1;
                objects[level++] = object;
                object = byte == '{';
                CJS_NEXT(token);
                size_t inner = token;
                if (bytes[inner] != (object ? '}' : ']')) {
                    if (object) {
                        size_t colon;
                        CJS_NEXT(colon);
                        if (!CJS_KEY_AND_COLON(inner, colon)) return -1;
                        CJS_NEXT(token);
                    }
                    continue;
                }
                object = objects[--level];
                if (level == 0) goto done;
            }
            // After a value, inside a container (the walk ends when the first one closes):
            // close containers, or move to the next member or element.
            for (;;) {
                CJS_NEXT(token);
                uint8_t after = bytes[token];
                if (after == ',') {
                    if (object) {
                        // A key, a colon and the value: most often all three in the word at hand.
                        uint64_t second = bits & (bits - 1);
                        uint64_t third = second & (second - 1);
                        if (third) {
                            size_t key = base + __builtin_ctzll(bits), colon = base + __builtin_ctzll(second);
                            if (!CJS_KEY_AND_COLON(key, colon)) return -1;
                            token = base + __builtin_ctzll(third);
                            bits = third & (third - 1);
                            break;
                        }
                        size_t key, colon;
                        CJS_NEXT(key);
                        CJS_NEXT(colon);
                        if (!CJS_KEY_AND_COLON(key, colon)) return -1;
                    }
                    CJS_NEXT(token);
                    break;
                }
                if (after != (object ? '}' : ']')) return -1;
                object = objects[--level];
                if (level == 0) goto done;
            }
        }
    } else if (first == CJS_KIND_PUNCTUATION) {
        return -1;
    }
done:
    // The offset of the next token, or `count` when none is left.
    while (!bits) {
        if (++word >= words) return count;
        bits = tokens[word];
        base += 64;
    }
    return base + __builtin_ctzll(bits);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
