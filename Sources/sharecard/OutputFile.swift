import BufferText
import Foundation

/// Where a command's output goes, decided before anything is rendered so that a mistake in
/// the path costs nothing. What the user named is written into, never renamed over: one of
/// the process's own descriptors (`/dev/stdout`, `/dev/fd/N`) is written through, as `-` is;
/// an existing FIFO or character device is opened and written in place; a regular file (new
/// or existing, reached through any chain of symlinks) is replaced atomically in its own
/// directory, so a reader never sees half a PNG and the symlinks stay.
enum OutputTarget: Sendable, Equatable {
    case standardOutput
    /// A descriptor the process was given, named by `path` (`/dev/fd/3`): written at its
    /// offset, neither reopened nor truncated.
    case descriptor(Int32, path: String)
    /// An existing non-regular file (FIFO, character device), or an open file reached through
    /// a link that names no path (another process's `/proc/PID/fd/N` of a deleted file): opened
    /// with O_WRONLY. `namedByUser` (`-o`): a FIFO nobody reads is waited for, as `>` waits,
    /// and symlinks are followed. A name the tool chose (a batch's card): a FIFO nobody reads
    /// is refused at once, and the name is opened with O_NOFOLLOW, so a symbolic link put in
    /// its place after it was checked is refused, not written through.
    case stream(path: String, namedByUser: Bool = true)
    /// A regular file, existing or not, at `resolvedPath` (symlinks followed); `path` is what
    /// the user gave, for messages.
    case file(path: String, resolvedPath: String)

    /// Refuses an image for a terminal, where it would print as garbage and may leave the
    /// terminal in a state of its own: `-`, a descriptor, or a device such as `/dev/tty`.
    static func terminalRefusal(_ path: String) -> UsageError {
        UsageError(description: path == "-"
            ? "refusing to write an image to a terminal; redirect standard output or give -o FILE"
            : "refusing to write an image to a terminal (\(shown: path)); name a file or a pipe")
    }

    /// The target a batch writes a card to, in its `--out` folder: as `init(_:)`, but the name
    /// is the tool's, not the user's. So a symbolic link there under a card's name is that
    /// card's error, not followed: whoever could put a link in a shared or reused folder could
    /// otherwise have the batch replace any file its user may write (as the folder's journal,
    /// a link is refused). The name is looked at once, with `lstat`, and never resolved: a
    /// file is renamed over (which replaces a link put there since, never what it names), and a
    /// FIFO or device is opened with O_NOFOLLOW. A FIFO there that nobody reads is an error,
    /// not a wait, which held the whole batch up for good; one with a reader is written into.
    init(batchCard path: String) throws {
        func failure(_ reason: String) -> CommandError { CommandError("cannot write \(shown: path): \(reason)") }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw failure(Errno.text(errno)) }
            self = .file(path: path, resolvedPath: path)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            throw failure("it is a symbolic link, and a batch's cards are its own files in the --out folder, not followed")
        case S_IFREG:
            if let refusal = AtomicReplacement.writePermissionRefusal(path) { throw failure(refusal) }
            self = .file(path: path, resolvedPath: path)
        case S_IFCHR, S_IFIFO:
            self = .stream(path: path, namedByUser: false)
        case let kind:
            throw failure(Self.refusal(ofKind: kind))
        }
    }

    /// Why a file of this kind (`st_mode & S_IFMT`) is not written to.
    private static func refusal(ofKind kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "is a directory"
        case S_IFBLK: "is a block device (sharecard writes to files, pipes and character devices)"
        case S_IFSOCK: "is a socket"
        default: "is not a file"
        }
    }

    /// Resolves `path` (`-` is standard output); a terminal is refused, here for standard
    /// output and descriptors, when writing for a device named by path.
    init(_ path: String) throws {
        if path == "-" {
            guard isatty(STDOUT_FILENO) != 1 else { throw Self.terminalRefusal(path) }
            self = .standardOutput
            return
        }
        guard !path.isEmpty else { throw UsageError(description: "the output path is empty") }
        Interruption.shared.install()
        func failure(_ reason: String) -> CommandError { CommandError("cannot write \(shown: path): \(reason)") }
        if let fd = FilePath.ownDescriptor(named: path) {
            guard fcntl(fd, F_GETFL) >= 0 else { throw failure("descriptor \(fd) is not open") }
            guard isatty(fd) != 1 else { throw Self.terminalRefusal(path) }
            self = .descriptor(fd, path: path)
            return
        }

        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFCHR, S_IFIFO:
                self = .stream(path: path)
            case S_IFREG:
                let resolved = try FilePath.resolvingSymlinks(path, failure: failure)
                var linked = stat()
                if lstat(resolved, &linked) == 0, linked.st_dev == info.st_dev, linked.st_ino == info.st_ino {
                    if let refusal = AtomicReplacement.writePermissionRefusal(resolved) { throw failure(refusal) }
                    self = .file(path: path, resolvedPath: resolved)
                } else {
                    // A /proc magic link whose text is not a path (a deleted or unnamed file).
                    self = .stream(path: path)
                }
            case let kind: throw failure(Self.refusal(ofKind: kind))
            }
            return
        }
        let statError = errno
        guard statError == ENOENT else { throw failure(Errno.text(statError)) }
        // Nothing there, or a dangling symlink: the file is created where the chain points.
        let resolved = try FilePath.resolvingSymlinks(path, failure: failure)
        guard !resolved.hasSuffix("/") else { throw failure("is not a file name (it ends with '/')") }
        let parent = PathText.directory(of: resolved)
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0 else {
            throw failure(errno == ENOENT ? "directory \(shown: parent) does not exist" : "\(shown: parent): \(Errno.text(errno))")
        }
        guard parentInfo.st_mode & S_IFMT == S_IFDIR else { throw failure("\(shown: parent) is not a directory") }
        self = .file(path: path, resolvedPath: resolved)
    }

    /// Whether writing here writes to standard output's open file: `-`, and also `/dev/stdout`,
    /// `/dev/fd/1`, or a FIFO or device that standard output already is. Text meant for
    /// standard output must then go elsewhere, or it would land inside the image.
    var sharesStandardOutput: Bool {
        var out = stat()
        guard fstat(STDOUT_FILENO, &out) == 0 else { return self == .standardOutput }
        var info = stat()
        switch self {
        case .standardOutput: return true
        case .descriptor(let fd, _): guard fstat(fd, &info) == 0 else { return false }
        case .stream(let path, _): guard stat(path, &info) == 0 else { return false }
        case .file: return false  // replaced by a new file: standard output keeps the old one
        }
        return info.st_dev == out.st_dev && info.st_ino == out.st_ino
    }

    /// Writes `bytes`: in place for streams, by atomic replacement for files.
    func write(_ bytes: [UInt8]) throws {
        switch self {
        case .standardOutput:
            if let error = Errno.writeAll(STDOUT_FILENO, bytes) {
                throw CommandError("cannot write to standard output: \(Errno.text(error))")
            }
        case .descriptor(let fd, let path):
            if let error = Errno.writeAll(fd, bytes) {
                // EBADF from write(2) on an open descriptor: it was opened for reading only.
                let flags = fcntl(fd, F_GETFL)
                let readOnly = error == EBADF && flags >= 0 && flags & O_ACCMODE == O_RDONLY
                throw CommandError("cannot write \(shown: path): \(readOnly ? "the descriptor is open for reading only" : Errno.text(error))")
            }
        case .stream(let path, let namedByUser):
            try Self.writeInPlace(bytes, to: path, namedByUser: namedByUser)
        case .file(let path, let resolved):
            do { try AtomicReplacement.write(bytes, to: resolved) } catch {
                throw CommandError("cannot write \(shown: path)\(resolved == path ? "" : " (\(shown: resolved))"): \(error.reason)")
            }
        }
    }

    /// A FIFO, device or open file: no temporary file, no O_TRUNC on devices (a regular
    /// file reached this way is truncated after opening). A terminal is refused once open
    /// (O_NOCTTY: opening it never makes it the process's controlling terminal). A name the
    /// tool chose (not `namedByUser`) is opened with O_NOFOLLOW, and with O_NONBLOCK, which
    /// fails at once (ENXIO) on a FIFO nobody has open for reading; the flag is then cleared,
    /// so writes wait for a slow reader as they would otherwise.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, namedByUser: Bool) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (namedByUser ? 0 : O_NONBLOCK | O_NOFOLLOW))
        guard fd >= 0 else {
            let error = errno
            var info = stat()
            if !namedByUser, lstat(path, &info) == 0 {
                switch (error, info.st_mode & S_IFMT) {
                case (ENXIO, S_IFIFO):
                    throw CommandError("cannot write \(shown: path): it is a FIFO that nobody reads (a batch does not wait for a reader)")
                case (ELOOP, S_IFLNK):
                    throw CommandError("cannot write \(shown: path): it became a symbolic link while the card was drawn, and a batch's cards are its own files in the --out folder, not followed")
                default: break
                }
            }
            throw CommandError("cannot write \(shown: path): \(Errno.text(error))")
        }
        if !namedByUser, fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 {
            let error = errno
            close(fd)
            throw CommandError("cannot write \(shown: path): \(Errno.text(error))")
        }
        guard isatty(fd) != 1 else {
            close(fd)
            throw terminalRefusal(path)
        }
        var info = stat()
        var error: Int32? = fstat(fd, &info) == 0 ? nil : errno
        if error == nil, info.st_mode & S_IFMT == S_IFREG, ftruncate(fd, 0) != 0 { error = errno }
        if error == nil { error = Errno.writeAll(fd, bytes) }
        if close(fd) != 0, error == nil, errno != EINTR { error = errno }
        if let error { throw CommandError("cannot write \(shown: path): \(Errno.text(error))") }
    }
}

/// A failure while running a command: printed on stderr, exit status 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
