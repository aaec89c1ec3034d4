import Foundation

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
            readFile: { path in Array(try Data(contentsOf: URL(fileURLWithPath: path))) },
            readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            writeOutput: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
            writeError: { text in FileHandle.standardError.write(Data((text + "\n").utf8)) },
            environment: ProcessInfo.processInfo.environment
        )
    }
}
