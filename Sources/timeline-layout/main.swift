import Foundation
import LayoutService

// The whole program: everything else lives in LayoutService, where tests can call it.
exit(TimelineLayoutCommand.run(Array(CommandLine.arguments.dropFirst())))
