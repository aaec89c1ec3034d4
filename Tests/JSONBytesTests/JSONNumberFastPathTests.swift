import Foundation
import Testing
import TimelineCorpus

@testable import JSONBytes

/// `writeJSONNumber`'s text (the writer's numbers, fast paths included).
private func written(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONByteWriter.numberMaximumCount) { buffer in
        // Not nil: the allocation has room for 32 bytes.
        let count = JSONByteWriter.writeJSONNumber(value, into: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// `writeNumber`'s text: the C writer alone, without the inlined path for small whole numbers.
private func writtenInC(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONByteWriter.numberMaximumCount) { buffer in
        // Not nil: the allocation has room for 32 bytes.
        let count = JSONByteWriter.writeNumber(value, into: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// `writeJSONInteger`'s text (the writer's integers).
private func written(_ value: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        // Not nil: the allocation has room for 32 bytes.
        let count = JSONByteWriter.writeJSONInteger(value, into: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// What the writer must write, from Schubfach alone (`writeShortest`): a whole number below
/// 2^53 without its `.0` (`70`, `-0`), `null` for a NaN or an infinity, and otherwise
/// Schubfach's text, itself checked against `description`.
private func expected(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let schubfach = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONByteWriter.shortestMaximumCount) {
        buffer in
        // Not nil: the allocation has room for 32 bytes.
        let count = JSONByteWriter.writeShortest(value, into: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
    if value.magnitude < 0x1p53, value.rounded(.towardZero) == value {
        return String(schubfach.dropLast(2))  // "70.0" → "70", "-0.0" → "-0"
    }
    return schubfach
}

/// The writer's fast paths (whole numbers, and k / 10^4 by integer arithmetic) write exactly
/// what Schubfach writes: the shortest round-trip text is never changed by them.
struct JSONNumberFastPathTests {
    /// Each boundary of the fast paths and of the notations, and their neighbours.
    @Test func boundaries() {
        let values: [Double] = [
            0, 1e-7, 1e-5, 1e-4, 0.00005, 0.0001, 0.00015, 0.9999, 0.99995, 1e21, 1e22, 1e23, 0.1 + 0.2, 0.1, 0.2, 0.3,
            0.35, 2.4, 70, 70.5, 114.33333333333333, 1 / 3, 2 / 3, 1e11, 99_999_999_999.9999, 99_999_999_999.999,
            1e15, 1e15 + 0.5, 1e16, 0x1p52, 0x1p52 + 1, 0x1p53 - 1, 0x1p53, 0x1p53 + 2, 4_503_599_627_370_495.5,
            .leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
            .greatestFiniteMagnitude,
            .ulpOfOne, 1 + .ulpOfOne, 1 - .ulpOfOne / 2, Double(bitPattern: 1), 0.1 * 3, 1.1 * 1.1, 0.7 + 0.1,
            123_456.7891, 123_456.78915, 9_999_999.9999, 1.7976931348623157e308,
        ]
        for base in values {
            for value in [base, base.nextUp, base.nextDown, -base, -base.nextUp, -base.nextDown] {
                #expect(written(value) == expected(value), "\(value)")
            }
        }
        #expect(written(-0.0) == "-0")
        #expect(written(0.1 + 0.2) == "0.30000000000000004")
        #expect(written(0.35) == "0.35")
        #expect(written(1e-7) == "1e-07")
        #expect(written(1e21) == "1e+21")
        #expect(written(.nan) == "null")
        #expect(written(-.infinity) == "null")
    }

    /// 2,100,000 values k / 10^d (d = 0 … 6, k up to 10^15, seeded), which the fast path
    /// takes whenever d ≤ 4, and their neighbours one unit in the last place away, which it
    /// must refuse.
    @Test func decimalsAgreeWithSchubfach() {
        var random = SeededGenerator(seed: 1504)
        var mismatches: [Double] = []
        for index in 0..<700_000 {
            let digits = Double(random.next() % 16)
            let numerator = Double(random.next() % UInt64(pow(10, digits) + 1))
            let value = numerator / pow(10, Double(index % 7))
            for candidate in [value, value.nextUp, -value.nextDown] where written(candidate) != expected(candidate) {
                mismatches.append(candidate)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// 1,000,000 seeded random bit patterns (every exponent, NaNs and infinities included).
    @Test func bitPatternsAgreeWithSchubfach() {
        var random = SeededGenerator(seed: 1505)
        var mismatches: [Double] = []
        for _ in 0..<1_000_000 {
            let value = Double(bitPattern: random.next())
            if written(value) != expected(value) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Pixel values at scales 1, 2 and 3 (n / scale for |n| ≤ 300,000) and keyframe times
    /// (n / 60): the numbers responses are made of.
    @Test func pixelValuesAgreeWithSchubfach() {
        var mismatches: [Double] = []
        for numerator in -300_000...300_000 {
            for value in [Double(numerator) / 2, Double(numerator) / 3, Double(numerator) / 60]
            where written(value) != expected(value) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}

/// The inlined path for whole numbers below 10^4 (`writeJSONNumber`, `writeSmall`) writes what
/// the C writer and Schubfach write, and leaves every other number to them; so does the
/// integers' (`writeJSONInteger`) what `String` writes.
struct JSONSmallNumberTests {
    /// Every whole number from 0 to 100,000, its neighbours one unit in the last place away,
    /// its halves, its negative and a subnormal multiple; and whole numbers of every length up
    /// to 2^53: the whole ones below 10^4 go inline, the others to C, and both write
    /// Schubfach's text.
    @Test func wholeNumbersAgreeWithTheCWriter() {
        var mismatches: [Double] = []
        for whole in 0...100_000 {
            let base = Double(whole)
            for value in [base, base.nextUp, base.nextDown, base + 0.5, base - 0.5, -base, 0x1p-1074 * base]
            where written(value) != writtenInC(value) || written(value) != expected(value) {
                mismatches.append(value)
            }
        }
        var random = SeededGenerator(seed: 330)
        for _ in 0..<200_000 {
            let value = Double(random.next() >> (11 &+ random.next() % 53))
            for candidate in [value, -value, value.nextUp, value.nextDown]
            where written(candidate) != writtenInC(candidate) || written(candidate) != expected(candidate) {
                mismatches.append(candidate)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// The edges of the inlined path: its first and last values, the first it leaves to C, and
    /// values whose bit patterns lie on either side of its bounds.
    @Test func edges() {
        #expect(written(0.0) == "0")
        #expect(written(-0.0) == "-0")
        #expect(written(7.0) == "7")
        #expect(written(10.0) == "10")
        #expect(written(99.0) == "99")
        #expect(written(100.0) == "100")
        #expect(written(999.0) == "999")
        #expect(written(1000.0) == "1000")
        #expect(written(9999.0) == "9999")
        #expect(written(10_000.0) == "10000")
        #expect(written(9999.5) == "9999.5")
        #expect(written(Double(10_000).nextDown) == "9999.999999999998")
        #expect(written(-7.0) == "-7")
        #expect(written(0.5) == "0.5")
        #expect(written(Double.nan) == "null")
        #expect(written(-Double.nan) == "null")
        #expect(written(Double.infinity) == "null")
        #expect(written(Double.leastNonzeroMagnitude) == "5e-324")
        #expect(written(0x1p53 - 1) == "9007199254740991")
        #expect(written(-(0x1p53 - 1)) == "-9007199254740991")
        #expect(written(1e11) == "100000000000")
        #expect(written(123_456_789.0) == "123456789")
    }

    /// Integers: every one from -10,001 to 20,000, and the extremes, as `String` writes them.
    @Test func integersAgreeWithDescription() {
        var mismatches: [Int] = []
        for value in -10_001...20_000 where written(value) != String(value) { mismatches.append(value) }
        for value in [Int.min, Int.min + 1, Int.max, Int.max - 1, 99_999, 100_000, 1_000_000_007, -9999]
        where written(value) != String(value) {
            mismatches.append(value)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// The writer and a fragment write numbers through the same paths: a frame of small whole
    /// numbers and one of other numbers, as values and as a fragment.
    @Test func writerAndFragmentAgree() {
        var writer = JSONByteWriter()
        writer.beginArray()
        for value in [0.0, -0.0, 70, 1065, 9999, 10_000, 0.5633802816901409, 35.5] { writer.number(value) }
        for value in [0, 7, 42, 999, 1000, 9999, 10_000, -1, -42, Int.min] { writer.number(value) }
        writer.fragment(reserving: 6 &* JSONByteWriter.numberMaximumLength &+ 8) { fragment in
            fragment.number(0.0)
            fragment.text(",")
            fragment.number(1065.0)
            fragment.text(",")
            fragment.number(0.25)
            fragment.text(",")
            fragment.number(9999)
            fragment.text(",")
            fragment.number(-3)
            fragment.text(",")
            fragment.number(12_345)
        }
        writer.endArray()
        #expect(
            String(decoding: writer.finish(), as: UTF8.self)
                == "[0,-0,70,1065,9999,10000,0.5633802816901409,35.5,0,7,42,999,1000,9999,10000,-1,-42,"
                + "-9223372036854775808,0,1065,0.25,9999,-3,12345]")
    }
}

/// The room fragments reserve per number is the C writer's bound.
struct JSONNumberLengthTests {
    /// `numberMaximumLength` (a literal callers fold) equals `CSD_MAXIMUM_LENGTH`.
    @Test func fragmentsReserveTheCBound() {
        #expect(JSONByteWriter.numberMaximumLength == JSONByteWriter.numberMaximumCount)
        #expect(written(-2.2250738585072014e-308).utf8.count < JSONByteWriter.numberMaximumLength)
    }
}
