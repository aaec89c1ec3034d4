import Foundation
import Testing
import TimelineCorpus

@testable import JSONBytes

/// `writeShortest`'s text.
private func shortest(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: JSONByteWriter.shortestMaximumCount) { buffer in
        // Not nil: the allocation has room for 32 bytes.
        let count = JSONByteWriter.writeShortest(value, into: buffer.baseAddress!)
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// The values whose text must equal `description`, with their opposites.
private func withOpposites(_ values: [Double]) -> [Double] {
    values + values.map { -$0 }
}

/// `JSONByteWriter.writeShortest` (Schubfach, in C) writes every double exactly as Swift's
/// `description` does, which is what the writer wrote for non-integers before it.
struct ShortestDoubleTests {
    /// The cases named in the contract and the ends of the range: zeros, the subnormals'
    /// extremes, the notation switches at 10^-4 and 2^53, the largest finite value.
    @Test func specialCases() {
        let values = withOpposites([
            0, 70, 70.5, 114.33333333333333, 0.1, 0.2, 0.3, 1e-5, 1e16, 1e-4, 0.00009999, 0.0001000001,
            9_007_199_254_740_992, 9_007_199_254_740_994, 9_007_199_254_740_991, 4_503_599_627_370_497,
            .leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
            .greatestFiniteMagnitude, .ulpOfOne, 1 + .ulpOfOne, Double(bitPattern: 1), Double(bitPattern: 2),
            Double(bitPattern: 20), 1e22, 1e23, 2e16,
            123_456_789_012_345_680, 1.7976931348623157e308, 2.2250738585072014e-308,
        ])
        for value in values {
            #expect(shortest(value) == value.description)
        }
        #expect(shortest(-0.0) == "-0.0")
        #expect(shortest(1e-5) == "1e-05")
        #expect(shortest(1e16) == "1e+16")
        #expect(shortest(.leastNonzeroMagnitude) == "5e-324")
        #expect(shortest(Double.leastNormalMagnitude.nextDown) == "2.225073858507201e-308")
        #expect(shortest(.nan) == "")
        #expect(shortest(-.infinity) == "")
    }

    /// Every power of two from the least subnormal to the largest, and its neighbours (the
    /// irregular spacing below a power of two).
    @Test func powersOfTwo() {
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            for value in withOpposites([power, power.nextUp, power.nextDown]) {
                #expect(shortest(value) == value.description, "2^\(exponent)")
            }
        }
    }

    /// Every power of ten a double comes near (1e-323 … 1e308), and its neighbours.
    @Test func powersOfTen() throws {
        for exponent in -323...308 {
            let power = try #require(Double("1e\(exponent)"))
            for value in withOpposites([power, power.nextUp, power.nextDown]) {
                #expect(shortest(value) == value.description, "1e\(exponent)")
            }
        }
    }

    /// 1,000,000 seeded random bit patterns (NaNs and infinities skipped), and 10,000
    /// patterns of each of the smallest subnormals.
    @Test func randomBitPatterns() {
        var random = SeededGenerator(seed: 15)
        var mismatches = 0
        for _ in 0..<1_000_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            if shortest(value) != value.description { mismatches += 1 }
        }
        for pattern in UInt64(1)...10_000 {
            let value = Double(bitPattern: pattern)
            if shortest(value) != value.description { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// Every digit count (1 … 17) at every place of the point the three notations take
    /// (`d.ddde±XX`, `ddd.ddd` with 1 … 16 digits before the point, `ddd00.0`, `0.000ddd`):
    /// the digits are made eight at a time and copied eight bytes at a time, so each count
    /// around a group's edge (8, 9, 16, 17) and each length of the integer part is its own case.
    @Test func everyDigitCountAtEveryPoint() throws {
        var random = SeededGenerator(seed: 17)
        var mismatches = 0
        for count in 1...17 {
            for exponent in -12...24 {
                for _ in 0..<40 {
                    var digits = String(Int.random(in: 1...9, using: &random))
                    for _ in 1..<count { digits += String(Int.random(in: 0...9, using: &random)) }
                    let value = try #require(Double("\(digits)e\(exponent - count + 1)"))
                    for value in [value, -value, value.nextUp, value.nextDown]
                    where shortest(value) != value.description {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// The values layouts write: thirds and sixtieths of pixel sizes, and keyframes of an eased
    /// transition (UIKit's cubic-bezier(0.42, 0, 0.58, 1)) between two frames, at several rates.
    @Test func layoutLikeValues() {
        var mismatches = 0
        for numerator in -300_000...300_000 {
            for value in [Double(numerator) / 3, Double(numerator) / 60, Double(numerator) / 6] {
                if shortest(value) != value.description { mismatches += 1 }
            }
        }
        var random = SeededGenerator(seed: 60)
        for _ in 0..<20_000 {
            let from = Double(Int.random(in: -2000...2000, using: &random)) / 2
            let to = Double(Int.random(in: -2000...2000, using: &random)) / 3
            let fps = Double(Int.random(in: 1...120, using: &random))
            var time = 0.0
            while time <= 0.5 {
                let progress = easeInOut(time / 0.5)
                for value in [time, progress, from + (to - from) * progress] {
                    if shortest(value) != value.description { mismatches += 1 }
                }
                time += 1 / fps
            }
        }
        #expect(mismatches == 0)
    }

    /// The JSON writer on the unit interval, where crops live (docs/API.md §4): the shares a
    /// crop rule divides out of picture and frame sizes (`(pw / ph) / (w / h)`, `(1 - s) / 2`)
    /// and seeded random doubles in (0, 1), 400,000 in all. Strictly between 0 and 1 the
    /// writer's text is `description`'s (no whole number), whichever of its paths (four
    /// decimals, the unique decimal, Schubfach) and notations (`0.ddd`, `0.000ddd`, `d.ddde-XX`)
    /// writes it.
    @Test func unitIntervalNumbers() {
        var random = SeededGenerator(seed: 41)
        var values: [Double] = []
        values.reserveCapacity(400_000)
        while values.count < 200_000 {
            let picture =
                Double(Int.random(in: 1...12_000, using: &random)) / Double(Int.random(in: 1...12_000, using: &random))
            let frame =
                Double(Int.random(in: 1...3_000, using: &random)) / Double(Int.random(in: 1...3_000, using: &random))
            let share = min(picture, frame) / max(picture, frame)
            values.append(share)
            values.append((1 - share) / 2)
        }
        while values.count < 400_000 {
            values.append(Double(random.next() >> 11) * 0x1p-53)
        }
        var mismatches = 0
        for value in values where value > 0 && value < 1 {
            var writer = JSONByteWriter()
            writer.number(value)
            if String(decoding: writer.bytes, as: UTF8.self) != value.description { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// The writer's numbers: integers and halves below 2^53 by the integer path (`70`, `70.5`,
    /// `-0`), everything else byte for byte as `description`, on random bit patterns.
    @Test func writerNumbers() {
        var random = SeededGenerator(seed: 16)
        var mismatches = 0
        for _ in 0..<100_000 {
            let value =
                random.next() % 2 == 0
                ? Double(bitPattern: random.next()) : Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 4
            var writer = JSONByteWriter()
            writer.number(value)
            let written = String(decoding: writer.bytes, as: UTF8.self)
            let expected: String
            if !value.isFinite {
                expected = "null"
            } else if value.magnitude < 0x1p53, (2 * value).rounded() == 2 * value {
                let whole = value.magnitude.rounded(.towardZero)
                let sign = value.sign == .minus ? "-" : ""
                expected = sign + String(UInt64(whole)) + (value.magnitude == whole ? "" : ".5")
            } else {
                expected = value.description
            }
            if written != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}

/// UIKit's ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), solved for x by bisection: an
/// independent stand-in for the rules' curve, for values shaped like keyframes.
private func easeInOut(_ x: Double) -> Double {
    func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
        let middle = (low + high) / 2
        if bezier(middle, 0.42, 0.58) < x { low = middle } else { high = middle }
    }
    return bezier((low + high) / 2, 0, 1)
}
