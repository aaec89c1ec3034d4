import Foundation

/// Server errors, one line each, to standard error (the access log is the observer's job).
enum ServerLog {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("HTTPServer: \(message)\n".utf8))
    }
}
