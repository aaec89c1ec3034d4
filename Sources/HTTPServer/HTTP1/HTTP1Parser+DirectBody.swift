import Foundation

/// A Content-Length body lives in one buffer of its final size, filled in place: from the
/// caller's read buffer (`feed`), from the parser's own buffer (bytes that arrived behind
/// others), or by the caller's `read(2)` straight into it (`receiveBody`), so that a large
/// body is not copied from the read buffer at all.
extension HTTP1Parser {
    /// How many bytes the caller may write straight into the body with `receiveBody`: the rest
    /// of a Content-Length body while no received byte waits before it, else 0.
    var directBodyCapacity: Int {
        guard case .lengthBody(let remaining) = state, awaitedMemory == 0, readIndex == buffer.count else { return 0 }
        return remaining
    }

    /// Lets `fill` write up to `directBodyCapacity` bytes into the body's unfilled part, as if
    /// they had been fed. `fill` returns how many bytes it wrote (at most the region's size);
    /// 0 or less (end of input, an error) changes nothing and is returned as is.
    mutating func receiveBody(_ fill: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        let remaining = directBodyCapacity
        guard remaining > 0 else { return 0 }
        let filled = body.count - remaining
        let written = body.withUnsafeMutableBytes { bytes in
            fill(UnsafeMutableRawBufferPointer(rebasing: bytes[filled..<filled + remaining]))
        }
        guard written > 0 else { return written }
        precondition(written <= remaining, "receiveBody: more bytes written than the region holds")
        requestByteCount += written
        state = written == remaining ? .complete : .lengthBody(remaining: remaining - written)
        return written
    }

    /// Copies `bytes` (at most `remaining`) into the body's unfilled part and counts them.
    mutating func fillBody(from bytes: UnsafeRawBufferPointer, remaining: Int) {
        let filled = body.count - remaining
        if let source = bytes.baseAddress, !bytes.isEmpty {
            body.withUnsafeMutableBytes { target in
                // Non-nil: the body has `remaining` >= `bytes.count` > 0 unfilled bytes from `filled`.
                (target.baseAddress! + filled).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        requestByteCount += bytes.count
        state = bytes.count == remaining ? .complete : .lengthBody(remaining: remaining - bytes.count)
    }

    /// A body of `count` bytes whose content is not written yet. `UInt8` is a trivial type, so
    /// skipping the zeroing is safe: every byte is written (`fillBody`, `receiveBody`) before the
    /// body is handed out, and a request cut short drops its body unread.
    static func unfilledBody(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initializedCount in initializedCount = count }
    }
}
