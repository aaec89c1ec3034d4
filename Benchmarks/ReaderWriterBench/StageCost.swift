import Foundation
import JSONBytes
import PhotoLayout

/// Issue 15's per-stage costs, offline: one stage of the timeline layout (the reader, the rules
/// or the writer) run a fixed number of times on prepared inputs, so that `callgrind` counts of
/// a run with `passes` N and one with 0 differ by exactly N passes of that stage
/// (`Benchmarks/bench_stages.py` runs both and subtracts). Everything before the passes (reading
/// the files, the requests, the layouts) is the same whatever `passes` is.
///
///   ReaderWriterBench --stage reader|rules|writer --passes N FILE...
enum StageCost {
    enum Stage: String {
        case reader, rules, writer
    }

    /// Prepares every stage's input from `documents`, runs `stage` `passes` times, prints one
    /// line `input_bytes=… pictures=… output_bytes=… checksum=…` and exits.
    @MainActor static func run(_ stage: Stage, passes: Int, documents: [[UInt8]]) -> Never {
        let reader = ByteTimelineReader()
        let requests = documents.compactMap { try? reader.readTimeline($0) }
        guard requests.count == documents.count else {
            print("a file is no timeline the reader accepts")
            exit(1)
        }
        let layouts = requests.map { TimelineRules.layout(for: $0, options: GridOptions()) }
        var checksum = 0
        for _ in 0..<passes {
            switch stage {
            case .reader:
                for document in documents {
                    checksum &+= (try? reader.readTimeline(document))?.statuses.count ?? -1
                }
            case .rules:
                for request in requests {
                    checksum &+= TimelineRules.layout(for: request, options: GridOptions()).statusCount
                }
            case .writer:
                for layout in layouts { checksum &+= layout.jsonBytes().count }
            }
        }
        let inputBytes = documents.reduce(0) { $0 + $1.count }
        let outputBytes = layouts.reduce(0) { $0 + $1.jsonBytes().count }
        print(
            "input_bytes=\(inputBytes) pictures=\(pictures(in: layouts)) output_bytes=\(outputBytes)"
                + " checksum=\(checksum)")
        exit(0)
    }

    /// The pictures laid out: every grid item of every status and retweet.
    static func pictures(in layouts: [TimelineLayout]) -> Int {
        layouts.reduce(0) { total, layout in
            layout.statuses.reduce(total) { total, status in
                total + (status.photos?.items.count ?? 0) + (status.retweeted?.photos?.items.count ?? 0)
            }
        }
    }
}
