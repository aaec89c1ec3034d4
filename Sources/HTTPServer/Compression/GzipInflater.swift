internal import CZlib

/// gzip request bodies inflated in bounded steps: inflating stops as soon as the output
/// passes the limit, so a small "zip bomb" costs at most the limit plus one step.
/// The zlib stream is reset between bodies. Not Sendable: each event loop owns one.
final class GzipInflater {
    /// What inflating a body gave.
    enum Outcome: Equatable {
        case inflated([UInt8])
        /// The inflated body would exceed the limit.
        case tooLarge
        /// Not gzip, corrupt, or cut short.
        case invalid
    }

    static let stepSize = 64 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    private let step: UnsafeMutableBufferPointer<UInt8>
    private let isReady: Bool

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        step = .allocate(capacity: Self.stepSize)
        // windowBits 15 + 16: a gzip wrapper only (a zlib or raw stream is invalid).
        isReady = inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        if !isReady { ServerLog.error("inflateInit2 failed; gzip request bodies are refused") }
    }

    deinit {
        if isReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        step.deallocate()
    }

    /// Inflates `input` (one or more gzip members) unless its inflated size passes `limit`.
    func inflate(_ input: [UInt8], limit: Int) -> Outcome {
        guard isReady else { return .invalid }
        defer {
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            inflateReset(stream)
        }
        var output: [UInt8] = []
        return input.withUnsafeBufferPointer { source -> Outcome in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.pointee.avail_in = uInt(source.count)
            while true {
                stream.pointee.next_out = step.baseAddress
                stream.pointee.avail_out = uInt(step.count)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                let produced = step.count - Int(stream.pointee.avail_out)
                if output.count + produced > limit { return .tooLarge }
                output.append(contentsOf: step[0..<produced])
                switch status {
                case Z_STREAM_END:
                    guard stream.pointee.avail_in > 0 else { return .inflated(output) }
                    inflateReset(stream)  // another gzip member follows (RFC 1952 §2.2)
                case Z_OK:
                    if stream.pointee.avail_in == 0 && produced < step.count { return .invalid }  // cut short
                default:
                    return .invalid
                }
            }
        }
    }
}
