import Foundation

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    /// The failing step: `socket`, `bind`, `listen`, `epoll_create`, `resolve`, `start`, `sigaction`.
    public var operation: String
    /// The `errno` (or `getaddrinfo` code) it failed with, 0 when not from the system.
    public var code: Int32
    public var description: String

    init(_ operation: String, code: Int32 = errno, description: String? = nil) {
        self.operation = operation
        self.code = code
        self.description = "\(operation) failed: " + (description ?? String(cString: strerror(code)))
    }
}
