import ArchLintKit
import ArchLintRules
import Foundation

exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), rules: RuleRegistry.all))
