import Foundation
import XCTest

/// SIGINT and SIGTERM while a one-file command writes its output: the process ends with
/// 128 + the signal, no temporary file is left, and what `-o` named is either untouched or
/// the complete new card, never half of one. The write is held at a known step by `strace`'s
/// fault injection (`scripts/setup --test` installs strace): a delayed `fsync` while the test
/// sends the signal itself, or a signal raised as the tracee enters a system call.
final class InterruptedWriteTests: TemporaryDirectoryTestCase {
    static let strace = "/usr/bin/strace"
    static let render = ["render", "--title", "Interrupted", "-o", "card.png"]

    /// Starts `sharecard arguments…` in the test's directory under strace, tracing and
    /// injecting into `syscall` only.
    func startTraced(_ arguments: [String], syscall: String, inject: String) throws -> Process {
        guard FileManager.default.isExecutableFile(atPath: Self.strace) else {
            throw Sharecard.Failure(description: "\(Self.strace) is missing (scripts/setup --test installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.strace)
        process.arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=\(syscall)", "-e", "inject=\(syscall):\(inject)",
                             "--", Sharecard.executable.path] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits (at most a minute) for the process to end; kills it and fails otherwise.
    func finish(_ process: Process) throws -> Int32 {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            process.terminate()
            throw Sharecard.Failure(description: "the command did not end after the signal")
        }
        XCTAssertEqual(process.terminationReason, .exit, "ended by _exit, not killed by the signal")
        return process.terminationStatus
    }

    /// The temporary files in the test's directory.
    func temporaries() throws -> [String] { try contents().filter { $0.hasSuffix(".tmp") } }

    /// Waits for the command's temporary file and returns the writer's process id, which the
    /// file's name carries (`.NAME.sharecard-PID-START-RANDOM.tmp`).
    func writerOfTemporary() throws -> pid_t {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let name = try temporaries().first, let marker = name.range(of: ".sharecard-"),
               let pid = pid_t(name[marker.upperBound...].prefix { $0 != "-" }) {
                // The second field is the writer's start time, which tells it from a later
                // process given the same id.
                let fields = name[marker.upperBound...].split(separator: "-")
                let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
                let started = stat[stat.range(of: ")", options: .backwards)!.upperBound...].split(separator: " ")[19]
                XCTAssertEqual(fields.count, 3, name)
                XCTAssertEqual(fields.dropFirst().first, started, name)
                return pid
            }
            usleep(5_000)
        }
        throw Sharecard.Failure(description: "no temporary file appeared")
    }

    func testSignalWhileTheCardIsFsyncedRemovesTheTemporaryAndKeepsTheTarget() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            try write("the previous card", to: "card.png")
            // fsync held for 4 s: the signal arrives between the temporary's creation and its rename.
            let process = try startTraced(Self.render, syscall: "fsync", inject: "delay_enter=4000000")
            XCTAssertEqual(kill(try writerOfTemporary(), signal), 0)
            XCTAssertEqual(try finish(process), status)
            XCTAssertEqual(try temporaries(), [], "signal \(signal)")
            XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("card.png"), encoding: .utf8), "the previous card")
        }
    }

    func testSignalBeforeANewFileIsRenamedLeavesNoFile() throws {
        let process = try startTraced(Self.render, syscall: "fsync", inject: "signal=TERM")
        XCTAssertEqual(try finish(process), 143)
        XCTAssertEqual(try contents(), [], "neither the card nor its temporary file")
    }

    /// A signal that arrives once the rename has started is handled after it: the new card
    /// is in place, whole, and its temporary name is gone.
    func testSignalDuringTheRenameIsHandledAfterIt() throws {
        try write("the previous card", to: "card.png")
        let process = try startTraced(Self.render, syscall: "rename", inject: "signal=INT")
        XCTAssertEqual(try finish(process), 130)
        XCTAssertEqual(try contents(), ["card.png"])
        let card = try Data(contentsOf: directory.appendingPathComponent("card.png"))
        XCTAssertEqual(PNGHeader(card), PNGHeader(width: 1024, height: 576))
    }

    /// A FIFO is written in place: the writer blocks with the FIFO full, is signalled there,
    /// and leaves the FIFO a FIFO with no file beside it.
    func testSignalWhileBlockedWritingIntoAFIFOLeavesTheFIFO() throws {
        XCTAssertEqual(mkfifo(path("card.fifo"), 0o644), 0)
        let reader = open(path("card.fifo"), O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        XCTAssertEqual(fcntl(reader, 1031 /* F_SETPIPE_SZ */, 4096), 4096)
        let process = Process()
        process.executableURL = Sharecard.executable
        process.arguments = ["render", "--title", "Interrupted", "--template", "photo", "-o", "card.fifo", "--format", "png"]
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        // /proc/PID/syscall starts with the number of the system call the process waits in: 1 is
        // write on x86-64, the architecture the suite runs on.
        let deadline = Date().addingTimeInterval(60)
        var syscall = ""
        while process.isRunning, Date() < deadline, !syscall.hasPrefix("1 ") {
            usleep(10_000)
            syscall = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/syscall", encoding: .utf8)) ?? ""
        }
        XCTAssertTrue(syscall.hasPrefix("1 "), "blocked writing into the full FIFO: \(syscall)")
        XCTAssertEqual(kill(process.processIdentifier, SIGTERM), 0)
        XCTAssertEqual(try finish(process), 143)
        var info = stat()
        XCTAssertEqual(lstat(path("card.fifo"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertEqual(try contents(), ["card.fifo"])
    }
}
