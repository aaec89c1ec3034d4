internal import CSystemShims
import Foundation

/// How many cores the process may use: the machine's, capped by the CPUs of the process's
/// affinity mask (`taskset -c 0`, a container pinned to CPUs with `cpuset`) and by the cgroup
/// CPU quota a container runtime sets (Kubernetes `resources.limits.cpu`), rounded up, at
/// least 1. The default number of event loops and of workers, so that a pod limited to 1 CPU
/// on a 64-core node does not start 64 threads of each.
package enum CPUQuota {
    /// The cores available to this process, read once (the affinity mask of the thread that
    /// reads it first, which is the process's unless a thread changed its own).
    package static let availableCores: Int = cores(
        processors: ProcessInfo.processInfo.activeProcessorCount,
        affinity: Int(shim_affinity_cpu_count()),
        cpuMax: contents(of: "/sys/fs/cgroup/cpu.max"),
        cfsQuota: contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
            ?? contents(of: "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us"),
        cfsPeriod: contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us")
            ?? contents(of: "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us")
    )

    /// `processors` capped by `affinity` (the CPUs the process may run on; zero or less when
    /// unknown, which counts as no cap) and by the quota: cgroup v2 `cpu.max` ("150000 100000", or "max 100000"
    /// for none) when present, else cgroup v1 `cpu.cfs_quota_us` (-1 for none) over
    /// `cpu.cfs_period_us`. quota / period is rounded up; the result is at least 1. Text that
    /// cannot be read as a quota counts as no quota.
    package static func cores(
        processors: Int,
        affinity: Int = 0,
        cpuMax: String?,
        cfsQuota: String?,
        cfsPeriod: String?
    ) -> Int {
        let machine = max(1, affinity > 0 ? min(processors, affinity) : processors)
        let limit: (quota: Int, period: Int)?
        if let cpuMax {
            let fields = cpuMax.split(whereSeparator: \.isWhitespace)
            limit = fields.count == 2 ? quota(fields[0], over: fields[1]) : nil
        } else if let cfsQuota, let cfsPeriod {
            limit = quota(Substring(cfsQuota), over: Substring(cfsPeriod))
        } else {
            limit = nil
        }
        guard let limit else { return machine }
        let (whole, part) = limit.quota.quotientAndRemainder(dividingBy: limit.period)
        return min(machine, max(1, whole + (part > 0 ? 1 : 0)))
    }

    /// A positive quota and period, or nil ("max", -1, garbage, 0).
    private static func quota(_ quota: Substring, over period: Substring) -> (quota: Int, period: Int)? {
        let trim = { (text: Substring) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let quota = Int(trim(quota)), let period = Int(trim(period)), quota > 0, period > 0 else { return nil }
        return (quota, period)
    }

    private static func contents(of path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}
