import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Timing a command and its peak memory

/// Runs a command as a child process and reports its wall time, its peak memory (the
/// `ru_maxrss` that `wait4` returns for it) and how it ended.
///
/// The command is not spawned by the suite itself but by a launcher: a fresh
/// `archlint-bench run-child` process. On Linux a child's `ru_maxrss` starts from the
/// high-water mark of the memory it was spawned from (`exec` records the old address
/// space's peak), so a command spawned directly by the suite, which holds the whole corpus
/// and swift-syntax trees, would report the suite's peak instead of its own. The launcher
/// has just been `exec`ed into a fresh, small address space (`launcherPeakKilobytes`, its
/// `VmHWM`): whatever the command reports above that is its own. The launcher also does the timing, from just before
/// `posix_spawn` to the return of `wait4`, so its own start-up is not counted.
enum ChildProcess {
    /// How a process ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        /// Decodes a `wait` status (`WIFEXITED` and friends are macros Swift cannot import).
        init(waitStatus status: Int32) {
            let signal = status & 0x7F
            self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        }

        var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    struct Result {
        var elapsed: Duration
        var peakKilobytes: Int
        var termination: Termination
        /// The launcher's own peak: the floor below which `peakKilobytes` cannot go.
        var launcherPeakKilobytes: Int
    }

    /// Runs `executable` with `arguments` through the launcher; its standard output and
    /// error go to the file `log`, standard input is `/dev/null`.
    static func measure(_ executable: String, _ arguments: [String], log: String) throws -> Result {
        let report = log + ".measured"
        let launcher = try spawnAndWait(try ownExecutable(), ["run-child", report, log, executable] + arguments,
                                        output: log + ".launcher")
        guard launcher.termination == .exited(0),
              let text = try? String(contentsOfFile: report, encoding: .utf8) else {
            let details = (try? String(contentsOfFile: log + ".launcher", encoding: .utf8)) ?? ""
            throw SourceCorpus.Failure(description: "the launcher for \(executable) failed (\(launcher.termination)): \(details)")
        }
        let fields = text.split(separator: " ").compactMap { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 5 else { throw SourceCorpus.Failure(description: "unreadable launcher report: \(text)") }
        return Result(elapsed: .nanoseconds(fields[0]), peakKilobytes: Int(fields[1]),
                      termination: fields[2] == 0 ? .exited(Int32(fields[3])) : .signaled(Int32(fields[3])),
                      launcherPeakKilobytes: Int(fields[4]))
    }

    /// `archlint-bench run-child REPORT LOG EXECUTABLE ARGUMENTS...`: the launcher. Runs the
    /// command and writes `nanoseconds peakKB kind code launcherPeakKB` to REPORT (kind 0:
    /// exited with code, 1: killed by signal code).
    static func runChild(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 3 else {
            FileHandle.standardError.write("run-child needs REPORT LOG EXECUTABLE [ARGUMENT...]\n")
            return 2
        }
        do {
            let result = try spawnAndWait(arguments[2], Array(arguments.dropFirst(3)), output: arguments[1])
            let (kind, code): (Int, Int32) = switch result.termination {
            case .exited(let code): (0, code)
            case .signaled(let signal): (1, signal)
            }
            let nanoseconds = result.elapsed.components.seconds * 1_000_000_000 + result.elapsed.components.attoseconds / 1_000_000_000
            let line = "\(nanoseconds) \(result.peakKilobytes) \(kind) \(code) \(ownHighWaterKilobytes())\n"
            try line.write(toFile: arguments[0], atomically: true, encoding: .utf8)
            return 0
        } catch {
            FileHandle.standardError.write("run-child: \(error)\n")
            return 2
        }
    }

    // MARK: Spawning

    /// Spawns `executable` (an absolute or relative path, not looked up in `PATH`) and
    /// waits for it.
    private static func spawnAndWait(_ executable: String, _ arguments: [String], output: String) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw SourceCorpus.Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else {
                throw SourceCorpus.Failure(description: "waiting for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let elapsed = start.duration(to: clock.now)
        return Result(elapsed: elapsed, peakKilobytes: usage.ru_maxrss, termination: Termination(waitStatus: status),
                      launcherPeakKilobytes: 0)
    }

    /// The peak memory of this process's own address space (`VmHWM`), which is what a
    /// child spawned from it starts its `ru_maxrss` from. Not `getrusage(RUSAGE_SELF)`: that
    /// one includes the peak of the process this one was spawned from. 0 if unknown.
    private static func ownHighWaterKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The path of this program, for running the launcher.
    private static func ownExecutable() throws -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        guard let path = Bundle.main.executablePath else {
            throw SourceCorpus.Failure(description: "cannot find archlint-bench's own executable")
        }
        return path
    }
}
