import HTTPServer

/// The per-request metrics (requests by route, method and status; latency by route; bytes in
/// and out) as plain counters indexed by integers, one block per event loop, merged when
/// `/metrics` is rendered: a request costs a few relaxed atomic adds, with no lock, no hashing
/// and no dictionary. A loop writes its own block (`RequestRecord.loopIndex`), so the adds are
/// uncontended; a record from another thread (HTTP/2 or a test) lands in block 0, still exact.
///
/// Indices: the route is the position of its label in `routes` (the router's operationIds,
/// sorted, then `other`), the method one of `methods` or `other`, the status one of
/// `statuses`. A status outside that list has no slot: `record` says so and the caller counts
/// it the slow way (`ServiceMetrics.record`), so that every status still has its own series.
final class RequestCounters: Sendable {
    /// The `method` label values, in index order; `other` is the last.
    static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "other"]
    /// The statuses with a slot: those the server and the handlers answer.
    static let statuses = [
        200, 201, 202, 204, 206, 301, 302, 304, 307, 308, 400, 401, 403, 404, 405, 406, 408, 409, 410, 411, 412, 413,
        414, 415, 416, 417, 421, 422, 426, 428, 429, 431, 500, 501, 502, 503, 504, 505,
    ]
    /// `statuses`' index of each code from 0 to 599, or -1.
    static let statusSlots: [Int8] = {
        var slots = [Int8](repeating: -1, count: 600)
        for (index, code) in statuses.enumerated() { slots[code] = Int8(index) }
        return slots
    }()
    /// Per route: the histogram's buckets, then the count and the sum in nanoseconds.
    static let histogramWidth = ServiceMetrics.bucketDurations.count + 2

    /// The `route` label values, in index order.
    let routes: [String]
    /// Per UTF-8 length up to the longest label's: the index of the first label of that length
    /// in `routes`, or -1.
    private let firstRouteOfLength: [Int]
    /// Per label, in `routes`' order: the index of the next label of its length, or -1.
    private let nextRouteOfLength: [Int]
    let blocks: [MetricCells]
    private let requestCells: Int
    private let histogramBase: Int
    private let bytesBase: Int
    /// `methods.count`, `statuses.count`, `bucketNanoseconds` and `histogramWidth`, kept by the
    /// instance: read per request without the globals' first-use check.
    private let methodCount = RequestCounters.methods.count
    private let statusCount = RequestCounters.statuses.count
    private let bucketBounds = RequestCounters.bucketNanoseconds
    private let histogramWidth = RequestCounters.histogramWidth

    /// - Parameter blocks: how many loops get a block of their own (others share by modulo).
    init(routes: [String], blocks: Int) {
        self.routes = routes
        let lengths = routes.map(\.utf8.count)
        var first = [Int](repeating: -1, count: (lengths.max() ?? 0) + 1)
        var next = [Int](repeating: -1, count: routes.count)
        for index in routes.indices.reversed() {
            next[index] = first[lengths[index]]
            first[lengths[index]] = index
        }
        firstRouteOfLength = first
        nextRouteOfLength = next
        requestCells = routes.count * Self.methods.count * Self.statuses.count
        histogramBase = requestCells
        bytesBase = histogramBase + routes.count * Self.histogramWidth
        let width = bytesBase + 2
        self.blocks = (0..<max(1, blocks)).map { _ in MetricCells(count: width) }
    }

    /// The index of `label` in `routes` (the first, should two be equal): its UTF-8 length picks
    /// the labels of that length, compared in order, so the labels of other lengths cost nothing
    /// (the operationIds come from the route table itself, so equal ones usually share storage
    /// and compare at once).
    func routeIndex(_ label: String) -> Int? {
        let length = label.utf8.count
        guard length < firstRouteOfLength.count else { return nil }
        var index = firstRouteOfLength[length]
        while index >= 0 {
            if routes[index] == label { return index }
            index = nextRouteOfLength[index]
        }
        return nil
    }

    /// The index of `method`'s label in `methods`: a standard method's number (in that order) less one.
    static func methodIndex(_ method: HTTPMethod) -> Int {
        let number = method.standardNumber
        return number == 0 ? 9 : number - 1
    }

    /// The slot of `code`, or nil when it has none.
    static func statusIndex(_ code: Int) -> Int? {
        guard code >= 0, code < statusSlots.count else { return nil }
        let slot = statusSlots[code]
        return slot < 0 ? nil : Int(slot)
    }

    /// `ServiceMetrics.bucketDurations` in whole nanoseconds (each is a whole number of them).
    static let bucketNanoseconds: [Int] = ServiceMetrics.bucketDurations.map { Int($0.attoseconds / 1_000_000_000) }

    /// The whole nanoseconds of `duration` (truncated toward zero) and the index of the first
    /// bucket bound it does not exceed (nil: above them all), as `Duration.components` and
    /// comparisons of durations give them, but on 64-bit integers when the duration's
    /// attoseconds fit in them (under 9.2 seconds either way): one division, no 128-bit one.
    static func measure(_ duration: Duration) -> (nanoseconds: Int, bucket: Int?) {
        measure(duration, bounds: bucketNanoseconds)
    }

    /// `measure(_:)` with `bucketNanoseconds` given (`bounds`).
    private static func measure(_ duration: Duration, bounds: [Int]) -> (nanoseconds: Int, bucket: Int?) {
        guard let attoseconds = Int64(exactly: duration.attoseconds) else {
            let (seconds, attoseconds) = duration.components
            let nanoseconds = Int(seconds) &* 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            return (nanoseconds, ServiceMetrics.bucketDurations.firstIndex { duration <= $0 })
        }
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let nanoseconds = Int(quotient)
        // duration <= bound exactly: the whole nanoseconds below the bound's, or equal with
        // nothing (or less than nothing) left over.
        let bucket = bounds.withUnsafeBufferPointer { bounds -> Int? in
            for index in 0..<bounds.count
            where nanoseconds < bounds[index] || (nanoseconds == bounds[index] && remainder <= 0) {
                return index
            }
            return nil
        }
        return (nanoseconds, bucket)
    }

    /// Counts one request in block `loopIndex` (modulo the block count); false, counting
    /// nothing, when its route label or status has no slot.
    func record(
        method: HTTPMethod, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int, loopIndex: Int,
        route label: String
    ) -> Bool {
        guard let route = routeIndex(label), let status = Self.statusIndex(status) else { return false }
        let cells = blocks[loopIndex % blocks.count]
        let method = Self.methodIndex(method)
        cells.add(1, at: (route * methodCount + method) * statusCount + status)
        let buckets = bucketBounds.count
        let histogram = histogramBase + route * histogramWidth
        let (nanoseconds, bucket) = Self.measure(duration, bounds: bucketBounds)
        if let bucket { cells.add(1, at: histogram + bucket) }
        cells.add(1, at: histogram + buckets)
        cells.add(nanoseconds, at: histogram + buckets + 1)
        cells.add(bytesIn, at: bytesBase)
        cells.add(bytesOut, at: bytesBase + 1)
        return true
    }

    /// Adds every block's counts to `state` (the slow path's counts): what `/metrics` renders.
    func merge(into state: inout ServiceMetrics.State) {
        let methods = Self.methods.count
        let statuses = Self.statuses.count
        let buckets = ServiceMetrics.bucketDurations.count
        for cells in blocks {
            for route in routes.indices {
                for method in 0..<methods {
                    for status in 0..<statuses {
                        let count = cells.value(at: (route * methods + method) * statuses + status)
                        guard count > 0 else { continue }
                        let key = ServiceMetrics.RequestKey(
                            route: routes[route], method: Self.methods[method], status: Self.statuses[status])
                        state.requests[key, default: 0] += count
                    }
                }
                let base = histogramBase + route * Self.histogramWidth
                let count = cells.value(at: base + buckets)
                guard count > 0 else { continue }
                var histogram = state.durations[ServiceMetrics.RouteKey(route: routes[route]), default: .init()]
                for bucket in 0..<buckets { histogram.bucketCounts[bucket] += cells.value(at: base + bucket) }
                histogram.count += count
                histogram.total += .nanoseconds(cells.value(at: base + buckets + 1))
                state.durations[ServiceMetrics.RouteKey(route: routes[route])] = histogram
            }
            state.bytesIn += cells.value(at: bytesBase)
            state.bytesOut += cells.value(at: bytesBase + 1)
        }
    }
}
