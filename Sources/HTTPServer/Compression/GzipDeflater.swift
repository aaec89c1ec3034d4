internal import CZlib

/// gzip (RFC 1952) compression of whole bodies with one zlib stream, reset between bodies
/// instead of being allocated per response. Not Sendable: each event loop owns one.
final class GzipDeflater {
    /// zlib keeps a pointer back to its `z_stream`, so the stream lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private let isReady: Bool

    /// - Parameter level: 1 (fastest) … 9 (smallest); zlib's default is 6.
    init(level: Int32 = Z_DEFAULT_COMPRESSION) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 15 + 16 asks for the gzip wrapper; memLevel 8 is zlib's default.
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size)
        )
        isReady = status == Z_OK
        if !isReady { ServerLog.error("deflateInit2 failed (\(status)); responses go uncompressed") }
    }

    deinit {
        if isReady { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `input` as one gzip member, or nil when zlib fails (the caller sends it uncompressed).
    func compress(_ input: [UInt8]) -> [UInt8]? {
        guard isReady else { return nil }
        defer { deflateReset(stream) }
        let bound = Int(deflateBound(stream, uLong(input.count)))
        var status = Z_STREAM_ERROR
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            input.withUnsafeBufferPointer { source in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                status = deflate(stream, Z_FINISH)
                count = status == Z_STREAM_END ? Int(stream.pointee.total_out) : 0
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
