import CNghttp2
import Testing

@testable import HTTPServer

/// The header list's fields written straight into its scratch storage: decimal digits and
/// request IDs.
struct HTTP2HeaderListTests {
    /// Each entry's name and value as text.
    static func fields(of list: HTTP2HeaderList) -> [String] {
        list.withEntries { entries in
            entries.map { entry in
                let name = String(decoding: UnsafeBufferPointer(start: entry.name, count: entry.namelen), as: UTF8.self)
                let value = String(
                    decoding: UnsafeBufferPointer(start: entry.value, count: entry.valuelen), as: UTF8.self)
                return "\(name): \(value)"
            }
        }
    }

    @Test func digitsOfEveryLength() {
        let list = HTTP2HeaderList()
        let values = [0, 7, 9, 10, 99, 100, 999, 1000, 1_234_567_890, Int.max, -5]
        for value in values { list.add(.contentLength, digitsOf: value) }
        let expected = ["0", "7", "9", "10", "99", "100", "999", "1000", "1234567890", "9223372036854775807", "0"]
        #expect(Self.fields(of: list) == expected.map { "content-length: \($0)" })
        #expect(list.fieldBytes == expected.reduce(0) { $0 + 14 + $1.utf8.count })
        // Below 1 000 (and a negative value's 0) the digits are the static ones: no scratch byte
        // written; from 1 000 on they are written into the scratch storage.
        #expect(list.scratchBytes == 4 + 10 + 19)
        let small = HTTP2HeaderList()
        for value in [0, 15, 404, 999, -1] { small.add(.contentLength, digitsOf: value) }
        #expect(Self.fields(of: small) == ["0", "15", "404", "999", "0"].map { "content-length: \($0)" })
        #expect(small.scratchBytes == 0)
        #expect(HTTP2StaticBytes.pointer(toCode: 200).pointee == UInt8(ascii: "2"))
    }

    @Test func requestIDsGeneratedAndGiven() {
        let list = HTTP2HeaderList()
        list.add(requestID: RequestContext.ID(prefix: "a1b2c3d4-0007", number: 0))
        list.add(requestID: RequestContext.ID(prefix: "p", number: 4_294_967_296), indexed: true)
        list.add(requestID: RequestContext.ID("client-given-id"))
        list.add(requestID: RequestContext.ID(String(repeating: "x", count: 200)))
        #expect(
            Self.fields(of: list) == [
                "x-request-id: a1b2c3d4-0007-0", "x-request-id: p-4294967296", "x-request-id: client-given-id",
                "x-request-id: " + String(repeating: "x", count: 200),
            ])
        let flags = list.withEntries { $0.map(\.flags) }
        let noIndex = UInt8(NGHTTP2_NV_FLAG_NO_INDEX.rawValue)
        #expect(flags.map { $0 & noIndex != 0 } == [true, false, true, true])
    }

    /// IDs generated with the list's own prefix are written from its kept bytes, every other ID
    /// from its text: each field reads the same either way, through storage grown under them.
    @Test func requestIDsOfTheListsPrefixAndOthers() {
        let longPrefix = String(repeating: "q", count: 30)
        for (prefix, other) in [("k3x9-1z", "k3x9-2"), (longPrefix, String(repeating: "q", count: 29))] {
            let list = HTTP2HeaderList(byteCapacity: 8, entryCapacity: 2, requestIDPrefix: prefix)
            list.add(requestID: RequestContext.ID(prefix: prefix, number: 0))
            // Equal text in other storage is the same prefix.
            list.add(
                requestID: RequestContext.ID(
                    prefix: String(decoding: Array(prefix.utf8), as: UTF8.self), number: 1_234_567), indexed: true)
            list.add(requestID: RequestContext.ID(prefix: other, number: 5))
            list.add(requestID: RequestContext.ID(prefix))  // a client's ID spelled as the prefix: no dash, no number
            list.add(requestID: RequestContext.ID(prefix: prefix, number: Int.max))
            let expected = [
                "\(prefix)-0", "\(prefix)-1234567", "\(other)-5", prefix, "\(prefix)-9223372036854775807",
            ]
            #expect(Self.fields(of: list) == expected.map { "x-request-id: \($0)" })
            #expect(list.fieldBytes == expected.reduce(0) { $0 + 12 + $1.utf8.count })
            let noIndex = UInt8(NGHTTP2_NV_FLAG_NO_INDEX.rawValue)
            #expect(list.withEntries { $0.map { $0.flags & noIndex != 0 } } == [true, false, true, true, true])
        }
    }

    /// Generated IDs counted up from the last one's digits (carries, a digit more at 9, 99,
    /// 999…) read as those written whole; a number that does not follow the last (a jump back or
    /// ahead, the same again, another prefix's or a client's ID between) is written whole, and
    /// counting goes on from it.
    @Test func requestIDsCountedUp() {
        let prefix = "c0ffee01-3"
        let list = HTTP2HeaderList(byteCapacity: 16, entryCapacity: 4, requestIDPrefix: prefix)
        var numbers = Array(0...1_010) + [99_998, 99_999, 100_000, 100_001, 100_001, 7, 8, 9, 10]
        numbers += [Int.max - 2, Int.max - 1, Int.max, 0, 1]
        var expected: [String] = []
        for (index, number) in numbers.enumerated() {
            list.add(requestID: RequestContext.ID(prefix: prefix, number: number))
            expected.append("x-request-id: \(prefix)-\(number)")
            if index == 500 {
                list.add(requestID: RequestContext.ID("client-given"))
                list.add(requestID: RequestContext.ID(prefix: "other", number: number + 1))
                expected += ["x-request-id: client-given", "x-request-id: other-\(number + 1)"]
            }
        }
        #expect(Self.fields(of: list) == expected)
    }

    /// Fields that outgrow the scratch storage move it; the entries written before still read right.
    @Test func storageGrowsUnderWrittenFields() {
        let list = HTTP2HeaderList(byteCapacity: 8, entryCapacity: 2)
        list.add(.contentLength, digitsOf: 12345)
        list.add(requestID: RequestContext.ID(prefix: "prefix", number: 678))
        list.add(.contentLength, digitsOf: 9_876_543_210)
        #expect(
            Self.fields(of: list) == [
                "content-length: 12345", "x-request-id: prefix-678", "content-length: 9876543210",
            ])
    }

    /// While held (submitted, not yet serialized), a new list writes after the bytes written and
    /// storage it outgrows is replaced without moving them: the entries submitted before still
    /// read their fields. Released, the next list starts at the beginning of the storage again.
    @Test func heldBytesStayWhereTheyAre() {
        let list = HTTP2HeaderList(byteCapacity: 32, entryCapacity: 2)
        list.add(.contentLength, digitsOf: 12345)
        let mark = list.mark
        list.add(requestID: RequestContext.ID(prefix: "a", number: 1))
        let submitted = list.withEntries { Array($0) }
        list.hold()
        #expect(list.isHeld && list.scratchBytes == 8)
        list.removeAll(after: mark)
        list.add(requestID: RequestContext.ID(prefix: "b", number: 2))
        #expect(list.scratchBytes == 11)
        #expect(Self.fields(of: list) == ["content-length: 12345", "x-request-id: b-2"])
        list.removeAll()
        list.add(requestID: RequestContext.ID(String(repeating: "c", count: 40)))  // grows the storage
        #expect(list.scratchBytes == 51)
        #expect(Self.fields(of: list) == ["x-request-id: " + String(repeating: "c", count: 40)])
        let texts = submitted.map {
            String(decoding: UnsafeBufferPointer(start: $0.value, count: $0.valuelen), as: UTF8.self)
        }
        #expect(texts == ["12345", "a-1"])
        list.release()
        #expect(!list.isHeld)
        list.removeAll()
        #expect(list.scratchBytes == 0)
        list.add(.contentLength, digitsOf: 1234)  // (below 1 000 the digits would be static ones)
        #expect(Self.fields(of: list) == ["content-length: 1234"] && list.scratchBytes == 4)
    }

    /// Every entry, the server's names, `:status` and the handler's fields alike, is read by
    /// nghttp2 where it is: none is copied when the response is submitted.
    @Test func noEntryIsCopiedBySubmission() {
        let list = HTTP2HeaderList()
        list.addStatus(200)
        list.add(.contentLength, digitsOf: 2)
        list.add(requestID: RequestContext.ID("id"))
        Array("x-a".utf8).withUnsafeBufferPointer { name in
            Array("b".utf8).withUnsafeBufferPointer { list.add(name: name, value: $0) }
        }
        let noCopy = UInt8(NGHTTP2_NV_FLAG_NO_COPY_NAME.rawValue | NGHTTP2_NV_FLAG_NO_COPY_VALUE.rawValue)
        #expect(list.withEntries { $0.map { $0.flags & noCopy } } == [noCopy, noCopy, noCopy, noCopy])
    }
}
