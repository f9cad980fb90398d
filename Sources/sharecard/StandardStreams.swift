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
    static func finishStandardOutput(command: String?) {
        let flushed = fflush(stdout) == 0
        let reason = errno
        guard !flushed || ferror(stdout) != 0 else { return }
        let prefix = command.map { "sharecard \($0): " } ?? "sharecard: "
        StandardError.write(prefix + "cannot write to standard output" + (flushed ? "" : ": " + Errno.text(reason)) + "\n")
        exit(1)
    }
}
