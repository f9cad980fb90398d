import Caching
import Foundation
import XCTest

/// Ways of running `sharecard` that `Sharecard.run` does not cover: with a pipe as standard
/// output, started in the background to be signalled, and on a pseudo-terminal.
enum ProcessHarness {
    struct PipedResult {
        let status: Int32
        let reason: Process.TerminationReason
        let stdout: Data
        let stderr: String
    }

    /// Runs with standard output a pipe the test holds; with `closeReadEnd` the read end is
    /// closed first, so the child's writes fail with EPIPE.
    static func runWithPipedStdout(_ arguments: [String], in directory: URL, closeReadEnd: Bool = false) throws -> PipedResult {
        let process = Process()
        process.executableURL = Sharecard.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        if closeReadEnd { try output.fileHandleForReading.close() }
        try process.run()
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let collected = Collected()
        let group = DispatchGroup()
        if !closeReadEnd {
            let reader = output.fileHandleForReading
            DispatchQueue.global().async(group: group) { collected.set(reader.readDataToEndOfFile()) }
        }
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return PipedResult(status: process.terminationStatus, reason: process.terminationReason, stdout: collected.get(),
                           stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The complete lines of a file (none if it does not exist).
    static func lineCount(_ url: URL) -> Int {
        guard let data = FileManager.default.contents(atPath: url.path) else { return 0 }
        return data.filter { $0 == 0x0A }.count
    }

    struct ScriptedResult: Decodable {
        /// The exit status, or minus the signal that ended the process.
        let status: Int
        /// Everything written to stdout and stderr (on a terminal, newlines as "\r\n").
        let output: String
        /// What had been written when the signal was sent.
        let outputBeforeSignal: String
    }

    /// A batch that blocks on a FIFO, interrupted at a known point.
    struct Interruption {
        /// The journal to watch.
        var journal: URL
        /// Journal lines to wait for.
        var lines: Int
        /// A FIFO in the batch's output folder: held open for reading from before the start,
        /// with its buffer shrunk to one page, so the card written into it blocks mid-write.
        var fifo: URL
        var signal: Int32
        /// After the signal, wait for the batch to say it is stopping, then read the FIFO to its
        /// end so the card in flight can finish.
        var drain: Bool
        /// After the signal, wait for the batch to say it is stopping, then send it again.
        var repeatSignal = false
        /// Start the batch with SIGINT ignored (as a shell without job control starts a
        /// background job); after the signal, wait 0.3 s and read the FIFO to its end.
        var startsWithInterruptIgnored = false
    }

    /// Runs `sharecard` with stdout and stderr on a pipe, or on a pseudo-terminal (then stdin
    /// too), through Python's standard library (`pty`, `fcntl`), in `Sharecard.terminalEnvironment()`. With `interruption`, waits
    /// until the journal has its lines and the FIFO's buffer is full (the card is in flight),
    /// then sends the signal.
    static func runScripted(_ arguments: [String], in directory: URL, terminal: Bool,
                            interruption: Interruption? = nil) throws -> ScriptedResult {
        let script = """
            import fcntl, json, os, pty, select, signal, struct, sys, termios, threading, time
            cfg = json.loads(sys.argv[1])
            fifo = None
            if cfg['fifo']:
                fifo = os.open(cfg['fifo'], os.O_RDONLY | os.O_NONBLOCK)
                fcntl.fcntl(fifo, 1031, 4096)  # F_SETPIPE_SZ: one page
            if cfg['terminal']:
                pid, fd = pty.fork()
            else:
                fd, w = os.pipe()
                pid = os.fork()
                if pid == 0:
                    os.dup2(w, 1); os.dup2(w, 2)
                os.close(w) if pid else None
            if pid == 0:
                os.chdir(cfg['cwd'])
                if cfg['ignoreInterrupt']:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                os.execve(cfg['argv'][0], cfg['argv'], cfg['environment'])
            out = bytearray()
            deadline = time.time() + 120
            def pump(timeout):
                r, _, _ = select.select([fd], [], [], timeout)
                if not r:
                    return True
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False
                out.extend(data)
                return bool(data)
            def lines(path):
                try:
                    return open(path, 'rb').read().count(b'\\n')
                except FileNotFoundError:
                    return 0
            def buffered():
                return struct.unpack('i', fcntl.ioctl(fifo, termios.FIONREAD, b'\\0' * 4))[0]
            alive = True
            before = b''
            if cfg['journal']:
                while lines(cfg['journal']) < cfg['lines'] or buffered() < 4096:
                    if time.time() > deadline:
                        os.kill(pid, signal.SIGKILL)
                        sys.exit('timed out waiting for the journal and the FIFO')
                    alive = pump(0.01) and alive
                while pump(0.05) and select.select([fd], [], [], 0)[0]:
                    pass
                before = bytes(out)
                os.kill(pid, cfg['signal'])
                if cfg['repeat']:
                    while b'stopping after' not in out and time.time() < deadline:
                        pump(0.01)
                    os.kill(pid, cfg['signal'])
                if cfg['ignoreInterrupt']:
                    stop = time.time() + 0.3
                    while time.time() < stop:
                        pump(0.01)
                if cfg['drain'] or cfg['ignoreInterrupt']:
                    while not cfg['ignoreInterrupt'] and b'stopping after' not in out and time.time() < deadline:
                        pump(0.01)
                    def drain():
                        os.set_blocking(fifo, True)
                        while os.read(fifo, 65536):
                            pass
                    threading.Thread(target=drain, daemon=True).start()
            while alive and time.time() < deadline:
                alive = pump(0.05)
            _, status = os.waitpid(pid, 0)
            json.dump({'status': os.waitstatus_to_exitcode(status), 'output': out.decode('utf-8', 'replace'),
                       'outputBeforeSignal': before.decode('utf-8', 'replace')}, sys.stdout)
            """
        let config: [String: Any] = [
            "argv": [Sharecard.executable.path] + arguments, "cwd": directory.path, "terminal": terminal,
            "journal": interruption?.journal.path ?? "", "lines": interruption?.lines ?? 0,
            "fifo": interruption?.fifo.path ?? "", "signal": Int(interruption?.signal ?? 0), "drain": interruption?.drain ?? false,
            "repeat": interruption?.repeatSignal ?? false, "ignoreInterrupt": interruption?.startsWithInterruptIgnored ?? false,
            "environment": Sharecard.terminalEnvironment(),
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, String(decoding: try JSONSerialization.data(withJSONObject: config), as: UTF8.self)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Sharecard.Failure(description: "the process harness failed") }
        return try JSONDecoder().decode(ScriptedResult.self, from: data)
    }
}

/// Data handed from a reading thread to the test.
private final class Collected: Sendable {
    private let data = LockedValue(Data())
    func set(_ d: Data) { data.withLock { $0 = d } }
    func get() -> Data { data.withLock { $0 } }
}
