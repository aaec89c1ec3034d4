import Foundation
import HTTPServer
import PhotoLayout

/// `GET /metrics` (operationId `getMetrics`), `GET /openapi.yaml` (`getOpenAPI`), the
/// playground page `GET /` (`getPlayground`), its icon `GET /favicon.ico` (`getFavicon`) and
/// the sample timelines it offers, `GET /samples?name=NAME` (`getSample`), fetched when picked
/// so that the page itself stays small.
///
/// - Remark: HTTP `GET /metrics`, `GET /openapi.yaml`, `GET /`, `GET /favicon.ico`, `GET /samples`
struct ServiceDocuments: Sendable {
    let metrics: ServiceMetrics
    /// The documents by file name, made (and gzipped) once at start; a missing file is absent.
    let documents: [String: StaticDocument]

    /// The shipped documents, their media types and how long caches may keep them: the
    /// playground is revalidated on every load (its ETag makes that a 304), the others kept
    /// five minutes.
    static let shipped: [(name: String, contentType: String, cacheControl: String)] =
        [
            ("openapi.yaml", "application/yaml; charset=utf-8", "public, max-age=300"),
            ("playground/index.html", "text/html; charset=utf-8", "no-cache"),
            ("playground/favicon.ico", "image/x-icon", "public, max-age=300"),
        ] + ResourceFiles.sampleNames.map { ("samples/\($0).json", "application/json", "public, max-age=300") }

    init(metrics: ServiceMetrics, resources: ResourceFiles) {
        self.metrics = metrics
        var documents: [String: StaticDocument] = [:]
        for (name, contentType, cacheControl) in Self.shipped {
            let body = name == "playground/index.html" ? resources.playgroundPage() : resources.files[name]
            if let body {
                documents[name] = StaticDocument(body: body, contentType: contentType, cacheControl: cacheControl)
            }
        }
        self.documents = documents
    }

    func metrics(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
            body: Array(metrics.render().utf8))
    }

    func openAPI(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try document("openapi.yaml", request)
    }

    func favicon(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try document("playground/favicon.ico", request)
    }

    func playground(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try document("playground/index.html", request)
    }

    /// `GET /samples?name=NAME`: one of `ResourceFiles.sampleNames`, as Weibo sent it. A
    /// missing name or another parameter is a 422 at `#/query/NAME`; a name not offered, a 404.
    func sample(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        let names = ResourceFiles.sampleNames.joined(separator: ", ")
        var name: String?
        for item in request.queryItems {
            guard item.name == "name" else {
                throw InputError.at("#/query/\(item.name)", .invalidValue, "unknown name; expected one of: name")
            }
            if name == nil { name = item.value }
        }
        guard let name else {
            throw InputError.at("#/query/name", .invalidValue, "is required: one of \(names)")
        }
        guard ResourceFiles.sampleNames.contains(name) else {
            throw APIError(.notFound, "There is no sample named \"\(name)\"; the samples are: \(names).")
        }
        return try document("samples/\(name).json", request)
    }

    /// The document's answer, or 503 naming the file when it is not installed.
    private func document(_ name: String, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        guard let document = documents[name] else {
            throw APIError(
                .serviceUnavailable,
                "\(name) is not installed beside the executable (\(ResourceFiles.bundleName)); "
                    + "set TIMELINE_LAYOUT_RESOURCES.", type: .unavailable)
        }
        return document.response(to: request)
    }
}

/// Files shipped with the service (the OpenAPI document, the playground, the samples), read
/// once at start.
///
/// They are SwiftPM resources of this module. The lookup never traps (unlike
/// `Bundle.module` when the bundle is missing, as in a container that forgot to copy it):
/// it tries `TIMELINE_LAYOUT_RESOURCES`, then the bundle beside the executable (where
/// `swift build` and `swift test` put it, and where the container image copies it), and a
/// missing file answers 503 with a clear detail.
struct ResourceFiles: Sendable {
    static let bundleName = "timeline-layout_LayoutService.resources"
    /// The sample timelines the playground offers (also the test suites' fixtures).
    static let sampleNames = [
        "client-api-timeline", "open-api-timeline-2020", "open-api-legacy-2012", "weibo-com-web-ajax",
        "m-weibo-cn-container",
    ]
    let files: [String: [UInt8]]

    /// Files given directly (tests).
    init(files: [String: [UInt8]]) {
        self.files = files
    }

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        var directories: [URL] = []
        if let configured = environment["TIMELINE_LAYOUT_RESOURCES"] {
            directories.append(URL(fileURLWithPath: configured))
        }
        // The executable's own path (not argv[0], which is a bare name when run from PATH).
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            directories.append(executable.deletingLastPathComponent().appendingPathComponent(Self.bundleName))
        }
        if let resources = Bundle.main.resourceURL {
            directories.append(resources.appendingPathComponent(Self.bundleName))
        }

        self.init(searching: directories)
    }

    /// Reads each file from the first directory that has it, either inside the bundle's
    /// `Resources/` folder (as SwiftPM copies it) or directly in the directory (a folder given by
    /// `TIMELINE_LAYOUT_RESOURCES` that holds the files themselves).
    init(searching directories: [URL]) {
        var files: [String: [UInt8]] = [:]
        for name in ["openapi.yaml", "playground/index.html", "playground/favicon.ico"]
            + Self.sampleNames.map({ "samples/\($0).json" })
        {
            let candidates = directories.flatMap { directory in
                [
                    directory.appendingPathComponent("Resources").appendingPathComponent(name),
                    directory.appendingPathComponent(name),
                ]
            }
            if let data = candidates.lazy.compactMap({ try? Data(contentsOf: $0) }).first {
                files[name] = Array(data)
            }
        }
        self.files = files
    }

    /// index.html with `<!--SAMPLES-->` replaced by `<script type="application/json"
    /// id="samples">` holding the names of the samples installed (a JSON array of plain
    /// names: nothing in it can end the element). The page fetches a sample when it is picked.
    func playgroundPage() -> [UInt8]? {
        guard let page = files["playground/index.html"] else { return nil }
        let marker = Array("<!--SAMPLES-->".utf8)
        guard let start = page.indices.first(where: { page[$0...].starts(with: marker) }) else { return page }
        let names = Self.sampleNames.filter { files["samples/\($0).json"] != nil }.map { "\"\($0)\"" }
        let script = "<script type=\"application/json\" id=\"samples\">[\(names.joined(separator: ","))]</script>"
        return Array(page[..<start]) + Array(script.utf8) + Array(page[(start + marker.count)...])
    }
}
