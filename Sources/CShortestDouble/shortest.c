// Schubfach (Giulietti 2020): for v = c 2^q, pick k so that the rounding interval of v, scaled by
// 10^-k, is between 1 and 10 units wide. Then at most one multiple of 10 lies in it (if one
// does, it is the shortest decimal, with a digit fewer than the others), and at least one of
// the two integers around the scaled value does (the closest of them is the answer otherwise).
// The scaling is a 64×126-bit product with a 126-bit table entry that overestimates 10^-k by
// less than one unit, rounded to odd, which the paper proves exact enough to decide every
// comparison below (sections 9 and 10).
// No debug information for this target's functions (docs/decisions/090): the profiler the
// benchmarks use cannot read a binary holding more than one C compile unit in DWARF 5. Symbols
// stay. The pragma covers functions only: the file also has no explicit casts and no string
// literals, and its tables are marked `nodebug`, because each of those would emit debug types
// or variables into a compile unit of its own.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((nodebug)), apply_to = hasType(functionType))
#endif
#include "CShortestDouble.h"

#include <string.h>

#include "pow10_table.h"

enum {
    SIGNIFICAND_BITS = 52,
    EXPONENT_BIAS = 1075,  // v = c 2^(e - 1075) with c the significand including its hidden bit
    Q_MIN = -1074,
};

static const uint64_t MASK_63 = (UINT64_C(1) << 63) - 1;

/// The high 64 bits of a × b.
static inline uint64_t multiply_high(uint64_t a, uint64_t b) {
#ifdef __SIZEOF_INT128__
    unsigned __int128 product = a;
    product *= b;
    return product >> 64;
#else
    uint64_t a0 = (a & 0xffffffff), a1 = a >> 32, b0 = (b & 0xffffffff), b1 = b >> 32;
    uint64_t low = a0 * b0, middle1 = a1 * b0, middle2 = a0 * b1, high = a1 * b1;
    uint64_t cross = (low >> 32) + (middle1 & 0xffffffff) + (middle2 & 0xffffffff);
    return high + (middle1 >> 32) + (middle2 >> 32) + (cross >> 32);
#endif
}

/// floor(e log10 2), exact for |e| <= 5456721 (checked over the exponents used by
/// scripts/gen-pow10-table.py).
static inline int floor_log10_pow2(int e) {
    const int64_t wide = e;
    return (wide * 661971961083) >> 41;
}

/// floor(log10(3/4 2^e)), for the irregular spacing below a power of two.
static inline int floor_log10_three_quarters_pow2(int e) {
    const int64_t wide = e;
    return (wide * 661971961083 - 274743187321) >> 41;
}

/// floor(e log2 10).
static inline int floor_log2_pow10(int e) {
    const int64_t wide = e;
    return (wide * 913124641741) >> 38;
}

/// g cp / 2^127 rounded to odd (the low bit is set when the quotient is inexact), where
/// g = g1 2^63 + g0: the scaled bound, exact enough that comparisons with integers decide.
static inline uint64_t round_to_odd(uint64_t g1, uint64_t g0, uint64_t cp) {
    uint64_t x1 = multiply_high(g0, cp);
    uint64_t y0 = g1 * cp;
    uint64_t y1 = multiply_high(g1, cp);
    uint64_t z = (y0 >> 1) + x1;
    uint64_t quotient = y1 + (z >> 63);
    return quotient | (((z & MASK_63) + MASK_63) >> 63);
}

/// The decimal for v = c 2^q, c > 0: the digits in `*digits` (perhaps with trailing zeros) and
/// the power of ten they are multiplied by as the return value. Inlined into the writers, so
/// the digits stay in registers.
static inline __attribute__((always_inline)) int schubfach(int q, uint64_t c, uint64_t *digits) {
    const uint64_t open = c & 1;  // an odd significand's bounds round away from it: excluded
    const uint64_t cb = c << 2;
    const uint64_t cbr = cb + 2;
    uint64_t cbl;
    int k;
    if (c != (UINT64_C(1) << SIGNIFICAND_BITS) || q == Q_MIN) {
        cbl = cb - 2;
        k = floor_log10_pow2(q);
    } else {
        // A power of two: the next value down is half as far as the next one up.
        cbl = cb - 1;
        k = floor_log10_three_quarters_pow2(q);
    }
    const int h = q + floor_log2_pow10(-k) + 2;
    const uint64_t *g = csd_pow10_table[k - CSD_K_MIN];
    const uint64_t vb = round_to_odd(g[0], g[1], cb << h);
    const uint64_t vbl = round_to_odd(g[0], g[1], cbl << h);
    const uint64_t vbr = round_to_odd(g[0], g[1], cbr << h);

    const uint64_t s = vb >> 2;
    // The multiples of 10 on either side of the scaled value: one digit shorter.
    const uint64_t shorter_below = s / 10 * 10;
    const uint64_t shorter_above = shorter_below + 10;
    const int below_in = vbl + open <= shorter_below << 2;
    const int above_in = (shorter_above << 2) + open <= vbr;
    if (below_in != above_in) {
        *digits = below_in ? shorter_below : shorter_above;
        return k;
    }
    const uint64_t t = s + 1;
    const int s_in = vbl + open <= s << 2;
    const int t_in = (t << 2) + open <= vbr;
    if (s_in != t_in) {
        *digits = s_in ? s : t;
        return k;
    }
    // Both in: the closer one, the even one on an exact tie (vb is odd unless exact).
    const int64_t distance = vb - ((s + t) << 1);
    *digits = distance < 0 || (distance == 0 && (s & 1) == 0) ? s : t;
    return k;
}

/// 10^0 ... 10^22, each exact in a double.
 __attribute__((nodebug)) static const double exact_powers_of_ten[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/// The shortest closest decimal of the positive `value` = c 2^-`shift` (c < 2^53,
/// 1 <= shift <= 76) without Schubfach, when there is one on the coarsest decimal grid that can
/// hold at most one: 10^-p with p the largest such that 10^-p is wider than the spacing 2^-shift
/// of doubles at `value` (p <= 22, so 10^p is exact). The rounding interval (at most 2^-shift
/// wide) then holds at most one multiple of 10^-p; if the integer k nearest to value 10^p (below
/// 2^53, exact) reads back as `value` (k / 10^p: exact operands, one correct rounding, ties to
/// even as reading does, and as Schubfach's bounds are included for an even significand), it is
/// that one. It is Schubfach's answer too: Schubfach's grid is finer than the interval's width,
/// so its one-digit-shorter candidates are multiples of 10^-p or finer, and the interval's unique
/// multiple of 10^-p is the unique shorter candidate Schubfach returns (an interval with none
/// makes Schubfach return no multiple of 10^-p, and the check here fails). A fraction of
/// Schubfach's cost for most decimals of up to 16 significant digits; false otherwise. Tested
/// equal to Schubfach on every ShortestDoubleTests value.
static inline __attribute__((always_inline)) int try_unique_decimal(double value, int shift, uint64_t *digits,
                                                                     int *exponent) {
    const int p = floor_log10_pow2(shift);  // 10^p < 2^shift: shift log10 2 is never whole
    const double scale = exact_powers_of_ten[p];
    const int64_t k = value * scale + 0.5;  // below 2^53: value < 2^(53 - shift)
    const double exact = k;
    if (exact / scale != value) return 0;
    *digits = k;
    *exponent = -p;
    return 1;
}

/// `csd_shortest_decimal`, inlined into the writers (no saved registers or stores through
/// pointers per number). `may_be_whole`
/// false skips the test for a whole number below 2^53, for a caller that has written those
/// already (`csd_write_json_number`); Schubfach would give the same digits.
static inline __attribute__((always_inline)) void shortest_decimal(double value, int may_be_whole,
                                                                   uint64_t *significand, int32_t *exponent) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    const uint64_t fraction = bits & ((UINT64_C(1) << SIGNIFICAND_BITS) - 1);
    const int biased = (bits >> SIGNIFICAND_BITS) & 0x7ff;
    uint64_t c;
    int q;
    if (biased != 0) {
        c = fraction | (UINT64_C(1) << SIGNIFICAND_BITS);
        q = biased - EXPONENT_BIAS;
    } else {
        c = fraction;
        q = Q_MIN;
    }
    uint64_t digits;
    int e;
    if (q < 0 && q >= -76 && try_unique_decimal(value, -q, &digits, &e)) {
        // One division found it (and an integer's digits with it, trailing zeros aside).
    } else if (may_be_whole && q < 0 && q > -SIGNIFICAND_BITS - 1 && (c & ((UINT64_C(1) << -q) - 1)) == 0) {
        // An integer below 2^53: its own digits are the shortest (no other integer is within
        // half a unit, and a shorter decimal would be an integer).
        digits = c >> -q;
        e = 0;
    } else {
        e = schubfach(q, c, &digits);
    }
    while (digits % 10 == 0) {
        digits /= 10;
        e += 1;
    }
    *significand = digits;
    *exponent = e;
}

void csd_shortest_decimal(double value, uint64_t *significand, int32_t *exponent) {
    shortest_decimal(value, 1, significand, exponent);
}

/// "00" … "99".
__attribute__((nodebug)) static const char two_digits[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/// 10^0 … 10^19.
__attribute__((nodebug)) static const uint64_t powers_of_ten[20] = {
    UINT64_C(1),
    UINT64_C(10),
    UINT64_C(100),
    UINT64_C(1000),
    UINT64_C(10000),
    UINT64_C(100000),
    UINT64_C(1000000),
    UINT64_C(10000000),
    UINT64_C(100000000),
    UINT64_C(1000000000),
    UINT64_C(10000000000),
    UINT64_C(100000000000),
    UINT64_C(1000000000000),
    UINT64_C(10000000000000),
    UINT64_C(100000000000000),
    UINT64_C(1000000000000000),
    UINT64_C(10000000000000000),
    UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000),
    UINT64_C(10000000000000000000),
};

/// How many decimal digits `value` has (1 for 0): the bit length gives it to within one.
static inline int digit_count(uint64_t value) {
    const int bits = 64 - __builtin_clzll(value | 1);
    const int guess = (bits * 1233) >> 12;  // floor(bits log10 2), at most one too few
    return guess + ((value | 1) >= powers_of_ten[guess]);  // 10^guess is even: 0 counts as 1 digit
}

/// Exactly `count` decimal digits of `value` (< 10^count, leading zeros written) into
/// `output[0 ..< count]`, from the last: two at a time, no scratch buffer, no copy.
static inline void write_fixed_digits(uint64_t value, int count, uint8_t *output) {
    uint8_t *cursor = output + count;
    while (cursor - output >= 2) {
        const uint64_t pair = value % 100;
        value /= 100;
        cursor -= 2;
        memcpy(cursor, two_digits + 2 * pair, 2);
    }
    if (cursor != output) {
        output[0] = '0' + value;
    }
}

/// The digits of `value` into `output`; returns their count.
static inline int write_digits(uint64_t value, uint8_t *output) {
    const int count = digit_count(value);
    write_fixed_digits(value, count, output);
    return count;
}

/// Whether eight digits can be made at once in a 64-bit word: its bytes in memory order are
/// then its lanes from the lowest (`eight_digits`). Elsewhere the digits go two at a time.
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CSD_SWAR_DIGITS 1
#else
#define CSD_SWAR_DIGITS 0
#endif

/// The eight decimal digits of `value` < 10^8 (leading zeros written) into `output[0 ..< 8]`,
/// with no loop and no table: the 8-digit number is split into two 4-digit lanes of a 64-bit
/// word, each lane into two 2-digit lanes, each of those into two digit bytes, every split of
/// every lane at once by one multiplication (q = v / 100 is (v 10486) >> 20 for v < 43699, and
/// q = v / 10 is (v 103) >> 10 for v < 179, so the products never reach the next lane) and
/// one subtraction that leaves q in a lane's low half and v - 100q (or v - 10q) in its high
/// half; then '0' is added to every byte: no division, table read or loop.
static inline void eight_digits(uint32_t value, uint8_t *output) {
#if CSD_SWAR_DIGITS
    const uint64_t low_half = value % 10000;  // no casts in this file: see the top
    uint64_t lanes = (value / 10000) | (low_half << 32);
    uint64_t quotients = ((lanes * 10486) >> 20) & UINT64_C(0x0000007F0000007F);
    lanes = (lanes << 16) - quotients * (100 * 65536 - 1);
    quotients = ((lanes * 103) >> 10) & UINT64_C(0x000F000F000F000F);
    lanes = (lanes << 8) - quotients * (10 * 256 - 1);
    lanes += UINT64_C(0x3030303030303030);
    memcpy(output, &lanes, 8);
#else
    write_fixed_digits(value, 8, output);
#endif
}

/// The `count` digits of `significand` (< 10^count, count <= 17) followed by `17 - count` '0'
/// bytes into `output[0 ..< 17]`: the significand is scaled to exactly 17 digits (one
/// multiplication), which are made as one digit and two groups of eight straight where the
/// text needs them, with no buffer, no leading-zero bookkeeping and no copy. The '0' bytes past
/// the significant digits are either the zeros of a whole number's text (`ddd00.0`) or past the
/// end of the text, where the caller writes what follows.
static inline void seventeen_digits(uint64_t significand, int count, uint8_t *output) {
    const uint64_t padded = significand * powers_of_ten[17 - count];
    const uint64_t rest = padded % UINT64_C(10000000000000000);
    output[0] = '0' + padded / UINT64_C(10000000000000000);
    eight_digits(rest / 100000000, output + 1);
    eight_digits(rest % 100000000, output + 9);
}

/// The positive finite `magnitude` as Swift's `description` writes it, from its shortest
/// decimal; returns the bytes written (at most 24 of the `CSD_MAXIMUM_LENGTH`; the padding
/// digits and the word moves write at most 25, and read only bytes written or reserved). `may_be_whole` as `shortest_decimal` takes it. Inlined into both
/// writers (no call, saved registers or passed arguments per number).
static inline __attribute__((always_inline)) size_t write_shortest_magnitude(double magnitude, uint64_t magnitude_bits, int may_be_whole, uint8_t *cursor) {
    uint64_t significand;
    int32_t exponent;
    shortest_decimal(magnitude, may_be_whole, &significand, &exponent);
    const int count = digit_count(significand);
    const int scientific = exponent + count - 1;  // the power of ten of the first digit
    const uint64_t two_to_53 = UINT64_C(0x4340000000000000);
    if (scientific < -4 || magnitude_bits > two_to_53) {
        // "d.ddde+XX": at least two exponent digits. The first digit is moved in front of the
        // point written over it.
        uint8_t *end = cursor + 1;
        seventeen_digits(significand, count, cursor + 1);
        cursor[0] = cursor[1];
        if (count > 1) {
            cursor[1] = '.';
            end = cursor + count + 1;
        }
        *end++ = 'e';
        *end++ = scientific < 0 ? '-' : '+';
        const unsigned power = scientific < 0 ? -scientific : scientific;
        if (power >= 100) {
            *end++ = '0' + power / 100;
        }
        memcpy(end, two_digits + 2 * (power % 100), 2);
        return end + 2 - cursor;
    }
    if (scientific >= 0) {
        const int whole = scientific + 1;  // at most 16 below 2^53
        if (count <= whole) {
            // "ddd00.0": the padding '0' bytes are the integer's zeros.
            seventeen_digits(significand, count, cursor);
            cursor[whole] = '.';  // bytes, not literals: a literal would carry debug information
            cursor[whole + 1] = '0';
            return whole + 2;
        }
        // "ddd.ddd": the digits, then the fraction's (at most 16) moved one byte on, as words
        // read before they are written over, and the point in the gap (the last word written
        // ends at most 25 bytes in).
        seventeen_digits(significand, count, cursor);
        uint64_t first, second;
        memcpy(&first, cursor + whole, 8);
        if (count - whole > 8) {
            memcpy(&second, cursor + whole + 8, 8);
            memcpy(cursor + whole + 9, &second, 8);
        }
        memcpy(cursor + whole + 1, &first, 8);
        cursor[whole] = '.';
        return count + 1;
    }
    // "0.000ddd": at most three zeros after the point ("0.000" is written whole, then the
    // digits over its tail).
    const int zeros = -scientific - 1;
    cursor[0] = '0';
    cursor[1] = '.';
    cursor[2] = '0';
    cursor[3] = '0';
    cursor[4] = '0';
    seventeen_digits(significand, count, cursor + 2 + zeros);
    return 2 + zeros + count;
}

size_t csd_write_double(double value, uint8_t *output) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    const uint64_t magnitude_bits = bits & ~(UINT64_C(1) << 63);
    if (magnitude_bits >= UINT64_C(0x7ff0000000000000)) return 0;
    uint8_t *cursor = output;
    if (bits >> 63) *cursor++ = '-';
    if (magnitude_bits == 0) {
        cursor[0] = '0';  // bytes, not a "0.0" literal: a literal would carry debug information
        cursor[1] = '.';
        cursor[2] = '0';
        return cursor + 3 - output;
    }
    double magnitude;
    memcpy(&magnitude, &magnitude_bits, sizeof magnitude);
    return cursor - output + write_shortest_magnitude(magnitude, magnitude_bits, 1, cursor);
}

size_t csd_write_json_number(double value, uint8_t *output) {
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    const uint64_t magnitude_bits = bits & ~(UINT64_C(1) << 63);
    if (magnitude_bits >= UINT64_C(0x7ff0000000000000)) {
        output[0] = 'n';
        output[1] = 'u';
        output[2] = 'l';
        output[3] = 'l';
        return 4;
    }
    uint8_t *cursor = output;
    if (bits >> 63) *cursor++ = '-';
    double magnitude;
    memcpy(&magnitude, &magnitude_bits, sizeof magnitude);
    if (magnitude < 1e11) {
        // k / 10^4 for a whole k < 10^15: rounding k = magnitude 10^4 is off by less than a
        // quarter, so this finds k whenever one exists, and the division (exact operands,
        // correctly rounded) proves that `magnitude` is the double nearest to k / 10^4. Every
        // decimal of at most 15 significant digits reads back as a different double (DBL_DIG),
        // so k's digits are the shortest: Schubfach would find the same ones. k < 2^63: signed
        // conversions, one instruction each way on x86-64 where unsigned ones take a dozen.
        const int64_t rounded = magnitude * 10000.0 + 0.5;
        const double exact = rounded;
        if (exact / 10000.0 == magnitude) {
            const uint64_t ten_thousandths = rounded;
            const uint64_t whole = ten_thousandths / 10000;
            const uint64_t fraction = ten_thousandths % 10000;
            cursor += write_digits(whole, cursor);
            if (fraction == 0) return cursor - output;
            // ".dddd", then as many digits as the last non-zero one needs.
            cursor[0] = '.';
            memcpy(cursor + 1, two_digits + 2 * (fraction / 100), 2);
            memcpy(cursor + 3, two_digits + 2 * (fraction % 100), 2);
            const int kept = fraction % 100 != 0 ? (fraction % 10 != 0 ? 4 : 3) : (fraction % 1000 != 0 ? 2 : 1);
            return cursor + 1 + kept - output;
        }
    } else if (magnitude_bits < UINT64_C(0x4340000000000000)) {
        // Below 2^53 and not an integer below 10^11: a larger integer goes by its own digits
        // (a signed conversion again).
        const int64_t whole = magnitude;
        const double exact = whole;
        if (exact == magnitude) return cursor - output + write_digits(whole, cursor);
    }
    // Every whole number below 2^53 was written above (below 10^11 as k / 10^4 with k a
    // multiple of 10^4): Schubfach needs no test for one.
    return cursor - output + write_shortest_magnitude(magnitude, magnitude_bits, 0, cursor);
}

#if defined(__clang__)
#pragma clang attribute pop
#endif
