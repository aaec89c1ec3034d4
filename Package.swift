// swift-tools-version:6.0
//
// Timeline photo layout service.
//
//   JSONBytes        JSON on UTF-8 bytes (Foundation only): validating scanner, SWAR helpers,
//                    key sets, tokens, syntax errors, byte writer; shared by the modules below
//   CJSONStructural  the scanner's SIMD stage 1 in C (SSE2/AVX2, NEON, scalar): token masks
//                    and lexical validation, 64 bytes at a time
//   CShortestDouble  the writer's doubles in C: Schubfach's shortest round-trip digits, written
//                    as Swift's `description` writes them
//   PhotoLayout      pure layout core (Foundation only): inputs → rules → outputs
//   ReferenceTimelineReader  the reference reader on JSONDecoder (FoundationTimelineReader), in no
//                    product: the tests, fuzzers and benchmarks hold the production reader equal to it
//   HTTPServer       generic HTTP/1.1 (+ gzip, HTTP/2) server on BSD sockets and Dispatch
//   LayoutService    the v1 API: DTOs, one handler per operationId, route table, CLI
//   timeline-layout  the executable: `serve` (default) and the offline `layout` command
//
// The C targets wrap what Swift's Glibc module does not give us: zlib, nghttp2, a few Linux
// system calls (epoll, accept4) the server's I/O loop needs, and SIMD intrinsics (plain C with
// no platform header, so JSONBytes and PhotoLayout still build for iOS and macOS).
import PackageDescription

// The benchmark executables are declared only when TIMELINE_LAYOUT_BENCHMARKS=1 (scripts/bench and
// scripts/bench-json set it), so a plain `swift build` of the service builds no benchmark — the
// way Hummingbird gates its benchmarks behind an environment variable.
let benchmarkTargets: [Target] =
    Context.environment["TIMELINE_LAYOUT_BENCHMARKS"] == "1"
    ? [
        .executableTarget(
            name: "ReaderWriterBench", dependencies: ["PhotoLayout", "JSONBytes", "ReferenceTimelineReader"],
            path: "Benchmarks/ReaderWriterBench"),
        .executableTarget(
            name: "BrowserBench", dependencies: ["LayoutService", "PhotoLayout", "JSONBytes"],
            path: "Benchmarks/BrowserBench"),
    ]
    : []

let package = Package(
    name: "timeline-layout",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // JSONBytes is PhotoLayout's one dependency, listed so an app can write its outputs too.
        .library(name: "PhotoLayout", targets: ["PhotoLayout", "JSONBytes"]),
        .executable(name: "timeline-layout", targets: ["timeline-layout"]),
    ],
    targets: [
        .target(name: "CJSONStructural"),
        .target(name: "CShortestDouble"),
        .target(name: "JSONBytes", dependencies: ["CJSONStructural", "CShortestDouble"]),
        .target(name: "PhotoLayout", dependencies: ["JSONBytes", "CJSONStructural"]),
        .target(name: "ReferenceTimelineReader", dependencies: ["PhotoLayout"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CNghttp2", pkgConfig: "libnghttp2", providers: [.apt(["libnghttp2-dev"])]),
        .target(name: "CSystemShims"),
        .target(name: "HTTPServer", dependencies: ["JSONBytes", "CSystemShims", "CZlib", "CNghttp2"]),
        .target(
            name: "LayoutService",
            dependencies: ["JSONBytes", "PhotoLayout", "HTTPServer"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(name: "timeline-layout", dependencies: ["LayoutService"]),
        // Seeded corpora the JSON and reader tests share: a timeline fuzzer, random JSON, the samples.
        .target(name: "TimelineCorpus", dependencies: ["JSONBytes"], path: "Tests/TimelineCorpus"),
        .testTarget(name: "JSONBytesTests", dependencies: ["JSONBytes", "TimelineCorpus"]),
        .testTarget(
            name: "PhotoLayoutTests",
            dependencies: ["JSONBytes", "PhotoLayout", "ReferenceTimelineReader", "TimelineCorpus"],
            exclude: ["Fixtures"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TimelineCorpus"]),
        .testTarget(
            name: "LayoutServiceTests",
            dependencies: ["LayoutService", "PhotoLayout", "HTTPServer", "JSONBytes", "TimelineCorpus"]),
    ] + benchmarkTargets,
    swiftLanguageModes: [.v6]
)
