/// `timeline_layout_build_info{version, swift}`: always 1, so that dashboards can join on the
/// running version and the compiler that built it.
enum BuildInfo {
    /// The Swift compiler's version, major.minor(.patch), as far as `#if compiler` can tell.
    static let swiftVersion: String = {
        #if compiler(>=6.4)
            return "6.4"
        #elseif compiler(>=6.3.2)
            return "6.3.2"
        #elseif compiler(>=6.3.1)
            return "6.3.1"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }()

    static func exposition() -> String {
        """
        # HELP timeline_layout_build_info The running version and the Swift compiler that built it; always 1.
        # TYPE timeline_layout_build_info gauge
        timeline_layout_build_info{version="\(TimelineLayoutCommand.version)",swift="\(swiftVersion)"} 1

        """
    }
}
