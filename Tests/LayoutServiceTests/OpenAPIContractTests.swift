import Foundation
import HTTPServer
import Testing

@testable import LayoutService

/// The contract and the code cannot drift: openapi.yaml's operations are the route table.
struct OpenAPIContractTests {
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var operationID: String
        var description: String { "\(method) \(path) \(operationID)" }
    }

    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("openapi.yaml")

    /// Reads `paths:` → path → method → `operationId` from the document's block layout
    /// (two spaces per level, as the file is written; no YAML library in Foundation).
    static func operations() throws -> Set<Operation> {
        let text = try String(contentsOf: document, encoding: .utf8)
        var operations: Set<Operation> = []
        var inPaths = false
        var path: String?
        var method: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") {
                inPaths = line == "paths:"
                continue
            }
            guard inPaths else { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if indent == 2, content.hasSuffix(":") {
                path = String(content.dropLast())
                method = nil
            } else if indent == 4, content.hasSuffix(":") {
                method = String(content.dropLast()).uppercased()
            } else if indent == 6, content.hasPrefix("operationId:"), let path, let method {
                let id = content.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
                operations.insert(Operation(method: method, path: path, operationID: id))
            }
        }
        return operations
    }

    /// Every route is documented with its operationId, and every documented operation is routed.
    @Test func pathsAndOperationIDsEqualTheRouteTable() throws {
        let routes = Set(
            LayoutAPI().router.routes.map {
                Operation(method: $0.method.rawValue, path: $0.path, operationID: $0.operationID)
            })
        let documented = try Self.operations()
        #expect(documented.count >= 9)
        #expect(documented.subtracting(routes).isEmpty, "documented but not routed: \(documented.subtracting(routes))")
        #expect(routes.subtracting(documented).isEmpty, "routed but not documented: \(routes.subtracting(documented))")
    }

    /// docs/API.md §7's operationIds are all there.
    @Test func designOperationIDs() throws {
        let ids = Set(try Self.operations().map(\.operationID))
        for id in [
            "layoutTimeline", "getGrid", "openBrowser", "closeBrowser", "layoutAlbum", "getHealth", "getReadiness",
            "getMetrics", "getOpenAPI", "getPlayground", "getFavicon", "getSample",
        ] {
            #expect(ids.contains(id), "\(id)")
        }
    }

    /// `GET /samples`' `name` enum lists exactly the samples the service ships, in the menu's order.
    @Test func sampleNamesAreTheShippedSamples() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let block = try #require(text.range(of: "operationId: getSample")).upperBound
        let enumLine = try #require(text[block...].split(separator: "\n").first { $0.contains("enum: [") })
        let inside = enumLine.split(separator: "[", maxSplits: 1)[1].split(separator: "]")[0]
        let names = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names == ResourceFiles.sampleNames)
    }

    /// The Problem schema's `type` enum lists exactly the problem types the service gives, and
    /// the README's table of problem types names each.
    @Test func problemTypesAreListed() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let listed = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("- urn:problem:timeline-layout:") }.map { String($0.dropFirst(2)) }
        #expect(listed == ProblemType.listed.map(\.uri))
        let readme = try String(
            contentsOf: Self.document.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        for type in ProblemType.listed {
            let name = type.uri.dropFirst("urn:problem:timeline-layout:".count)
            #expect(readme.contains("| `\(name)` |"), "\(name)")
        }
    }
}
