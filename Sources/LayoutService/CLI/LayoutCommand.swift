import Foundation
import PhotoLayout

/// `timeline-layout layout [FILE|-] [options]`: the offline door to the same core the HTTP
/// API uses. Reads a timeline (`{"statuses": [...]}`, a raw Weibo response, or a bare array
/// of statuses), prints its layout as the API's JSON. Flags override the file's `options`.
enum LayoutCommand {
    static let usage = """
        Usage: timeline-layout layout [FILE|-] [options]

        Reads a Weibo timeline (a file, or standard input for - or no FILE) and prints the
        layout JSON of POST /v1/timeline/layout: every status's and retweet's photo grid.

        Options (each overrides the same field of the file's "options"):
          --style classic|adaptive   grid style (default classic)
          --content-width N          content width W, required by the adaptive style
          --scale 1|2|3              pixel grid (default 2)
          --item-size N              classic cell side (default 70)
          --spacing N                gap between cells (default 10 classic, 4 adaptive)
          --max-items N              most pictures shown (default 9)
          --pretty                   indented output with sorted keys
        Exit status: 0 on success, 2 on bad input or usage (one line on stderr).
        """

    static func run(_ words: ArraySlice<String>, io: CommandIO, reader: any TimelineReader) -> Int32 {
        do {
            let arguments = try Arguments(
                words, valued: ["style", "content-width", "scale", "item-size", "spacing", "max-items"],
                switches: ["pretty", "help"])
            if arguments.has("help") {
                io.writeOutput(Array((usage + "\n").utf8))
                return 0
            }
            guard arguments.positional.count <= 1 else {
                throw UsageError("expected at most one FILE, got \(arguments.positional.count)")
            }
            let source = arguments.positional.first ?? "-"
            let bytes: [UInt8]
            if source == "-" {
                bytes = io.readStandardInput()
            } else {
                do {
                    bytes = try io.readFile(source)
                } catch {
                    throw UsageError("cannot read \(source): \((error as NSError).localizedDescription)")
                }
            }

            var request = try reader.readTimeline(bytes)
            try apply(arguments, to: &request.options)
            let options = try GridOptions.validated(request.options)
            let layout = TimelineRules.layout(for: request.statuses, options: options)
            var output = arguments.has("pretty") ? try JSONOutput.pretty(layout) : JSONOutput.bytes(layout)
            output.append(0x0A)
            io.writeOutput(output)
            return 0
        } catch let error as UsageError {
            io.writeError("timeline-layout layout: \(error.message)")
        } catch let error as InputError {
            io.writeError("timeline-layout layout: \(error.detail)")
        } catch {
            io.writeError("timeline-layout layout: \(error)")
        }
        return 2
    }

    private static func apply(_ arguments: Arguments, to options: inout RawGridOptions) throws(UsageError) {
        if let style = arguments.string("style") { options.style = style }
        if let value = try arguments.number("content-width") { options.contentWidth = value }
        if let value = try arguments.number("scale") { options.scale = value }
        if let value = try arguments.number("item-size") { options.itemSize = value }
        if let value = try arguments.number("spacing") { options.spacing = value }
        if let value = try arguments.number("max-items") { options.maxItems = value }
    }
}
