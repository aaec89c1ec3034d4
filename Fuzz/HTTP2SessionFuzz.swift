// libFuzzer entry point for the HTTP/2 session (nghttp2 underneath), linked with
// Sources/HTTPServer by scripts/fuzz. The input is the client's side of a connection, fed in two
// pieces; every complete request is answered at once, and the frames the session wants to
// send are drained (bounded) after each step. Besides "no crash, no leak, no hang": no request
// body passes the body limit, stream ids are odd (client-initiated) and distinct, and a
// draining session still accepts input and output without trouble.
import Foundation

@testable import HTTPServer

private let fuzzLimits = HTTPServerConfiguration.Limits(maxHeaderBytes: 1024, maxBodyBytes: 4096)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP2Session(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let session = HTTP2Session(
        configuration: .init(limits: fuzzLimits, maxConcurrentStreams: 8, initialWindowSize: 16 * 1024),
        remoteAddress: nil, requestIDPrefix: "fuzz", observer: nil, now: .now)
    var seen: Set<Int32> = []
    var output: [UInt8] = []
    func step(_ piece: ArraySlice<UInt8>) {
        for ready in session.receive(Array(piece), now: .now) {
            precondition(ready.streamID > 0 && ready.streamID % 2 == 1, "stream id \(ready.streamID)")
            precondition(seen.insert(ready.streamID).inserted, "stream \(ready.streamID) handed out twice")
            precondition(ready.request.body.count <= fuzzLimits.maxBodyBytes, "a body over the limit")
            let response = HTTPResponse(headers: ["Content-Type": "text/plain"], body: ready.request.body)
            session.complete(
                streamID: ready.streamID, with: response, request: ready.request, requestID: ready.context.id)
        }
        output.removeAll(keepingCapacity: true)
        session.drainOutput(into: &output, limit: 1 << 20)
    }
    let half = bytes.count / 2
    step(bytes[..<half])
    session.startDraining()
    step(bytes[half...])
    _ = session.isFinished
    return 0
}
