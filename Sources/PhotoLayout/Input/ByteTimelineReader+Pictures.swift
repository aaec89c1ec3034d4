import JSONBytes

/// `pic_infos` and its variants, lenient as `FoundationTimelineReader`'s `DecodedPictureInfo`.
///
/// Read with member cursors (`JSONScanner.nextField`), each field straight into its slot of
/// the info being built: no closure, no variant copied out of a box, no `String` (URLs are
/// slices of the request, `type`s classified on their bytes). Variants the rules never read
/// (`middleplus`, `mw2000`, `largecover`, …) and every other key are skipped by the scanner.
extension ByteTimelineReader {
    /// The members of an info the layout reads: its variants, then `type` and `keep_size`.
    enum InfoField: String, JSONField {
        case thumbnail, bmiddle, large, largest, original, type
        case keepSize = "keep_size"

        static let set = JSONFieldSet<Self>()

        /// The variants' bits (bit n for the case at index n of `allCases`).
        static let variants: UInt64 = allCases.enumerated().reduce(0) { mask, item in
            item.element.isVariant ? mask | 1 << UInt64(item.offset) : mask
        }

        /// Whether the member is a picture variant (an object read as `VariantField`s).
        var isVariant: Bool {
            switch self {
            case .thumbnail, .bmiddle, .large, .largest, .original: true
            case .type, .keepSize: false
            }
        }
    }

    /// The members of a picture variant. `readGatheredVariant` reads a gathered variant's
    /// members by their numbers (their indices in `allCases`): url 0, width 1, height 2, type 3.
    enum VariantField: String, JSONField {
        case url, width, height, type

        static let set = JSONFieldSet<Self>()
    }

    /// `pic_infos`: each entry that is an object, by pid (the first of duplicate pids wins,
    /// even when it is not an object and is dropped), pids as bytes of the request.
    /// Linear: pids are told apart by `SeenKeys` (the first sixteen on their bytes, later
    /// ones through a hash set, one insertion per key). Room for nine entries (a status's
    /// pictures) is made at the first, rather than growing the table by doubling.
    static func readPicInfos(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> WeiboPictureInfos {
        guard try scanner.peekIsObject() else {
            try scanner.skipValue()
            return WeiboPictureInfos()
        }
        var infos = WeiboPictureInfos()
        var seen = SeenKeys()
        // The sets read once per table (a `static let` costs its lazy-initialisation check per access).
        let fields = InfoField.set
        let variantFields = VariantField.set
        var more = try scanner.enterObject()
        while more {
            let pid = try scanner.plainMemberKey()
            if seen.insert(pid, in: scanner), try scanner.peekIsObject() {
                let bytes = pid.hasEscapes ? scanner.byteString(pid) : scanner.keptSlice(pid.start..<pid.end)
                if infos.count == 0 { infos.reserveCapacity(9) }
                // Read where it lies in the table: made in a local and appended, the info was
                // copied into the table and the local destroyed.
                try infos.append(pid: bytes) { info throws(JSONSyntaxError) in
                    try readPictureInfo(&scanner, into: &info, fields: fields, variantFields: variantFields)
                }
            } else {
                try scanner.skipValue()
            }
            more = try scanner.nextMemberByTokens()
        }
        scanner.work += seen.comparisons
        return infos
    }

    /// The info at the position (an object) into `info`.
    ///
    /// With token masks the info is walked once for its members and its variants' members
    /// (`members(gathering:nesting:inner:storage:)`): a variant read after that is not walked
    /// again, and no member costs a call into C of its own. `fields` and `variantFields` are
    /// `InfoField.set` and `VariantField.set`, read once by the caller.
    private static func readPictureInfo(
        _ scanner: inout JSONScanner, into info: inout WeiboPictureInfo, fields: JSONFieldSet<InfoField>,
        variantFields: JSONFieldSet<VariantField>
    ) throws(JSONSyntaxError) {
        try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 9 * InfoField.allCases.count) {
            (storage: UnsafeMutableBufferPointer<UInt64>) throws(JSONSyntaxError) in
            let storage = storage.baseAddress.unsafelyUnwrapped
            var members = try scanner.members(
                gathering: fields.keys, nesting: InfoField.variants, inner: variantFields.keys, storage: storage)
            if members.gathered >= 0 {
                return try readGatheredInfo(
                    &scanner, members, storage: storage, into: &info, variantFields: variantFields)
            }
            while let field = try scanner.nextField(&members, in: fields) {
                switch field {
                case .thumbnail: try readVariant(&scanner, into: &info.slots.thumbnail, fields: variantFields)
                case .bmiddle: try readVariant(&scanner, into: &info.slots.bmiddle, fields: variantFields)
                case .large: try readVariant(&scanner, into: &info.slots.large, fields: variantFields)
                case .largest: try readVariant(&scanner, into: &info.slots.largest, fields: variantFields)
                case .original: try readVariant(&scanner, into: &info.slots.original, fields: variantFields)
                case .type: info.type = try scanner.lenientPictureType()
                case .keepSize: info.keepSize = try scanner.lenientTruthy()
                }
            }
        }
    }

    /// The members of an info its walk gathered (`members.gathered` of them, in document
    /// order, in `members.entries` as `value << 8 | field`), the variants among them read from
    /// what the walk found inside them (`storage`: nine words per member), then the position
    /// put past the info's `}`: what `nextField` would hand out, read without a call per member.
    /// The field numbers are indices in `InfoField.allCases` (`JSONFieldSet`).
    @inline(__always)
    private static func readGatheredInfo(
        _ scanner: inout JSONScanner, _ members: JSONMemberCursor, storage: UnsafeMutablePointer<UInt64>,
        into info: inout WeiboPictureInfo, variantFields: JSONFieldSet<VariantField>
    ) throws(JSONSyntaxError) {
        let notGathered = JSONStructuralIndex.notGathered
        try withUnsafeBytes(of: members.entries) { entries throws(JSONSyntaxError) in
            var taken = 0
            while taken < members.gathered {
                let entry = entries.load(fromByteOffset: taken &* 8, as: UInt64.self)
                let slot = storage + 9 &* taken
                taken &+= 1
                scanner.position = Int(truncatingIfNeeded: entry &>> 8)
                // A variant the walk gathered is read from what the walk found, not walked
                // again; one it did not (not an object, or one it left) is read as without it.
                // (A member that is no variant has no slot word.)
                switch entry & 0xFF {
                case 0: try readSlot(&scanner, slot, notGathered, into: &info.slots.thumbnail, variantFields)
                case 1: try readSlot(&scanner, slot, notGathered, into: &info.slots.bmiddle, variantFields)
                case 2: try readSlot(&scanner, slot, notGathered, into: &info.slots.large, variantFields)
                case 3: try readSlot(&scanner, slot, notGathered, into: &info.slots.largest, variantFields)
                case 4: try readSlot(&scanner, slot, notGathered, into: &info.slots.original, variantFields)
                case 5: info.type = try scanner.lenientPictureType()
                default: info.keepSize = try scanner.gatheredTruthy()
                }
            }
        }
        // Past the `}` (as `nextField` leaves a gathered object).
        scanner.position = members.end &+ 1
        scanner.depth &-= 1
    }

    /// A variant member of a gathered info: read from what the walk found inside it
    /// (`readGatheredVariant`) unless its slot's first word is `notGathered`, else from the
    /// position as without the walk (`readVariant`: not an object, or one the walk left).
    @inline(__always)
    private static func readSlot(
        _ scanner: inout JSONScanner, _ slot: UnsafePointer<UInt64>, _ notGathered: UInt64,
        into variant: inout WeiboPictureVariant?, _ variantFields: JSONFieldSet<VariantField>
    ) throws(JSONSyntaxError) {
        if slot[0] != notGathered {
            try readGatheredVariant(&scanner, slot, into: &variant)
        } else {
            try readVariant(&scanner, into: &variant, fields: variantFields)
        }
    }

    /// The variant object at the position that the info's walk gathered (`slot`: its word as
    /// `cjs_gather_nested` wrote it, `closing << 8 | found`, then `found` entries
    /// `value << 8 | field`): its members read at the places the walk found, in document
    /// order, and the position put past its `}`. What `members(gathering:)` and `nextField`
    /// would give for it, without a cursor copied in and out. The entries' field numbers are
    /// those of the walk's inner set, `VariantField.set`: a case's index in `allCases`.
    /// Out of line: called from the five variant cases of `readGatheredInfo`, where five
    /// inlined copies spill the loop's registers.
    @inline(never)
    private static func readGatheredVariant(
        _ scanner: inout JSONScanner, _ slot: UnsafePointer<UInt64>, into variant: inout WeiboPictureVariant?
    ) throws(JSONSyntaxError) {
        let head = slot[0]
        // Inside the object: one level deeper (the walk gathered it within the depth limit).
        scanner.depth &+= 1
        // The slot is empty (the info's walk gives each field once; were it not, its variant
        // would be dropped first): an empty variant is put there and each member written into
        // it where it lies, rather than gathered in locals and copied in at the end. When a
        // member throws, the variant keeps what was read before it (and is dropped with the
        // error, as the table is).
        if case .some = variant { variant = nil }
        try withUnsafeMutablePointer(to: &variant) { optional throws(JSONSyntaxError) in
            optional.initialize(to: WeiboPictureVariant())
            // A present `Optional` payload lies at offset 0 (as `UnsafePointer.unwrapped()` reads it).
            let made = UnsafeMutableRawPointer(optional).assumingMemoryBound(to: WeiboPictureVariant.self)
            var index = 1
            let found = Int(truncatingIfNeeded: head & 0xFF)
            while index <= found {
                let entry = slot[index]
                index &+= 1
                scanner.position = Int(truncatingIfNeeded: entry &>> 8)
                // The walk's field number is the key's index in `VariantField.allCases`
                // (`JSONFieldSet`): url, width, height, type.
                switch entry & 0xFF {
                case 0:
                    // Written over the empty URL without releasing it (it holds no reference).
                    let url = try scanner.gatheredKeptString()
                    // `pointer(to:)` is `nil` only for a computed property; this is a stored one.
                    made.pointer(to: \.urlBytes)!.initialize(to: url)
                case 1: made.pointee.width = try scanner.lenientSide()
                case 2: made.pointee.height = try scanner.lenientSide()
                default: made.pointee.type = try scanner.gatheredPictureType()
                }
            }
        }
        scanner.position = Int(truncatingIfNeeded: head &>> 8) &+ 1
        scanner.depth &-= 1
        scanner.objectsGathered &+= 1
    }

    /// `{url, width, height, type}` into `slot` when it is an object; otherwise skipped, the
    /// slot left empty. `fields` is `VariantField.set`, read once by the caller. The variant
    /// is built in a local and stored once, not written member by member through the optional
    /// (`slot?.field =`), which copies and destroys the variant on each write.
    private static func readVariant(
        _ scanner: inout JSONScanner, into slot: inout WeiboPictureVariant?, fields: JSONFieldSet<VariantField>
    ) throws(JSONSyntaxError) {
        guard try scanner.peekIsObject() else { return try scanner.skipValue() }
        // Scalars wanted: the object walked once (`members(gathering:)`).
        var members = try scanner.members(gathering: fields)
        var variant = WeiboPictureVariant()
        while let field = try scanner.nextField(&members, in: fields) {
            switch field {
            case .url: variant.urlBytes = try scanner.keptString()
            case .width: variant.width = try scanner.lenientSide()
            case .height: variant.height = try scanner.lenientSide()
            case .type: variant.type = try scanner.lenientPictureType()
            }
        }
        slot = variant
    }
}
