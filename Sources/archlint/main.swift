import ArchLintKit
import ArchLintRules
import Foundation

LintCommand.keepsIndexUntilExit = true
// A reader that closes the pipe early (`archlint | head -1`) must not kill the process:
// writes then fail with EPIPE, which `OutputStreams.standard` handles quietly.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.run(arguments: Array(CommandLine.arguments.dropFirst()), rules: RuleRegistry.all))
