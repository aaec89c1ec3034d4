#if canImport(Glibc)
    import Glibc
#endif

/// The `process_*` metrics, under the names the Prometheus client libraries use: CPU seconds,
/// resident and virtual memory, open and maximum descriptors, and the start time. Read from
/// `/proc` at each scrape (Linux); a value that cannot be read is left out, never made up.
struct ProcessMetrics {
    var cpuSeconds: Double?
    var residentBytes: Int?
    var virtualBytes: Int?
    var openFDs: Int?
    var maxFDs: Int?
    var startTimeSeconds: Double?

    static func read() -> ProcessMetrics {
        var metrics = ProcessMetrics()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        // /proc/self/stat: "pid (comm) state ..."; comm may hold spaces, so fields count from
        // the last ')'. After it: field 3 is state, 14 utime, 15 stime, 22 starttime (clock
        // ticks since boot), 23 vsize (bytes), 24 rss (pages).
        if let stat = readText("/proc/self/stat"), let close = stat.lastIndex(of: ")"), ticks > 0 {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            func field(_ number: Int) -> Double? {
                let index = number - 3
                return fields.indices.contains(index) ? Double(fields[index]) : nil
            }
            if let user = field(14), let system = field(15) { metrics.cpuSeconds = (user + system) / ticks }
            if let vsize = field(23) { metrics.virtualBytes = Int(vsize) }
            if let rss = field(24) { metrics.residentBytes = Int(rss) * Int(sysconf(Int32(_SC_PAGESIZE))) }
            if let start = field(22), let bootTime = bootTime() { metrics.startTimeSeconds = bootTime + start / ticks }
        }
        metrics.openFDs = countEntries("/proc/self/fd")
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max {
            metrics.maxFDs = Int(limit.rlim_cur)
        }
        return metrics
    }

    /// The text exposition of the values read.
    func exposition() -> String {
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: String?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        add(
            "process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
            cpuSeconds.map { "\($0)" })
        add(
            "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
            residentBytes.map { "\($0)" })
        add(
            "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", virtualBytes.map { "\($0)" })
        add("process_open_fds", "gauge", "Number of open file descriptors.", openFDs.map { "\($0)" })
        add("process_max_fds", "gauge", "Maximum number of open file descriptors.", maxFDs.map { "\($0)" })
        add(
            "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
            startTimeSeconds.map { "\($0)" })
        return text
    }

    /// The `btime` line of /proc/stat: boot time, seconds since the epoch.
    private static func bootTime() -> Double? {
        guard let stat = readText("/proc/stat") else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst("btime ".count))
        }
        return nil
    }

    /// A small /proc file's text (they report a size of 0, so read until end of file).
    private static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Entries of a directory other than `.` and `..` (the descriptor used to read
    /// /proc/self/fd is itself one of them, and is not counted).
    private static func countEntries(_ path: String) -> Int? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { count += 1 }
        }
        return max(0, count - 1)
    }
}
