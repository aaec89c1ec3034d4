// The shortest decimal text that reads back as the same binary64 value, written straight into a
// caller's buffer: Schubfach (Raffaello Giulietti, "The Schubfach way to render doubles", 2020),
// which finds the decimal with the fewest significant digits inside the value's rounding
// interval (bounds included when the significand is even, as round-half-even reading admits
// them), and of those the closest to the value (an exact tie goes to the even digit).
//
// The text is the one Swift's `Double.description` writes, byte for byte: `70.0`, `0.0001`,
// `114.33333333333333`, `1e-05`, `1e+16`, `-0.0`, `5e-324`: decimal notation from 10^-4 up to
// 2^53, exponential notation (one digit before the point, at least two exponent digits) outside.
//
// Plain C99 with no platform header; a 128-bit product where the compiler has one
// (`__SIZEOF_INT128__`), four 32-bit products elsewhere.
#ifndef CSHORTEST_DOUBLE_H
#define CSHORTEST_DOUBLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most bytes `csd_write_double` writes (`-2.2250738585072014e-308` is 24).
#define CSD_MAXIMUM_LENGTH 32

/// Writes the finite `value` as Swift's `description` does into `output`, which has room for
/// `CSD_MAXIMUM_LENGTH` bytes; returns the number written. A NaN or an infinity writes nothing
/// and returns 0 (JSON has no text for them).
size_t csd_write_double(double value, uint8_t *output);

/// Writes `value` as `JSONByteWriter` writes a JSON number into `output` (room for
/// `CSD_MAXIMUM_LENGTH` bytes) and returns the number of bytes written: a whole number below
/// 2^53 as its digits (`70`, `-0`), a number of at most four decimals below 10^11 by integer
/// arithmetic (`70.5`, `0.35`, `2.4`), anything else as `csd_write_double` (Schubfach); `null`
/// for a NaN or an infinity. The text is the shortest that reads back as `value` in every case.
size_t csd_write_json_number(double value, uint8_t *output);

/// The shortest closest decimal of the positive finite `value`: `value` reads back from
/// `significand` × 10^`exponent`, and `significand` has no trailing zero.
void csd_shortest_decimal(double value, uint64_t *significand, int32_t *exponent);

#ifdef __cplusplus
}
#endif

#endif
