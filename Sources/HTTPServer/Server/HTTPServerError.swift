import Foundation

/// Why the server could not start.
package struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    /// The failing step: `socket`, `bind`, `listen`, `epoll_create`, `resolve`, `start`, `sigaction`.
    package var operation: String
    /// The `errno` (or `getaddrinfo` code) it failed with, 0 when not from the system.
    package var code: Int32
    package var description: String

    init(_ operation: String, code: Int32 = errno, description: String? = nil) {
        self.operation = operation
        self.code = code
        self.description = "\(operation) failed: " + (description ?? String(cString: strerror(code)))
    }
}
