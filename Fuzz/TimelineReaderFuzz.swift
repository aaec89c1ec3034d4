// libFuzzer entry point for the request JSON reader (`ByteTimelineReader`), linked with
// Sources/PhotoLayout and the reference reader (Sources/ReferenceTimelineReader) by scripts/fuzz. Besides "no crash, no leak, no hang" it checks:
// - the fast reader agrees with the reference (`FoundationTimelineReader`) wherever it
//   accepts a document or names a semantic error (it may only be stricter, as `.malformed`);
// - whatever it accepts lays out (once per set of its `variants`), and the layout's JSON is
//   valid JSON.
import Foundation
import JSONBytes
import ReferenceTimelineReader

@testable import PhotoLayout

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimelineReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let fast = Result { () throws(InputError) in try ByteTimelineReader().readTimeline(bytes) }
    switch fast {
    case .failure(let error) where error.kind == .malformed:
        return 0  // stricter than JSONDecoder by design (invalid UTF-8 in skipped values…)
    case .failure(let error):
        let reference = Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
        guard case .failure(let expected) = reference, expected == error else {
            fatalError("reader: \(error) but the reference gives \(reference)")
        }
    case .success(let request):
        let reference = Result { () throws(InputError) in try FoundationTimelineReader().readTimeline(bytes) }
        guard case .success(let expected) = reference, expected == request else {
            fatalError("reader: accepted, but the reference gives \(reference)")
        }
        let output: [UInt8]
        if let variants = request.variants {
            guard let sets = try? variants.validated() else { return 0 }
            output = JSONByteWriter.encode(TimelineRules.layout(for: request, variants: sets))
        } else {
            guard let options = try? GridOptions.validated(request.options) else { return 0 }
            output = JSONByteWriter.encode(TimelineRules.layout(for: request.statuses, options: options))
        }
        guard (try? JSONSerialization.jsonObject(with: Data(output))) != nil else {
            fatalError("layout output is not JSON: \(String(decoding: output.prefix(200), as: UTF8.self))")
        }
    }
    return 0
}
