import PhotoLayout

/// Collects every 422 problem of a browser or album request, so that one response lists
/// them all (as `GridOptions.validated` does for grid options).
struct BrowserValidation {
    private(set) var problems: [InputError.Problem] = []
    /// The kind of the first problem (`add` may bring an unknown or repeated name).
    var kind = InputError.Kind.invalidValue

    mutating func refuse(_ path: @autoclosure () -> [String], _ detail: String) {
        problems.append(InputError.Problem(pointer: JSONPointer.fragment(path()), detail: detail))
    }

    /// `value` when finite and > 0 (or ≥ 0 with `allowZero`), else a problem at `path`.
    mutating func positive(_ value: Double, _ path: @autoclosure () -> [String], allowZero: Bool = false) -> Double? {
        guard let value = finite(value, path()) else { return nil }
        guard value > 0 || (allowZero && value == 0) else {
            refuse(path(), allowZero ? "must be a finite number ≥ 0" : "must be a finite number > 0")
            return nil
        }
        return value
    }

    /// `value` when finite and within `GeometryLimits` (so that no sum or product of request
    /// values overflows), else a problem at `path`.
    mutating func finite(_ value: Double, _ path: @autoclosure () -> [String]) -> Double? {
        guard GeometryLimits.accepts(value) else {
            refuse(path(), GeometryLimits.refusal)
            return nil
        }
        return value
    }

    /// `value` when in `range`, else a problem at `path`.
    mutating func within(_ value: Double, _ range: ClosedRange<Double>, _ path: @autoclosure () -> [String]) -> Double?
    {
        guard range.contains(value) else {
            refuse(path(), "must be between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return value
    }

    /// A size whose sides are both finite and > 0.
    mutating func size(_ size: Size, _ path: @autoclosure () -> [String], allowZero: Bool = false) -> Size? {
        let width = positive(size.width, path() + ["width"], allowZero: allowZero)
        let height = positive(size.height, path() + ["height"], allowZero: allowZero)
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
    }

    /// A frame with a finite origin and a size whose sides are finite and > 0.
    mutating func frame(_ rect: Rect, _ path: @autoclosure () -> [String]) -> Rect? {
        let x = finite(rect.x, path() + ["x"])
        let y = finite(rect.y, path() + ["y"])
        let size = size(rect.size, path())
        guard let x, let y, let size else { return nil }
        return Rect(origin: Point(x: x, y: y), size: size)
    }

    mutating func point(_ point: Point, _ path: @autoclosure () -> [String]) -> Point? {
        let x = finite(point.x, path() + ["x"])
        let y = finite(point.y, path() + ["y"])
        guard let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    /// A known name of `T`, else a problem listing the accepted names.
    mutating func name<T: RawRepresentable & CaseIterable>(
        _ raw: String, as type: T.Type, _ path: @autoclosure () -> [String]
    ) -> T?
    where T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            refuse(path(), "unknown value \"\(raw)\"; expected one of: \(names)")
            return nil
        }
        return value
    }

    /// A whole number in `range`.
    mutating func whole(_ value: Double, in range: Range<Int>, _ path: @autoclosure () -> [String]) -> Int? {
        guard value.rounded() == value, value >= Double(range.lowerBound), value < Double(range.upperBound) else {
            refuse(path(), "must be a whole number in \(range.lowerBound)..<\(range.upperBound)")
            return nil
        }
        return Int(value)
    }

    /// The problems of a nested validation (`GridOptions.validated`); its kind is the 422's
    /// when they are the first problems.
    mutating func add(_ error: InputError) {
        if problems.isEmpty { kind = error.kind }
        problems += error.problems.isEmpty ? [InputError.Problem(pointer: "#", detail: error.detail)] : error.problems
    }

    /// The screen: required, both sides finite and > 0.
    mutating func screen(_ screen: Size?) -> Size? {
        guard let screen else {
            refuse(["screen"], "is required: {\"width\", \"height\"} in points")
            return nil
        }
        return size(screen, ["screen"])
    }

    /// `scale`: 1, 2 or 3; absent, the default 2.
    mutating func pixelGrid(_ scale: Double?) -> PixelGrid {
        guard let scale else { return PixelGrid(scale: GridOptions.defaultScale) }
        guard PixelGrid.supportedScales.contains(scale) else {
            refuse(["scale"], "must be 1, 2 or 3")
            return PixelGrid(scale: GridOptions.defaultScale)
        }
        return PixelGrid(scale: scale)
    }

    /// Throws the problems found, if any, as one 422.
    func finish() throws(InputError) {
        guard !problems.isEmpty else { return }
        throw InputError.invalidValues(problems, kind: kind)
    }

    /// Throws the problems found; else `input`, which is then never `nil`.
    func finish<T>(_ input: T?) throws(InputError) -> T {
        try finish()
        guard let input else {
            // Unreachable: whatever left `input` nil refused a value first.
            throw InputError(kind: .invalidValue, detail: "invalid request")
        }
        return input
    }
}
