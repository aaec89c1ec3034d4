import Foundation
import HTTPServer

/// `GET /metrics` (operationId `getMetrics`), `GET /openapi.yaml` (`getOpenAPI`), the
/// playground page `GET /` (`getPlayground`) and its icon `GET /favicon.ico` (`getFavicon`).
///
/// - Remark: HTTP `GET /metrics`, `GET /openapi.yaml`, `GET /`, `GET /favicon.ico`
struct ServiceDocuments: Sendable {
    let metrics: ServiceMetrics
    let resources: ResourceFiles
    /// The playground with the sample timelines inlined, built once.
    let playgroundPage: [UInt8]?

    init(metrics: ServiceMetrics, resources: ResourceFiles) {
        self.metrics = metrics
        self.resources = resources
        self.playgroundPage = resources.playgroundPage()
    }

    func metrics(_ request: HTTPRequest, _ context: RequestContext) -> HTTPResponse {
        HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
            body: Array(metrics.render().utf8))
    }

    func openAPI(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try resources.response(for: "openapi.yaml", contentType: "application/yaml; charset=utf-8")
    }

    func favicon(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        try resources.response(for: "playground/favicon.ico", contentType: "image/x-icon")
    }

    func playground(_ request: HTTPRequest, _ context: RequestContext) throws -> HTTPResponse {
        guard let playgroundPage else {
            throw APIError(
                .serviceUnavailable,
                "The playground is not installed beside the executable (\(ResourceFiles.bundleName)).")
        }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"],
            body: playgroundPage)
    }
}

/// Files shipped with the service (the OpenAPI document, the playground), read once at start.
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

    /// index.html with `<!--SAMPLES-->` replaced by one `<script type="application/json"
    /// id="sample-NAME">` per sample (`</` escaped as `<\/` so no sample can close the
    /// element). Built once at start, on bytes: the samples are half a megabyte.
    func playgroundPage() -> [UInt8]? {
        guard let page = files["playground/index.html"] else { return nil }
        let marker = Array("<!--SAMPLES-->".utf8)
        guard let start = page.indices.first(where: { page[$0...].starts(with: marker) }) else { return page }
        var scripts: [UInt8] = []
        for name in Self.sampleNames {
            guard let sample = files["samples/\(name).json"] else { continue }
            scripts += Array("<script type=\"application/json\" id=\"sample-\(name)\">".utf8)
            for (offset, byte) in sample.enumerated() {
                scripts.append(byte)
                // "</" becomes "<\/": JSON reads the same string, HTML sees no end tag.
                if byte == UInt8(ascii: "<"), offset + 1 < sample.count, sample[offset + 1] == UInt8(ascii: "/") {
                    scripts.append(UInt8(ascii: "\\"))
                }
            }
            scripts += Array("</script>\n".utf8)
        }
        return Array(page[..<start]) + scripts + Array(page[(start + marker.count)...])
    }

    func response(for name: String, contentType: String) throws(APIError) -> HTTPResponse {
        guard let body = files[name] else {
            throw APIError(
                .serviceUnavailable,
                "\(name) is not installed beside the executable (\(Self.bundleName)); set TIMELINE_LAYOUT_RESOURCES.")
        }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": contentType, "Cache-Control": "public, max-age=300"], body: body)
    }
}
