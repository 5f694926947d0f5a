import ArchLintKit
import ArchLintRules

/// libFuzzer's entry point, called once per generated input.
///
/// The input goes through the whole linter — lexer, outline, project index, every rule of
/// the catalog switched on, every report format — and `SelfCheck` checks each stage's
/// invariants (tokens and trivia rebuild the input byte for byte, outlines and findings
/// point inside their files, reports are well formed). A broken invariant traps, which
/// libFuzzer records as a crash artifact; `run-fuzz.sh` turns those into regression tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        _ = try SelfCheck.run(input, rules: RuleRegistry.all)
    } catch {
        fatalError("\(error)")
    }
    return 0
}
