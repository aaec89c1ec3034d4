internal import CNghttp2

#if canImport(Glibc)
    import Glibc
#endif

/// The allocator of one session's nghttp2 (`nghttp2_mem`): the small blocks nghttp2 frees as
/// each stream ends (the stream, its queued frames, the copy of its response's header list) are
/// kept on free lists by size and handed out again to the next streams, instead of going back to
/// `malloc` and `free` each time.
///
/// A block of up to `largestKept` bytes is served from one of `classCount` sizes (multiples of
/// `granule`, its `header` included), larger ones by `malloc` directly. At most `maxKeptBytes`
/// of freed blocks are kept; a block freed past that goes to `free`, and `trim` frees them all
/// (the driver's tick, while no stream is open). The lists are used only by the session's
/// nghttp2, which runs on the session's thread; `release` (after `nghttp2_session_del`, which
/// gives every block back) frees what is kept.
struct HTTP2BlockCache {
    /// The bytes before each block's usable bytes: its class (`classCount` for a block of
    /// `malloc`'s own size) and, while it is kept, the next kept block of its class. Sixteen
    /// keep the usable bytes at `malloc`'s alignment.
    static let header = 16
    /// The step between the sizes blocks are served in.
    static let granule = 64
    /// The sizes served from the lists: `granule`, `2 * granule`, … `classCount * granule`.
    static let classCount = 16
    /// The largest request served from the lists.
    static let largestKept = classCount * granule - header
    /// The freed bytes kept at most (a few streams' worth).
    static let maxKeptBytes = 16 * 1024

    /// Each class's first kept block (`classCount` words), then the bytes kept (one word).
    let state: UnsafeMutableRawPointer

    init() {
        state = .allocate(byteCount: (Self.classCount + 1) * MemoryLayout<Int>.stride, alignment: 8)
        state.initializeMemory(as: Int.self, repeating: 0, count: Self.classCount + 1)
    }

    /// The functions nghttp2 allocates with, on these lists.
    var allocator: nghttp2_mem {
        nghttp2_mem(
            mem_user_data: state,
            malloc: { size, state in HTTP2BlockCache.allocate(size, state: state.unsafelyUnwrapped) },
            free: { pointer, state in HTTP2BlockCache.free(pointer, state: state.unsafelyUnwrapped) },
            calloc: { count, size, state in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow, let block = HTTP2BlockCache.allocate(total, state: state.unsafelyUnwrapped) else {
                    return nil
                }
                block.initializeMemory(as: UInt8.self, repeating: 0, count: total)
                return block
            },
            realloc: { pointer, size, state in
                HTTP2BlockCache.reallocate(pointer, to: size, state: state.unsafelyUnwrapped)
            })
    }

    /// The bytes of freed blocks kept now.
    var keptBytes: Int { state.load(fromByteOffset: Self.classCount * MemoryLayout<Int>.stride, as: Int.self) }

    /// Frees the kept blocks (an idle session holds none for long); the lists stay in use.
    func trim() {
        for sizeClass in 0..<Self.classCount {
            let headOffset = sizeClass * MemoryLayout<Int>.stride
            var next = state.load(fromByteOffset: headOffset, as: UnsafeMutableRawPointer?.self)
            while let block = next {
                next = block.load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
                Glibc.free(block)
            }
            state.storeBytes(of: nil, toByteOffset: headOffset, as: UnsafeMutableRawPointer?.self)
        }
        state.storeBytes(of: 0, toByteOffset: Self.classCount * MemoryLayout<Int>.stride, as: Int.self)
    }

    /// Frees the kept blocks and the lists: after the session's nghttp2 is gone.
    func release() {
        trim()
        state.deallocate()
    }

    /// `size` usable bytes: a kept block of the smallest class that holds them, or a new one.
    @inline(__always)
    static func allocate(_ size: Int, state: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        guard size >= 0, size <= largestKept else {
            guard size >= 0, size <= Int.max - header, let block = malloc(size + header) else { return nil }
            block.storeBytes(of: classCount, as: Int.self)
            return block + header
        }
        let sizeClass = (size + header - 1) / granule
        let headOffset = sizeClass * MemoryLayout<Int>.stride
        if let block = state.load(fromByteOffset: headOffset, as: UnsafeMutableRawPointer?.self) {
            let next = block.load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
            state.storeBytes(of: next, toByteOffset: headOffset, as: UnsafeMutableRawPointer?.self)
            let keptOffset = classCount * MemoryLayout<Int>.stride
            let kept = state.load(fromByteOffset: keptOffset, as: Int.self)
            state.storeBytes(of: kept - (sizeClass + 1) * granule, toByteOffset: keptOffset, as: Int.self)
            return block + header
        }
        guard let block = malloc((sizeClass + 1) * granule) else { return nil }
        block.storeBytes(of: sizeClass, as: Int.self)
        return block + header
    }

    /// Keeps the block `pointer` is the usable bytes of when its class is kept and there is
    /// room, else frees it.
    @inline(__always)
    static func free(_ pointer: UnsafeMutableRawPointer?, state: UnsafeMutableRawPointer) {
        guard let pointer else { return }
        let block = pointer - header
        let sizeClass = block.load(as: Int.self)
        let keptOffset = classCount * MemoryLayout<Int>.stride
        let kept = state.load(fromByteOffset: keptOffset, as: Int.self) + (sizeClass + 1) * granule
        guard sizeClass < classCount, kept <= maxKeptBytes else {
            Glibc.free(block)
            return
        }
        let headOffset = sizeClass * MemoryLayout<Int>.stride
        let first = state.load(fromByteOffset: headOffset, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: first, toByteOffset: MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer?.self)
        state.storeBytes(of: block, toByteOffset: headOffset, as: UnsafeMutableRawPointer?.self)
        state.storeBytes(of: kept, toByteOffset: keptOffset, as: Int.self)
    }

    /// `pointer`'s block with room for `size` bytes, its bytes kept: the same block when its
    /// class holds them, else a new one (`realloc` for a block of `malloc`'s own size).
    static func reallocate(
        _ pointer: UnsafeMutableRawPointer?, to size: Int, state: UnsafeMutableRawPointer
    ) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size, state: state) }
        let block = pointer - header
        let sizeClass = block.load(as: Int.self)
        guard sizeClass < classCount else {
            guard size >= 0, size <= Int.max - header, let moved = realloc(block, size + header) else { return nil }
            return moved + header
        }
        let usable = (sizeClass + 1) * granule - header
        if size >= 0, size <= usable { return pointer }
        guard let moved = allocate(size, state: state) else { return nil }
        moved.copyMemory(from: pointer, byteCount: usable)
        free(pointer, state: state)
        return moved
    }
}
