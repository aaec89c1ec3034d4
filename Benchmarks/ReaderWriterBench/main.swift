// Reader and writer throughput on the sample timelines, one core, one run (issue 7).
//
//   ReaderWriterBench [--seconds S] [--simdjson MBPS | --simdjson-program PATH] FILE...
//   ReaderWriterBench --stage reader|rules|writer --passes N FILE...   (StageCost: for callgrind)
//
// Readers turn each file's bytes into a `TimelineRequest` (JSONSerialization only parses);
// writers turn each file's layout (classic, and adaptive at 375 pt / scale 3 for fractional
// numbers) into response bytes. MB/s are decimal megabytes of input (readers) or of output
// (writers) per second of this thread's CPU time; every figure is the best of three rounds.
// With `--simdjson-program` (Benchmarks/simdjson/ondemand_bench), our reader and simdjson's
// take turns instead, `--turns` rounds each (five unless given), and each figure is the best
// of its turns: a busy spell of the shared cores falls on both alike.
import Foundation
import JSONBytes
import PhotoLayout
import ReferenceTimelineReader

struct Options {
    var seconds = 0.4
    var simdjson: Double?
    /// simdjson's On-Demand program, run between our reader's rounds (`--rounds 1`).
    var simdjsonProgram: String?
    /// Rounds each reader gets when they take turns.
    var turns = 5
    var files: [String] = []
    /// Time only ByteTimelineReader and JSONByteWriter (for profiling).
    var oursOnly = false
    /// Read the files this many times with ByteTimelineReader and stop: a fixed amount of
    /// work for `perf stat -e cycles:u,instructions:u`.
    var readerPasses: Int?
    /// Run this stage `passes` times and stop (`StageCost`, for callgrind).
    var stage: StageCost.Stage?
    var passes = 0

    init(_ arguments: [String]) {
        var rest = arguments.makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "--seconds": seconds = rest.next().flatMap(Double.init) ?? seconds
            case "--simdjson": simdjson = rest.next().flatMap(Double.init)
            case "--simdjson-program": simdjsonProgram = rest.next()
            case "--turns": turns = max(1, rest.next().flatMap(Int.init) ?? turns)
            case "--ours-only": oursOnly = true
            case "--reader-passes": readerPasses = rest.next().flatMap(Int.init)
            case "--stage": stage = rest.next().flatMap(StageCost.Stage.init(rawValue:))
            case "--passes": passes = rest.next().flatMap(Int.init) ?? passes
            default: files.append(argument)
            }
        }
    }
}

/// This thread's CPU time in seconds: other engineers' builds share the 2 cores, and time
/// spent descheduled must not count against the code measured.
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// MB/s (per CPU second) of one round: `work`, which returns the bytes it handled, repeated
/// until `seconds` of this thread's CPU time have passed.
func measuredRound(seconds: Double, _ work: () -> Int) -> Double {
    var handled = 0
    let start = cpuSeconds()
    var elapsed = 0.0
    repeat {
        handled += work()
        elapsed = cpuSeconds() - start
    } while elapsed < seconds
    return Double(handled) / elapsed / 1e6
}

/// Best MB/s (per CPU second) of three rounds of `seconds` / 3 each; `work` returns the
/// bytes it handled.
@MainActor func throughput(seconds: Double, _ work: () -> Int) -> Double {
    (0..<3).map { _ in measuredRound(seconds: seconds / 3, work) }.max() ?? 0
}

/// Our reader and simdjson's program (`program`, run with `--rounds 1` on the same files)
/// measured in turns, each turn `seconds` / 3 of CPU time: the best MB/s of each, and each
/// turn's ratio (ours over simdjson's).
@MainActor func readersInTurns(program: String, turns: Int, _ ours: () -> Int) -> (
    ours: Double, simdjson: Double, ratios: [Double]
) {
    var best = (ours: 0.0, simdjson: 0.0)
    var ratios: [Double] = []
    for _ in 0..<turns {
        let mine = measuredRound(seconds: options.seconds / 3, ours)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--rounds", "1", String(options.seconds / 3)] + options.files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else {
            print("cannot run \(program)")
            exit(1)
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let theirs = Double(
                String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            print("\(program) failed (status \(process.terminationStatus))")
            exit(1)
        }
        best = (max(best.ours, mine), max(best.simdjson, theirs))
        ratios.append(mine / theirs)
    }
    return (best.ours, best.simdjson, ratios)
}

func row(_ name: String, _ mbps: Double, _ note: String = "") {
    let label = name.padding(toLength: 46, withPad: " ", startingAt: 0)
    print("  \(label) \(String(format: "%8.1f", mbps)) MB/s  \(note)")
}

func check(_ label: String, _ met: Bool) {
    print("  target \(label): \(met ? "met" : "NOT met")")
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
guard !options.files.isEmpty else {
    print("usage: ReaderWriterBench [--seconds S] [--simdjson MBPS] FILE...")
    exit(2)
}
let documents = try options.files.map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
let inputBytes = documents.reduce(0) { $0 + $1.count }
var sink = 0
if let stage = options.stage {
    StageCost.run(stage, passes: options.passes, documents: documents)
}

@MainActor func readAll(_ reader: some TimelineReader) -> Int {
    for document in documents {
        sink &+= (try? reader.readTimeline(document))?.statuses.count ?? -1
    }
    return inputBytes
}

let fast = ByteTimelineReader()
let reference = FoundationTimelineReader()
for document in documents where (try? fast.readTimeline(document)) != (try? reference.readTimeline(document)) {
    print("readers disagree on a sample: fix that before measuring")
    exit(1)
}

if let passes = options.readerPasses {
    for _ in 0..<passes { _ = readAll(fast) }
    print("read \(passes) × \(inputBytes) bytes (checksum \(sink))")
    exit(0)
}

print("Readers: \(documents.count) files, \(inputBytes) bytes aggregated, MB/s of input")
var simdjson = options.simdjson
var turnRatios: [Double] = []
let ours: Double
if let program = options.simdjsonProgram {
    let turns = readersInTurns(program: program, turns: options.turns) { readAll(fast) }
    ours = turns.ours
    simdjson = turns.simdjson
    turnRatios = turns.ratios
} else {
    ours = throughput(seconds: options.seconds) { readAll(fast) }
}
let decoder = options.oursOnly ? .nan : throughput(seconds: options.seconds) { readAll(reference) }
let serialization =
    options.oursOnly
    ? .nan
    : throughput(seconds: options.seconds) {
        for document in documents {
            sink &+= (try? JSONSerialization.jsonObject(with: Data(document))) == nil ? 1 : 0
        }
        return inputBytes
    }
row("ByteTimelineReader (ours)", ours)
printValidationRows()
row("JSONDecoder (FoundationTimelineReader)", decoder, String(format: "ours is %.1f× this", ours / decoder))
row("JSONSerialization (parse only)", serialization, String(format: "ours is %.1f× this", ours / serialization))
if let simdjson {
    row("simdjson On-Demand (same fields, C++)", simdjson, String(format: "ours is %.2f× this", ours / simdjson))
    if !turnRatios.isEmpty {
        let each = turnRatios.map { String(format: "%.2f", $0) }.joined(separator: ", ")
        print("    (best of \(turnRatios.count) turns each, taken in turns; each turn's ratio: \(each))")
    }
} else {
    print("  simdjson On-Demand: not measured (libsimdjson-dev or g++ not installed)")
}

/// What validation alone costs (issue 15): stage 1 (token masks, UTF-8, strings, numbers), then
/// stage 1 with the grammar walked over its tokens (the whole document skipped as one value:
/// full validation), then the byte-by-byte loop the scanner falls back to.
@MainActor func printValidationRows() {
    func skipAll(withTokens: Bool) -> Int {
        for document in documents {
            document.withUnsafeBufferPointer { buffer in
                let skipped = Result { () throws(JSONSyntaxError) -> Int in
                    func skip(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int {
                        try scanner.skipValue()
                        try scanner.finish()
                        return scanner.position
                    }
                    if withTokens {
                        return try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in
                            try skip(&scanner)
                        }
                    }
                    var scanner = try JSONScanner(buffer)
                    return try skip(&scanner)
                }
                sink &+= (try? skipped.get()) ?? -1
            }
        }
        return inputBytes
    }
    let words = documents.map { [UInt64](repeating: 0, count: JSONStructuralIndex.wordCount(for: $0.count)) }
    let stage1 = throughput(seconds: options.seconds) {
        for (document, masks) in zip(documents, words) {
            var masks = masks
            document.withUnsafeBufferPointer { buffer in
                masks.withUnsafeMutableBufferPointer { output in
                    if let base = output.baseAddress {
                        sink &+= Int(JSONStructuralIndex.tokens(of: buffer, into: base).rawValue)
                    }
                }
            }
        }
        return inputBytes
    }
    let walked = throughput(seconds: options.seconds) { skipAll(withTokens: true) }
    let byteLoop = throughput(seconds: options.seconds) { skipAll(withTokens: false) }
    row("  validating: stage 1 (\(JSONStructuralIndex.bestPath))", stage1)
    row("  validating: stage 1 + grammar on tokens", walked)
    row("  validating: byte by byte, no stage 1", byteLoop, String(format: "tokens are %.1f× this", walked / byteLoop))
}

let requests = documents.compactMap { try? fast.readTimeline($0) }
let adaptive = GridOptions(style: .adaptive, contentWidth: 375, scale: 3)
let layouts = requests.flatMap { request in
    [GridOptions(), adaptive].map { TimelineRules.layout(for: request, options: $0) }
}
let ourOutput = layouts.reduce(0) { $0 + $1.jsonBytes().count }
// JSONEncoder encodes the layouts as values (`EncodableTimeline`, the views made before the
// clock starts): a `TimelineLayout` holds a table, and its `statuses` builds the values on
// each read, which is no part of what JSONEncoder is compared for.
let encodables = layouts.map { EncodableTimeline(statuses: $0.statuses) }
let encoderOutput = encodables.reduce(0) { $0 + ((try? JSONEncoder().encode($1))?.count ?? 0) }

print(
    "Writers: \(layouts.count) layouts, \(ourOutput) bytes (ours) / \(encoderOutput) bytes (JSONEncoder), MB/s of output"
)
let writer = throughput(seconds: options.seconds) {
    for layout in layouts { sink &+= layout.jsonBytes().count }
    return ourOutput
}
let encoder =
    options.oursOnly
    ? .nan
    : throughput(seconds: options.seconds) {
        let encoder = JSONEncoder()
        for layout in encodables { sink &+= (try? encoder.encode(layout))?.count ?? 0 }
        return encoderOutput
    }
row("JSONByteWriter (ours)", writer)
row("JSONEncoder", encoder, String(format: "ours is %.1f× this", writer / encoder))
if !options.oursOnly {
    print("Targets (issue 7; issue 15 raised the ratios to 10× JSONDecoder and 20× JSONEncoder)")
    check("reader ≥ 1,000 MB/s", ours >= 1000)
    check("reader ≥ 10× JSONDecoder", ours >= 10 * decoder)
    if let simdjson {
        check("reader ≥ ½ simdjson On-Demand", ours >= simdjson / 2)
        check("reader ≥ 0.8× simdjson On-Demand (issue 29)", ours >= 0.8 * simdjson)
    }
    check("writer ≥ 500 MB/s", writer >= 500)
    check("writer ≥ 20× JSONEncoder", writer >= 20 * encoder)
}
print("(checksum \(sink))")
