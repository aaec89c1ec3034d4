import Testing

@testable import HTTPServer

/// The allocator a session's nghttp2 runs on: freed small blocks are handed out again, up to a
/// bound; large blocks, `calloc` and `realloc` behave as the C functions they replace.
struct HTTP2BlockCacheTests {
    /// Runs `body` with a fresh cache's state and releases it.
    static func withCache(_ body: (HTTP2BlockCache) -> Void) {
        let cache = HTTP2BlockCache()
        body(cache)
        cache.release()
    }

    /// A freed block is the next one of its class handed out (last freed, first out); a request
    /// of another class gets another block; every size up to the largest kept is usable whole.
    @Test func freedBlocksAreHandedOutAgain() {
        Self.withCache { cache in
            let state = cache.state
            for size in [0, 1, 47, 48, 49, 100, 500, HTTP2BlockCache.largestKept] {
                guard let first = HTTP2BlockCache.allocate(size, state: state) else {
                    Issue.record("no block of \(size) bytes")
                    continue
                }
                first.initializeMemory(as: UInt8.self, repeating: 0xA5, count: size)
                let before = cache.keptBytes
                HTTP2BlockCache.free(first, state: state)
                #expect(cache.keptBytes == before + (size + 15) / 64 * 64 + 64)
                let again = HTTP2BlockCache.allocate(size, state: state)
                #expect(again == first, "size \(size)")
                #expect(cache.keptBytes == before)
                HTTP2BlockCache.free(again, state: state)
            }
            // 48 bytes fit the smallest class with the header, 49 do not.
            let small = HTTP2BlockCache.allocate(48, state: state)
            HTTP2BlockCache.free(small, state: state)
            let larger = HTTP2BlockCache.allocate(49, state: state)
            #expect(larger != small)
            HTTP2BlockCache.free(larger, state: state)
            HTTP2BlockCache.free(nil, state: state)  // as free(NULL): nothing
        }
    }

    /// Blocks over the largest kept size come from malloc and go back to free: none is kept.
    @Test func largeBlocksAreNotKept() {
        Self.withCache { cache in
            let state = cache.state
            let size = HTTP2BlockCache.largestKept + 1
            let block = HTTP2BlockCache.allocate(size, state: state)
            #expect(block != nil)
            block?.initializeMemory(as: UInt8.self, repeating: 1, count: size)
            HTTP2BlockCache.free(block, state: state)
            #expect(cache.keptBytes == 0)
            #expect(HTTP2BlockCache.allocate(-1, state: state) == nil)
            #expect(HTTP2BlockCache.allocate(Int.max, state: state) == nil)
        }
    }

    /// Past `maxKeptBytes` freed blocks go back to free: what is kept never exceeds the bound.
    @Test func keptBytesAreBounded() {
        Self.withCache { cache in
            let state = cache.state
            let blocks = (0..<1000).map { _ in HTTP2BlockCache.allocate(200, state: state) }
            for block in blocks {
                HTTP2BlockCache.free(block, state: state)
                #expect(cache.keptBytes <= HTTP2BlockCache.maxKeptBytes)
            }
            #expect(cache.keptBytes > HTTP2BlockCache.maxKeptBytes - 256)
            // All kept blocks are handed out again before new ones are made.
            let kept = cache.keptBytes / 256
            let again = (0..<kept).map { _ in HTTP2BlockCache.allocate(200, state: state) }
            #expect(cache.keptBytes == 0)
            #expect(Set(again).isSubset(of: Set(blocks)))
            for block in again { HTTP2BlockCache.free(block, state: state) }
            cache.trim()
            #expect(cache.keptBytes == 0)
            let fresh = HTTP2BlockCache.allocate(200, state: state)
            #expect(fresh != nil && cache.keptBytes == 0)
            HTTP2BlockCache.free(fresh, state: state)
            #expect(cache.keptBytes == 256)
        }
    }

    /// `calloc` zeroes (a reused block too) and refuses an overflowing product; `realloc`
    /// keeps the bytes, keeps a block whose class holds the new size, moves one that does not
    /// (also across to and between large blocks), and allocates for nil.
    @Test func callocAndRealloc() {
        Self.withCache { cache in
            let allocator = cache.allocator
            let state = allocator.mem_user_data
            let dirty = allocator.malloc(100, state)
            dirty?.initializeMemory(as: UInt8.self, repeating: 0xFF, count: 100)
            allocator.free(dirty, state)
            let zeroed = allocator.calloc(10, 10, state)
            #expect(zeroed == dirty)
            if let zeroed { #expect((0..<100).allSatisfy { zeroed.load(fromByteOffset: $0, as: UInt8.self) == 0 }) }
            #expect(allocator.calloc(Int.max, 2, state) == nil)

            var block = allocator.realloc(nil, 10, state)
            for index in 0..<10 { block?.storeBytes(of: UInt8(index), toByteOffset: index, as: UInt8.self) }
            let same = allocator.realloc(block, 40, state)
            #expect(same == block)
            for size in [200, 900, 5000, 70_000, 30] {
                block = allocator.realloc(block, size, state)
                #expect(block != nil)
                if let block {
                    #expect((0..<10).allSatisfy { block.load(fromByteOffset: $0, as: UInt8.self) == UInt8($0) })
                }
            }
            allocator.free(block, state)
            allocator.free(zeroed, state)
        }
    }

    /// A session serves stream after stream on the blocks it kept: after the first, nothing
    /// new is allocated per stream (the kept bytes come back to the same figure), and every
    /// answer, with its body, arrives whole.
    @Test func sessionReusesItsBlocks() throws {
        let session = HTTP2Session(
            configuration: HTTP2Session.Configuration(), remoteAddress: nil, requestIDPrefix: "t", observer: nil,
            now: .now)
        let client = HTTP2TestClient(server: session)
        var kept: [Int] = []
        for index in 0..<6 {
            let id = client.request("GET", "/a\(index)")
            client.exchange()
            let request = try #require(client.pending.first)
            client.answer(
                request, HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("body \(index)".utf8)))
            let stream = try #require(client.streams[id])
            #expect(stream.closed && stream.status == 200 && stream.body == Array("body \(index)".utf8))
            kept.append(session.blocks.keptBytes)
        }
        #expect(kept.allSatisfy { $0 > 0 })
        #expect(Set(kept.dropFirst(2)).count == 1, "\(kept)")
        // Trimmed while idle, the session allocates anew and keeps again.
        session.blocks.trim()
        #expect(session.blocks.keptBytes == 0)
        let id = client.request("GET", "/after")
        client.exchange()
        let request = try #require(client.pending.first)
        client.answer(request, HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("after".utf8)))
        #expect(client.streams[id]?.body == Array("after".utf8))
        #expect(session.blocks.keptBytes > 0)
        #expect(!session.isFailed)
    }
}
