import JSONBytes

/// `variants` (`RawTimelineVariants`), as `FoundationTimelineReader` reads it: `null` as
/// absent, any other value that is not an object a 400 at `#/variants`; each of the first
/// `RawTimelineVariants.maxCount` members read by the code that reads `options` (its errors
/// under `#/variants/NAME`, the first variant's in document order reported), a repeated name's
/// value skipped, and the values past the `maxCount`th member skipped (only counted).
extension ByteTimelineReader {
    /// The `variants` value at the position; `nil` for `null`.
    static func readVariants(
        _ scanner: inout JSONScanner
    ) throws(JSONSyntaxError) -> Result<RawTimelineVariants, InputError>? {
        switch try scanner.expect(.object) {
        case .found: break
        case .null: return nil
        case .other: return .failure(RawTimelineVariants.notAnObject)
        }
        var variants = RawTimelineVariants()
        var failure: InputError?
        var more = try scanner.enterObject()
        while more {
            let key = try scanner.memberKey()
            variants.memberCount &+= 1
            if variants.memberCount > RawTimelineVariants.maxCount {
                try scanner.skipValue()
            } else {
                let name = scanner.string(key)
                if let first = variants.variants.firstIndex(where: { $0.name == name }) {
                    variants.variants[first].isRepeated = true
                    try scanner.skipValue()
                } else {
                    switch try readOptions(&scanner) {
                    case .success(let options):
                        variants.variants.append(RawTimelineVariants.Variant(name: name, options: options))
                    case .failure(let error):
                        if failure == nil {
                            failure = error.moved(from: "#/options", to: JSONPointer.fragment(["variants", name]))
                        }
                    }
                }
            }
            more = try scanner.nextMember()
        }
        if let failure { return .failure(failure) }
        return .success(variants)
    }
}
