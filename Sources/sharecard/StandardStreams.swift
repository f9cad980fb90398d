@preconcurrency import Glibc
import Foundation

/// What the process makes sure of around its standard streams and arguments, before a command
/// runs and when it ends.
enum StandardStreams {
    /// Descriptors 0–2 that the caller left closed (`2>&-`) are opened on /dev/null, the wrong
    /// way round (standard input write-only, the outputs read-only): the next file the process
    /// opens (a batch's journal) can no longer take the number and receive error lines, while
    /// a read or write through the closed stream still fails as it did.
    static func occupyClosedDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", (fd == STDIN_FILENO ? O_WRONLY : O_RDONLY))
            if opened >= 0, opened != fd {
                // A lower descriptor was free after all (a race cannot happen this early): move it.
                _ = dup2(opened, fd)
                close(opened)
            }
        }
    }

    /// The first argument (after the program's name) that is not UTF-8, described for a
    /// message: Swift's `CommandLine.arguments` repairs such bytes into U+FFFD, so a title would
    /// change and a path name another file. Nil when every argument is UTF-8.
    static func nonUTF8Argument() -> String? {
        let argv = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = argv[index] else { continue }
            guard String(validatingCString: pointer) == nil else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            let shown = bytes.prefix(200).map { (0x20..<0x7F).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
            let previous = index > 1 ? argv[index - 1].map { String(cString: $0) } : nil
            if let previous, previous.hasPrefix("-"), previous != "-", !previous.contains("=") {
                return "the value of \(previous) is not UTF-8 text: \"\(shown)\""
            }
            return "argument \(index) is not UTF-8 text: \"\(shown)\""
        }
        return nil
    }

    /// Flushes what `print` buffered for standard output and exits 1, naming the failure, when
    /// it or an earlier write could not be written (`> /dev/full`, a closed descriptor): a
    /// completion script or a listing that did not arrive must not look like success.
    /// A reader that went away (`palettes list | head -1`) is not a failure of the listing: the
    /// process ends silently by SIGPIPE, as `ls` or `cat` would there, status 141 in the shell.
    /// (A card written with `-o -` is data, and its lost reader is an error: `OutputFile`.)
    static func finishStandardOutput(command: String?) {
        let flushed = fflush(stdout) == 0
        let reason = errno
        guard !flushed || ferror(stdout) != 0 else { return }
        if flushed ? readerHasGone(STDOUT_FILENO) : reason == EPIPE { endByBrokenPipe() }
        let prefix = command.map { "sharecard \($0): " } ?? "sharecard: "
        StandardError.write(prefix + "cannot write to standard output" + (flushed ? "" : ": " + Errno.text(reason)) + "\n")
        exit(1)
    }

    /// Whether `fd` is a pipe or socket whose reading end is closed: poll reports POLLERR for
    /// such a pipe's writer and POLLHUP for such a socket. Used where the failed write's errno
    /// is gone (stdio keeps only its error flag).
    private static func readerHasGone(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK else { return false }
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// Ends the process as an unhandled SIGPIPE would (the handler is restored and the signal
    /// unblocked first: `main` ignores it so that writes fail with EPIPE).
    private static func endByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }
}
