import Testing

@testable import HTTPServer

/// The default thread counts: the machine's cores capped by the affinity mask and the cgroup CPU quota.
struct CPUQuotaTests {
    /// cgroup v2 `cpu.max`: quota over period, rounded up, never above the machine's cores.
    @Test func cgroupV2() {
        #expect(CPUQuota.cores(processors: 8, cpuMax: "100000 100000\n", cfsQuota: nil, cfsPeriod: nil) == 1)
        #expect(CPUQuota.cores(processors: 8, cpuMax: "150000 100000\n", cfsQuota: nil, cfsPeriod: nil) == 2)
        #expect(CPUQuota.cores(processors: 8, cpuMax: "50000 100000", cfsQuota: nil, cfsPeriod: nil) == 1)
        #expect(CPUQuota.cores(processors: 8, cpuMax: "1000 100000", cfsQuota: nil, cfsPeriod: nil) == 1)
        #expect(CPUQuota.cores(processors: 2, cpuMax: "400000 100000", cfsQuota: nil, cfsPeriod: nil) == 2)
        #expect(CPUQuota.cores(processors: 8, cpuMax: "max 100000\n", cfsQuota: nil, cfsPeriod: nil) == 8)
    }

    /// cgroup v1: `cpu.cfs_quota_us` over `cpu.cfs_period_us`; -1 is no quota. v2 wins when both exist.
    @Test func cgroupV1() {
        #expect(CPUQuota.cores(processors: 16, cpuMax: nil, cfsQuota: "250000\n", cfsPeriod: "100000\n") == 3)
        #expect(CPUQuota.cores(processors: 16, cpuMax: nil, cfsQuota: "-1\n", cfsPeriod: "100000\n") == 16)
        #expect(CPUQuota.cores(processors: 16, cpuMax: nil, cfsQuota: "200000", cfsPeriod: nil) == 16)
        #expect(CPUQuota.cores(processors: 16, cpuMax: "100000 100000", cfsQuota: "800000", cfsPeriod: "100000") == 1)
    }

    /// Text that is no quota counts as none; the result is at least 1 whatever the machine says.
    @Test func malformedAndDegenerate() {
        for text in ["", "garbage", "100000", "0 100000", "100000 0", "-5 100000", "1 2 3"] {
            #expect(CPUQuota.cores(processors: 4, cpuMax: text, cfsQuota: nil, cfsPeriod: nil) == 4, "\(text)")
        }
        #expect(CPUQuota.cores(processors: 0, cpuMax: nil, cfsQuota: nil, cfsPeriod: nil) == 1)
        #expect(CPUQuota.availableCores >= 1)
    }

    /// The affinity mask caps the machine's cores, and the quota caps what is left: the smallest
    /// of the three wins; an unknown mask (0 or less) caps nothing.
    @Test func affinityAndQuota() {
        // `taskset -c 0` on two cores, no quota: one.
        #expect(CPUQuota.cores(processors: 2, affinity: 1, cpuMax: "max 100000\n", cfsQuota: nil, cfsPeriod: nil) == 1)
        #expect(CPUQuota.cores(processors: 2, affinity: 1, cpuMax: nil, cfsQuota: nil, cfsPeriod: nil) == 1)
        // Pinned to 3 of 16, quota of 2.5 CPUs (rounded up to 3) and of 1.5 (2).
        #expect(
            CPUQuota.cores(processors: 16, affinity: 3, cpuMax: "250000 100000", cfsQuota: nil, cfsPeriod: nil) == 3)
        #expect(
            CPUQuota.cores(processors: 16, affinity: 3, cpuMax: "150000 100000", cfsQuota: nil, cfsPeriod: nil) == 2)
        // Pinned to 4 of 16, cgroup v1 quota of 8: the mask wins.
        #expect(CPUQuota.cores(processors: 16, affinity: 4, cpuMax: nil, cfsQuota: "800000", cfsPeriod: "100000") == 4)
        // A mask wider than the processors counted does not raise the count.
        #expect(CPUQuota.cores(processors: 2, affinity: 8, cpuMax: nil, cfsQuota: nil, cfsPeriod: nil) == 2)
        // Unknown mask: the machine and the quota alone.
        for unknown in [0, -1] {
            #expect(CPUQuota.cores(processors: 8, affinity: unknown, cpuMax: nil, cfsQuota: nil, cfsPeriod: nil) == 8)
            #expect(
                CPUQuota.cores(processors: 8, affinity: unknown, cpuMax: "200000 100000", cfsQuota: nil, cfsPeriod: nil)
                    == 2)
        }
    }
}
