import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command reads and writes, so that tests run commands without a process.
public struct CommandIO: Sendable {
    public var readFile: @Sendable (String) throws -> [UInt8]
    public var readStandardInput: @Sendable () -> [UInt8]
    public var writeOutput: @Sendable ([UInt8]) -> Void
    public var writeError: @Sendable (String) -> Void
    public var environment: [String: String]

    public init(
        readFile: @escaping @Sendable (String) throws -> [UInt8],
        readStandardInput: @escaping @Sendable () -> [UInt8],
        writeOutput: @escaping @Sendable ([UInt8]) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        environment: [String: String]
    ) {
        self.readFile = readFile
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.environment = environment
    }

    /// The process's own files, standard streams and environment.
    public static var process: CommandIO {
        CommandIO(
            readFile: { path in try FileBytes.read(path) },
            readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            writeOutput: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
            writeError: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) },
            environment: ProcessInfo.processInfo.environment
        )
    }
}

/// A file's bytes read with open(2) and read(2), so that a failure is the system's plain
/// reason ("No such file or directory", "Is a directory") rather than a Foundation error code.
enum FileBytes {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: String(cString: strerror(errno)))
            }
            bytes += chunk[0..<count]
        }
    }
}
