import Foundation
import HTTPServer
import Synchronization

/// Records what the server reports.
final class RecordingObserver: ServerObserver {
    let records = Mutex<[RequestRecord]>([])
    let opened = Atomic<Int>(0)
    let closed = Atomic<Int>(0)
    let shed = Atomic<Int>(0)

    func connectionOpened() { opened.add(1, ordering: .relaxed) }
    func connectionClosed() { closed.add(1, ordering: .relaxed) }
    func requestCompleted(_ record: RequestRecord) { records.withLock { $0.append(record) } }
    func requestShed() { shed.add(1, ordering: .relaxed) }
}

/// A server on an ephemeral 127.0.0.1 port with echo routes, stopped by `stop()`.
struct TestServer {
    let server: HTTPServer
    let port: Int
    let observer: RecordingObserver

    /// Bytes 0…250: a body made of it shows a missing or repeated stretch.
    static let pattern: [UInt8] = (0..<251).map { UInt8($0) }

    static func echoRouter() -> Router {
        var router = Router()
        router.add(.get, "/hello", operationID: "hello") { _, _ in
            HTTPResponse(headers: ["Content-Type": "text/plain"], body: Array("hello".utf8))
        }
        router.add(.post, "/echo", operationID: "echo") { request, _ in
            HTTPResponse(headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }
        router.add(.get, "/slow", operationID: "slow") { _, _ in
            Thread.sleep(forTimeInterval: 0.4)
            return HTTPResponse(body: Array("slow".utf8))
        }
        router.add(.get, "/ready", operationID: "ready") { _, context in
            HTTPResponse(status: context.isDraining ? .serviceUnavailable : .ok)
        }
        router.add(.get, "/fail", operationID: "fail") { _, _ in
            throw CocoaError(.fileNoSuchFile)
        }
        router.add(.get, "/evil", operationID: "evil") { _, _ in
            HTTPResponse(headers: ["X-Split": "a\r\nSet-Cookie: stolen=1"])
        }
        router.add(.get, "/big", operationID: "big") { request, _ in
            let size = request.queryItems.first { $0.name == "bytes" }.flatMap { Int($0.value) } ?? 0
            var body: [UInt8] = []
            body.reserveCapacity(size + pattern.count)
            while body.count < size { body.append(contentsOf: pattern) }
            return HTTPResponse(body: Array(body.prefix(size)))
        }
        return router
    }

    init(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        configuration.workers = 4  // two requests of one connection at once
        configure(&configuration)
        let observer = RecordingObserver()
        server = HTTPServer(configuration: configuration, responder: Self.echoRouter(), observer: observer)
        port = try server.start()
        self.observer = observer
    }

    func client() throws -> RawClient { try RawClient(port: port) }

    func stop() {
        server.shutdown(grace: .milliseconds(100))
        server.waitUntilStopped()
    }
}
