import Foundation

/// The memory this process may use, as its cgroup says (Kubernetes `resources.limits.memory`),
/// and the default memory budget drawn from it: `budgetShare` of the limit, so that the rest
/// (code, stacks, the allocator's own overhead, the kernel's socket buffers) fits beside what
/// the budget admits; `fallbackBudget` when there is no limit.
package enum MemoryLimit {
    /// The share of the cgroup limit the default budget takes, in percent.
    package static let budgetShare = 75
    /// The budget when no cgroup limit applies.
    package static let fallbackBudget = 1 << 30

    /// The cgroup memory limit in bytes, read once; nil when there is none.
    package static let cgroupLimit: Int? = {
        let membership = contents(of: "/proc/self/cgroup") ?? ""
        var candidates: [String] = []
        if let path = cgroupPath(membership, controller: nil) {
            candidates.append("/sys/fs/cgroup\(path)/memory.max")
            candidates.append("/sys/fs/cgroup/unified\(path)/memory.max")
        }
        if let path = cgroupPath(membership, controller: "memory") {
            candidates.append("/sys/fs/cgroup/memory\(path)/memory.limit_in_bytes")
        }
        candidates += ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
        return limit(candidates.map { contents(of: $0) })
    }()

    /// The default budget: `budgetShare` % of the cgroup limit, or `fallbackBudget`.
    package static let defaultBudget: Int = budget(cgroupLimit: cgroupLimit)

    /// `budgetShare` % of `cgroupLimit`, or `fallbackBudget` when it is nil.
    package static func budget(cgroupLimit: Int?) -> Int {
        guard let cgroupLimit else { return fallbackBudget }
        return cgroupLimit / 100 * budgetShare + cgroupLimit % 100 * budgetShare / 100
    }

    /// The first of `files` (their contents, nil for unreadable) that states a limit: a number
    /// of bytes below 2^60 ("max", v1's unlimited 9223372036854771712, garbage: no limit).
    package static func limit(_ files: [String?]) -> Int? {
        for text in files {
            guard let text else { continue }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if value == "max" { return nil }
            guard let bytes = Int(value), bytes > 0 else { continue }
            return bytes < 1 << 60 ? bytes : nil
        }
        return nil
    }

    /// The cgroup path of `controller` in `/proc/self/cgroup` ("4:memory:/a/b"), or the v2
    /// path ("0::/a/b") for nil; nil when absent or the root.
    package static func cgroupPath(_ membership: String, controller: String?) -> String? {
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let matches =
                controller.map { fields[1].split(separator: ",").contains(Substring($0)) }
                ?? (fields[0] == "0" && fields[1].isEmpty)
            guard matches else { continue }
            let path = String(fields[2])
            return path == "/" || path.isEmpty ? nil : path
        }
        return nil
    }

    /// A byte count with an optional K, M or G suffix (powers of 1024, `Ki`/`KiB` spellings
    /// too): "268435456", "256M", "1G". Nil for anything else or an overflow.
    package static func parseBytes(_ text: String) -> Int? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var shift = 0
        for (suffix, bits) in [("k", 10), ("m", 20), ("g", 30)] {
            for spelling in [suffix + "ib", suffix + "i", suffix] where digits.lowercased().hasSuffix(spelling) {
                digits = digits.dropLast(spelling.count)
                shift = bits
                break
            }
            if shift != 0 { break }
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { return nil }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }

    /// `bytes` for people: "192 MiB", "1 GiB", "1536 KiB", "100 bytes".
    package static func describe(_ bytes: Int) -> String {
        for (unit, bits) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << bits {
            guard bytes % (1 << bits) == 0 else { continue }
            return "\(bytes >> bits) \(unit)"
        }
        if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
        return "\(bytes) bytes"
    }

    /// `bytes` as `parseBytes` reads it, with the largest exact suffix: "1G", "192M", "100".
    package static func shortForm(_ bytes: Int) -> String {
        for (unit, bits) in [("G", 30), ("M", 20), ("K", 10)] where bytes >= 1 << bits {
            guard bytes % (1 << bits) == 0 else { continue }
            return "\(bytes >> bits)\(unit)"
        }
        return "\(bytes)"
    }

    private static func contents(of path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
