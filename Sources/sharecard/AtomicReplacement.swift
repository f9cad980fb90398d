import BufferText
import Foundation
import Signals

/// Replaces a regular file (or creates it) so that a reader sees the old bytes or the new
/// ones, never a mixture: a temporary file in the same directory is written, given the old
/// file's permission bits (and owner, when running as root), fsynced, and renamed over the
/// path. The temporary file is removed on every failure, and on SIGINT/SIGTERM through
/// `ExitCleanup`. A new file gets mode 0666 less the umask, as `>` in a shell would. A file
/// the process may not write (by its mode and the effective user) is refused, as `>` refuses
/// it, although the directory would allow renaming over it. Hard links to the old file keep
/// the old bytes.
enum AtomicReplacement {
    struct Failure: Error {
        let reason: String

        init(reason: String) { self.reason = reason }

        init(_ failure: ExitCleanup.Failure) {
            switch failure {
            case .exiting: reason = "interrupted"
            case .system(let code): reason = Errno.text(code)
            }
        }
    }

    /// `path` must already have its symlinks resolved (see `OutputTarget`).
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var existing = stat()
        let replacing = lstat(path, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        if replacing, let refusal = writePermissionRefusal(path) { throw Failure(reason: refusal) }
        let fd: Int32, temporary: ExitCleanup.Temporary
        switch ExitCleanup.create(temporaryPath(for: path), flags: O_WRONLY | O_CLOEXEC, mode: 0o666) {
        case .success(let created): (fd, temporary) = created
        case .failure(.exiting): throw Failure(.exiting)
        case .failure(let failure):
            // A file the user may write in a folder they may not is refused here: say which.
            throw Failure(reason: "cannot create a temporary file in its folder \(shown: PathText.directory(of: path)) "
                          + "(the file is replaced by one written there and renamed over it): \(Failure(failure).reason)")
        }
        var error = Errno.writeAll(fd, bytes)
        if error == nil, replacing {
            // chown first: it clears set-id bits, which fchmod then restores.
            if geteuid() == 0, fchown(fd, existing.st_uid, existing.st_gid) != 0 { error = errno }
            if error == nil, fchmod(fd, existing.st_mode & 0o7777) != 0 { error = errno }
        }
        if error == nil, fsync(fd) != 0, errno != EINVAL { error = errno }
        if close(fd) != 0, error == nil, errno != EINTR { error = errno }
        if let error {
            ExitCleanup.discard(temporary)
            throw Failure(reason: Errno.text(error) + leftover(temporary))
        }
        if let failure = ExitCleanup.commit(temporary, to: path) {
            throw Failure(reason: Failure(failure).reason + leftover(temporary))
        }
    }

    /// Names a temporary file that could not be removed after a failure (a directory that
    /// takes new files but neither renames nor removes them, as `chattr +a` makes one), so
    /// that the user can remove it; empty when it is gone, as it normally is.
    private static func leftover(_ temporary: ExitCleanup.Temporary) -> String {
        var info = stat()
        guard lstat(temporary.path, &info) == 0 else { return "" }
        return "; the temporary file \(shown: temporary.path) could not be removed"
    }

    /// Why the existing file at `path` may not be written by this process (its effective user
    /// and groups, as `open` would judge), or nil when it may.
    static func writePermissionRefusal(_ path: String) -> String? {
        faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 ? nil : Errno.text(errno)
    }

    /// `.NAME.sharecard-PID-START-RANDOM.tmp` beside `path` (START is the writer's start time,
    /// `ProcessStartTime`, 0 where unknown); NAME is shortened so the whole stays within the
    /// 255-byte name limit. The process id and start time let `removeStaleTemporaries` tell a
    /// killed writer's leftovers from a running one's files, even when the id is reused.
    static func temporaryPath(for path: String) -> String {
        let name = String(decoding: Array(PathText.name(of: path).utf8.prefix(150)), as: UTF8.self)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let directory = PathText.directory(of: path)
        let started = ProcessStartTime.current ?? 0
        return (directory == "/" ? "" : directory) + "/.\(name).sharecard-\(getpid())-\(started)-\(random).tmp"
    }

    /// Removes the temporary files in `directory` left by writers that were killed (SIGKILL,
    /// a crash, a power cut): those whose process no longer exists, or whose id now belongs to
    /// a process started at another time (a restarted container's PID 1). Names of the older
    /// form `.NAME.sharecard-PID-RANDOM.tmp` are judged by the id alone. Returns their names.
    @discardableResult
    static func removeStaleTemporaries(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let marker = name.range(of: ".sharecard-", options: .backwards) else { continue }
            let fields = name[marker.upperBound...].dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
            guard (2...3).contains(fields.count), let pid = Int32(fields[0]), pid > 0,
                  UInt64(fields[fields.count - 1], radix: 16) != nil else { continue }
            let started = fields.count == 3 ? UInt64(fields[1]) : 0
            guard let started else { continue }
            if kill(pid, 0) == 0 || errno != ESRCH {
                // The id is in use: stale only if it is another process than the writer.
                guard started != 0, let now = ProcessStartTime.of(pid), now != started else { continue }
            }
            if unlink((directory as NSString).appendingPathComponent(name)) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }
}
