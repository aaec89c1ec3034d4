import Foundation
import Testing

@testable import LayoutService

/// Where the service finds its shipped files: `TIMELINE_LAYOUT_RESOURCES` first, as a bundle
/// (files under `Resources/`) or as a plain folder holding the files themselves.
struct ResourceFilesTests {
    /// Makes a fresh folder under the temporary directory holding `files` at their relative paths.
    private func folder(with files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("resource-files-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// A folder that holds the files directly (the second location tried in each directory) is
    /// read, ahead of the bundle beside the executable.
    @Test func plainFolderFromTheEnvironment() throws {
        let root = try folder(with: ["openapi.yaml": "plain folder\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let resources = ResourceFiles(environment: ["TIMELINE_LAYOUT_RESOURCES": root.path])
        #expect(resources.text("openapi.yaml") == "plain folder\n")
    }

    /// A bundle-shaped folder (files under `Resources/`) is read, and wins over a plain file
    /// of the same name in the same folder.
    @Test func bundleFolderFromTheEnvironment() throws {
        let root = try folder(with: [
            "Resources/openapi.yaml": "bundle\n", "openapi.yaml": "plain\n",
            "Resources/playground/index.html": "<html>page</html>",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let resources = ResourceFiles(environment: ["TIMELINE_LAYOUT_RESOURCES": root.path])
        #expect(resources.text("openapi.yaml") == "bundle\n")
        #expect(resources.text("playground/index.html") == "<html>page</html>")
    }

    /// Directories are searched in order, file by file: a file missing from the first comes
    /// from the next one that has it, and a file found nowhere is absent (a 503 later, no trap).
    @Test func searchesDirectoriesInOrderPerFile() throws {
        let first = try folder(with: ["openapi.yaml": "first\n"])
        let second = try folder(with: ["openapi.yaml": "second\n", "Resources/playground/index.html": "second page"])
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let resources = ResourceFiles(searching: [first, second])
        #expect(resources.text("openapi.yaml") == "first\n")
        #expect(resources.text("playground/index.html") == "second page")
        #expect(resources.files["samples/client-api-timeline.json"] == nil)
    }
}

extension ResourceFiles {
    /// A file's text, so that a failed expectation prints words rather than bytes.
    fileprivate func text(_ name: String) -> String? {
        files[name].map { String(decoding: $0, as: UTF8.self) }
    }
}
