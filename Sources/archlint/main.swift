import ArchLintKit
import Foundation

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst())))
