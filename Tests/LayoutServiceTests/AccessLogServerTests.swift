import Foundation
import HTTPServer
import Synchronization
import Testing

@testable import LayoutService

#if canImport(Glibc)
    import Glibc
#endif

/// The access log of a real server (port 0, real sockets, two loops) written per batch: after
/// pipelined and concurrent requests and a stop, the log holds exactly one whole line per
/// request, with its request ID, and a connection's lines in its requests' order.
struct AccessLogServerTests {
    static let count = 24

    /// A server logging JSON to a file; returns the server, its port and the file's path.
    static func start() throws -> (HTTPServer, Int, String, Int32) {
        let path = NSTemporaryDirectory() + "access-log-\(UUID().uuidString).jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        configuration.workers = 2
        let api = LayoutAPI()
        let observer = ServiceObserver(
            metrics: api.metrics, log: AccessLog(format: .json, loops: 2, output: .descriptor(fd)),
            routes: RouteLabels(api.router.routes), loops: 2)
        let server = HTTPServer(configuration: configuration, responder: api.responder(), observer: observer)
        return (server, try server.start(), path, fd)
    }

    /// The request IDs of the log's lines, in file order; every line must be a whole JSON object.
    static func loggedIDs(_ path: String) throws -> [String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["request_id"] as? String)
        }
    }

    /// N pipelined requests on one connection and N concurrent connections (half of them
    /// layouts answered by the workers, off the loop's batch), then a stop: exactly 2N lines,
    /// the right IDs, the pipelined ones in order.
    @Test func everyRequestLoggedOnceAfterStop() throws {
        let (server, port, path, fd) = try Self.start()
        defer {
            close(fd)
            unlink(path)
        }
        let body = try ServiceFixtures.sample("open-api-timeline-2020")

        let pipelined = (0..<Self.count).map { "pipe-\($0)" }
        let client = try TestHTTPClient(port: port)
        var requests: [UInt8] = []
        for id in pipelined {
            requests += Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: \(id)\r\n\r\n".utf8)
        }
        try client.send(requests)
        for id in pipelined {
            let response = try client.readResponse()
            #expect(response.status == 200 && response.header("X-Request-Id") == id)
        }

        let concurrent = (0..<Self.count).map { "conc-\($0)" }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Self.count) { index in
            do {
                let client = try TestHTTPClient(port: port)
                let headers = ["X-Request-Id": concurrent[index], "Content-Type": "application/json"]
                let response =
                    index % 2 == 0
                    ? try client.request("GET", "/healthz", headers: headers)
                    : try client.request("POST", "/v1/timeline/layout", headers: headers, body: body)
                if response.status != 200 || response.header("X-Request-Id") != concurrent[index] {
                    failures.add(1, ordering: .relaxed)
                }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)

        server.shutdown(grace: .seconds(5))
        server.waitUntilStopped()
        let ids = try Self.loggedIDs(path)
        #expect(ids.count == 2 * Self.count)
        #expect(Set(ids) == Set(pipelined + concurrent))
        #expect(ids.filter { $0.hasPrefix("pipe-") } == pipelined)
    }

    /// A request answered in a loop's batch is in the log when its response has arrived plus
    /// that batch's end: the client reading the response then finds the line (within a hang guard).
    @Test func lineWrittenAtTheBatchEnd() throws {
        let (server, port, path, fd) = try Self.start()
        defer {
            server.shutdown(grace: .seconds(1))
            server.waitUntilStopped()
            close(fd)
            unlink(path)
        }
        let client = try TestHTTPClient(port: port)
        let response = try client.request("GET", "/healthz", headers: ["X-Request-Id": "batch-end-1"])
        #expect(response.status == 200)
        let deadline = ContinuousClock.now + .seconds(10)
        var ids: [String] = []
        while ContinuousClock.now < deadline {
            ids = try Self.loggedIDs(path)
            if !ids.isEmpty { break }
            usleep(2_000)
        }
        #expect(ids == ["batch-end-1"])
    }
}
