import BufferText
import Foundation

/// errno as text, and writing whole buffers with write(2).
enum Errno {
    static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Writes all of `bytes` to `fd`, retrying after EINTR and short writes; the errno of
    /// the failure, or nil. EPIPE comes back as an error because SIGPIPE is ignored.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var written = 0
            while written < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
    }
}

/// Path arithmetic done the way the kernel resolves paths, not the way URL normalises them.
enum FilePath {
    /// The descriptor of this process that `path` names through the kernel's descriptor links
    /// (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/3`, or a symlink to one of them), or nil.
    /// Such a path names the open file, not a file by name: reopening it would start at offset
    /// 0 and lose what the shell wrote before (`>>`, `{ echo; sharecard …; } > f`).
    static func ownDescriptor(named path: String) -> Int32? {
        let process = "/proc/\(getpid())"
        // /proc/self and /proc/thread-self resolve to /proc/PID and /proc/PID/task/TID.
        func isOwn(_ directory: String) -> Bool {
            directory == process + "/fd" || (directory.hasPrefix(process + "/task/") && directory.hasSuffix("/fd"))
        }
        var current = path
        for _ in 0..<40 {
            let name = PathText.name(of: current)
            if !name.isEmpty, name.utf8.count <= 9, name.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let fd = Int32(name),
               let parent = realPath(PathText.directory(of: current)), isOwn(parent) {
                return fd
            }
            guard case .link(let next) = linkStep(from: current) else { return nil }
            current = next
        }
        return nil
    }

    /// One step along a symlink chain: what `path` names when it is a symlink (a relative
    /// target taken against the link's directory).
    enum LinkStep {
        case notALink
        case link(String)
        case unreadable(errno: Int32)
        case empty
        /// Read as a `String` it would name another file (its bytes replaced by U+FFFD).
        case notUTF8
    }

    static func linkStep(from path: String) -> LinkStep {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return .notALink }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { readlink(path, $0, raw.count - 1) }
        }
        guard count >= 0 else { return .unreadable(errno: errno) }
        guard count > 0 else { return .empty }
        let bytes = buffer[0..<count]
        let target = String(decoding: bytes, as: UTF8.self)
        guard target.utf8.elementsEqual(bytes) else { return .notUTF8 }
        let base = PathText.directory(of: path)
        return .link(target.hasPrefix("/") || base == "." ? target : base + "/" + target)
    }

    /// Makes the folder `path` and any missing folders above it, as `mkdir -p` does (mode 0777
    /// less the umask); a folder that exists, or a symlink to one, is taken as it is. Throws
    /// the first component that could not be made or is not a folder, with the system's reason
    /// (for a dangling symlink, that of the `stat` through it: No such file or directory).
    static func makeDirectories(_ path: String) throws(MakeDirectoryFailure) {
        guard !path.isEmpty else { throw MakeDirectoryFailure(component: path, reason: "the name is empty") }
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw MakeDirectoryFailure(component: path, reason: Errno.text(ENOTDIR)) }
            return
        }
        let parent = PathText.directory(of: path)
        if parent != path, parent != ".", parent != "/" { try makeDirectories(parent) }
        guard mkdir(path, 0o777) != 0 else { return }
        var code = errno
        if code == EEXIST {
            // Made meanwhile by another process (taken if a folder), or a dangling symlink.
            if stat(path, &info) == 0 {
                guard info.st_mode & S_IFMT != S_IFDIR else { return }
                code = ENOTDIR
            } else {
                code = errno
            }
        }
        throw MakeDirectoryFailure(component: path, reason: Errno.text(code))
    }

    /// The part of a path that could not be made, and why.
    struct MakeDirectoryFailure: Error {
        let component: String
        let reason: String

        /// `afile: Not a directory`, or the reason alone when `path` itself is at fault.
        func message(for path: String) -> String { component == path ? reason : "\(shown: component): \(reason)" }
    }

    /// `realpath(3)` of `path`, or nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Follows the symlink chain at `path` (relative targets against the link's directory)
    /// to the first component that is not a symlink or does not exist, which is returned: for
    /// a dangling link, the path its chain names. Follows at most 40 links, as the kernel
    /// does (`MAXSYMLINKS`). A target that is not UTF-8 is refused, as such a path is on the
    /// command line: read as a `String` it would name another file, which would be written.
    static func resolvingSymlinks(_ path: String, failure: (String) -> Error) throws -> String {
        var current = path
        var followed = 0
        while true {
            let step = linkStep(from: current)
            if case .notALink = step { return current }
            guard followed < 40 else { throw failure("too many levels of symbolic links") }
            switch step {
            case .notALink: return current
            case .link(let next):
                current = next
                followed += 1
            case .unreadable(let code): throw failure("\(shown: current): \(Errno.text(code))")
            case .empty: throw failure("\(shown: current) is an empty symlink")
            case .notUTF8: throw failure("\(shown: current) is a symlink to a name that is not UTF-8; name the file itself")
            }
        }
    }
}
