import Foundation
import PhotoLayout

/// `timeline-layout layout [FILE|-] [options]`: the offline door to the same core the HTTP
/// API uses. Reads a timeline (`{"statuses": [...]}`, a raw Weibo response, or a bare array
/// of statuses), prints its layout as the API's JSON. Flags override the file's `options`, or
/// the same field of each of its `variants`.
enum LayoutCommand {
    static let usage =
        "Usage: timeline-layout layout [FILE|-] [options]\n\n"
        + HelpText.paragraph(
            "Reads a Weibo timeline (a file, or standard input for - or no FILE) and prints the layout JSON of "
                + "POST /v1/timeline/layout: every status's and retweet's photo grid.")
        + "\nOptions (each overrides the same field of the file's \"options\", or of each set of its \"variants\"):\n"
        + HelpText.columns([
            ["--style NAME", "grid style: classic (the default), adaptive or mosaic"],
            ["--content-width POINTS", "content width W in points, required by the adaptive and mosaic styles"],
            [
                "--min-item-width POINTS",
                "least cell width m the mosaic aims for (default \(number(MosaicOptions.defaultMinItemWidth)); "
                    + "mosaic only, W must be at least 2m + 2 × spacing)",
            ],
            [
                "--scale 1|2|3",
                "pixel grid: points are rounded to 1/scale (default \(number(GridOptions.defaultScale)))",
            ],
            ["--item-size POINTS", "classic cell side (default \(number(GridOptions.defaultItemSize)))"],
            [
                "--spacing POINTS",
                "gap between cells (default \(number(GridOptions.defaultSpacing(for: .classic))) classic, "
                    + "\(number(GridOptions.defaultSpacing(for: .adaptive))) adaptive, "
                    + "\(number(GridOptions.defaultSpacing(for: .mosaic))) mosaic)",
            ],
            [
                "--max-items N",
                "most pictures shown (default \(GridOptions.defaultMaxItems); mosaic "
                    + "\(GridOptions.defaultMaxItems(for: .mosaic)), and never more)",
            ],
            [
                "--badge-size WxH",
                "corner badge size in points (default \(number(GridOptions.defaultBadgeSize.width))x"
                    + "\(number(GridOptions.defaultBadgeSize.height)))",
            ],
            [
                "--play-badge-size WxH",
                "play badge size on a video card's cover, in points (default "
                    + "\(number(CardRules.defaultPlayBadgeSize.width))x\(number(CardRules.defaultPlayBadgeSize.height)))",
            ],
            ["--pretty", "indented output with sorted keys"],
            ["--help", "print this help"],
            ["--", "ends the options: what follows is the FILE, even if it starts with --"],
        ])
        + "\n"
        + HelpText.paragraph(
            "Exit status: 0 on success; 1 when the input cannot be read or is invalid (one line on stderr); 64 "
                + "for a command line that cannot run (an unknown option, a bad or missing flag value).")

    /// A default as the help prints it: `70`, not `70.0`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The flags that set an option, by the option's JSON name.
    static let optionFlags = [
        "style": "style", "content_width": "content-width", "min_item_width": "min-item-width", "scale": "scale",
        "item_size": "item-size",
        "spacing": "spacing", "max_items": "max-items", "badge_size": "badge-size",
        "play_badge_size": "play-badge-size",
    ]

    static func run(_ words: ArraySlice<String>, io: CommandIO, reader: any TimelineReader) -> Int32 {
        let arguments: Arguments
        var flagOptions = RawGridOptions()
        do {
            // The whole command line is checked before any input is read.
            arguments = try Arguments(
                words, valued: Set(optionFlags.values), switches: ["pretty", "help"])
            if arguments.has("help") {
                io.writeOutput(Array(usage.utf8))
                return ExitStatus.success
            }
            guard arguments.positional.count <= 1 else {
                throw UsageError("expected at most one FILE, got \(arguments.positional.count)")
            }
            try apply(arguments, to: &flagOptions)
            try checkFlags(flagOptions, given: arguments)
        } catch {
            return io.usageError(error as? UsageError ?? UsageError("\(error)"), command: "layout", usage: usage)
        }

        do {
            let source = arguments.positional.first ?? "-"
            let bytes: [UInt8]
            if source == "-" {
                bytes = io.readStandardInput()
            } else {
                do {
                    bytes = try io.readFile(source)
                } catch let error as FileBytes.ReadError {
                    throw UsageError("cannot read \(source): \(error.description)")
                } catch {
                    throw UsageError("cannot read \(source): \((error as NSError).localizedDescription)")
                }
            }

            var request = try reader.readTimeline(bytes)
            var output: [UInt8]
            do {
                if var variants = request.variants {
                    // The flags override the same field of every option set.
                    for index in variants.variants.indices {
                        try apply(arguments, to: &variants.variants[index].options)
                    }
                    request.variants = variants
                    let layout = TimelineRules.layout(for: request, variants: try variants.validated())
                    output = arguments.has("pretty") ? JSONOutput.pretty(layout) : JSONOutput.bytes(layout)
                } else {
                    try apply(arguments, to: &request.options)
                    let layout = TimelineRules.layout(for: request, options: try GridOptions.validated(request.options))
                    output = arguments.has("pretty") ? JSONOutput.pretty(layout) : JSONOutput.bytes(layout)
                }
            } catch let error as InputError {
                // The adaptive or mosaic style asked for on the command line, with no width in the flags
                // or in the input (`options`, or an option set of `variants`): a command line
                // that cannot run, named as flags.
                if arguments.string("style") != nil,
                    error.problems.contains(where: {
                        $0.pointer.hasSuffix("/content_width") && $0.detail == GridOptions.contentWidthRequired
                    })
                {
                    return io.usageError(
                        UsageError(
                            "--style \(arguments.string("style") ?? "adaptive") needs --content-width POINTS "
                                + "(or \"content_width\" in the input's options)"
                        ),
                        command: "layout", usage: usage)
                }
                throw error
            }
            output.append(0x0A)
            io.writeOutput(output)
            return ExitStatus.success
        } catch let error as UsageError {
            io.writeError("timeline-layout layout: \(error.message)")
        } catch let error as InputError {
            io.writeError("timeline-layout layout: \(error.detail)")
        } catch {
            io.writeError("timeline-layout layout: \(error)")
        }
        return ExitStatus.failure
    }

    /// Refuses a flag value the rules can never accept, named as the flag (`--style: unknown
    /// style "tiled"…`). Rules that involve the file's own options (adaptive needs a
    /// content width) are checked once the file is read.
    private static func checkFlags(_ options: RawGridOptions, given arguments: Arguments) throws(UsageError) {
        do {
            _ = try GridOptions.validated(options) { "--" + (optionFlags[$0] ?? $0) }
        } catch {
            let problems = error.problems.filter { problem in
                arguments.string(String(problem.pointer.dropFirst(2))) != nil
            }
            guard !problems.isEmpty else { return }
            throw UsageError(problems.map { "\($0.pointer): \($0.detail)" }.joined(separator: "; "))
        }
    }

    private static func apply(_ arguments: Arguments, to options: inout RawGridOptions) throws(UsageError) {
        if let style = arguments.string("style") { options.style = style }
        if let value = try arguments.number("content-width") { options.contentWidth = value }
        if let value = try arguments.number("min-item-width") { options.minItemWidth = value }
        if let value = try arguments.number("scale") { options.scale = value }
        if let value = try arguments.number("item-size") { options.itemSize = value }
        if let value = try arguments.number("spacing") { options.spacing = value }
        if let value = try arguments.number("max-items") { options.maxItems = value }
        // A size flag replaces the input's whole object, its stray names included.
        if let text = arguments.string("badge-size") {
            options.badgeSize = try size(text, flag: "badge-size", example: "28x18")
            options.unknownSizeNames["badge_size"] = nil
            options.repeatedSizeNames["badge_size"] = nil
        }
        if let text = arguments.string("play-badge-size") {
            options.playBadgeSize = try size(text, flag: "play-badge-size", example: "48x48")
            options.unknownSizeNames["play_badge_size"] = nil
            options.repeatedSizeNames["play_badge_size"] = nil
        }
    }

    /// `--badge-size 28x18` (or `28×18`): width and height in points.
    static func size(_ text: String, flag: String, example: String) throws(UsageError) -> Size {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite
        else {
            throw UsageError("--\(flag) must be WIDTHxHEIGHT in points, as \(example), not \"\(text)\"")
        }
        return Size(width: width, height: height)
    }
}
