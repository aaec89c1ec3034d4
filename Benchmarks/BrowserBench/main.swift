// The photo browser's handlers in-process (issue 15: open and close ≤ 15 µs each): one call is
// what `Browser.open` / `Browser.close` do with a request's body, less HTTP — read the JSON
// request, validate it, compute the layout, write the JSON response.
//
//   BrowserBench open|close [--seconds S] FILE
//       µs per call: the best of three rounds of S/3 seconds of this thread's CPU time.
//   BrowserBench open|close --passes N FILE
//       exactly N calls and one line `bytes=… checksum=…`: run under callgrind with N and with
//       0, the difference divided by N is the instructions of one call (bench_browser.py).
//
// FILE is a request body; Benchmarks/bench_browser.py writes bench_cost.py's two and runs both.
import Foundation
import JSONBytes
import LayoutService
import PhotoLayout

enum Case: String {
    case open, close
}

/// One handler call on `body`: the response's bytes, as the HTTP handler writes them.
func call(_ kind: Case, _ body: [UInt8]) -> [UInt8] {
    do {
        switch kind {
        case .open: return JSONByteWriter.encode(try BrowserAPI.open(json: body))
        case .close: return JSONByteWriter.encode(try BrowserAPI.close(json: body))
        }
    } catch {
        print("the request is refused: \(error)")
        exit(1)
    }
}

/// This thread's CPU time in seconds (the machine's other work does not count).
func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

var arguments = Array(CommandLine.arguments.dropFirst()).makeIterator()
var kind: Case?
var seconds = 1.5
var passes: Int?
var file: String?
while let argument = arguments.next() {
    switch argument {
    case "--seconds": seconds = arguments.next().flatMap(Double.init) ?? seconds
    case "--passes": passes = arguments.next().flatMap(Int.init)
    default:
        if kind == nil, let named = Case(rawValue: argument) { kind = named } else { file = argument }
    }
}
guard let kind, let file, let body = FileManager.default.contents(atPath: file).map(Array.init) else {
    print("usage: BrowserBench open|close [--seconds S | --passes N] FILE")
    exit(2)
}

let expected = call(kind, body)
if let passes {
    var checksum = 0
    for _ in 0..<passes { checksum &+= call(kind, body).count }
    print("bytes=\(expected.count) checksum=\(checksum)")
    exit(0)
}

var best = Double.infinity
var calls = 0
for _ in 0..<3 {
    var round = 0
    let start = cpuSeconds()
    var elapsed = 0.0
    repeat {
        for _ in 0..<100 where call(kind, body).count != expected.count {
            print("a call wrote different bytes")
            exit(1)
        }
        round += 100
        elapsed = cpuSeconds() - start
    } while elapsed < seconds / 3
    best = min(best, elapsed / Double(round))
    calls += round
}
print(
    String(
        format: "%@: %.2f µs per call (best of 3 rounds, %d calls, %d response bytes)", kind.rawValue, best * 1e6,
        calls, expected.count))
