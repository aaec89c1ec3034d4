// libFuzzer entry point for the gzip request-body inflater, linked with Sources/HTTPServer by
// scripts/fuzz. Besides "no crash, no leak, no hang" it checks:
// - an inflated body is never over the limit, and deflating it and inflating that gives it back;
// - the limit is exact: the inflated size itself passes, one byte less is `.tooLarge`;
// - one inflater reused across bodies (as each event loop reuses its own) answers as a fresh one.
import Foundation

@testable import HTTPServer

private let limit = 64 * 1024
/// Reused across inputs: the loop's inflater is reset between bodies, never re-created.
nonisolated(unsafe) private let shared = GzipInflater()  // libFuzzer calls the entry point on one thread
nonisolated(unsafe) private let deflater = GzipDeflater()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzipInflater(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = shared.inflate(input, limit: limit)
    let fresh = GzipInflater().inflate(input, limit: limit)
    precondition(outcome == fresh, "a reused inflater gives \(outcome), a fresh one \(fresh)")
    guard case .inflated(let body) = outcome else { return 0 }
    precondition(body.count <= limit, "inflated \(body.count) bytes over the limit of \(limit)")
    precondition(shared.inflate(input, limit: body.count) == outcome, "the exact size is refused")
    if !body.isEmpty {
        precondition(shared.inflate(input, limit: body.count - 1) == .tooLarge, "one byte over passes")
    }
    guard let compressed = deflater.compress(body) else { fatalError("deflate failed") }
    precondition(shared.inflate(compressed, limit: limit) == .inflated(body), "the round trip differs")
    return 0
}
