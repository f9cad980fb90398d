import Caching
import Cards
import Foundation
import JSONData

/// What each output file was rendered from, so a re-run skips finished cards even after the
/// batch was killed. `.sharecard-batch.jsonl` in the output folder holds one JSON object per
/// line, `{"key", "name", "sha256"}`, appended (O_APPEND, one write(2) per line) right after
/// the card's file has been renamed into place, so an entry never names bytes that are not
/// on disk. On reading, the last entry for a name wins and a line that does not parse (the
/// torn end of a killed run) is ignored. A run that finishes rewrites the journal atomically
/// with one line per file still there. The single-object `.sharecard-batch.json` of earlier versions is
/// read too, and removed by that rewrite. A run holds an exclusive lock (flock(2)) on the
/// folder from reading the journal until it is finished with it, so a second batch into the
/// same folder is refused rather than losing entries to the first one's rewrite.
final class BatchJournal: Sendable {
    static let fileName = ".sharecard-batch.jsonl"
    static let legacyFileName = ".sharecard-batch.json"

    struct Entry: Equatable, Sendable {
        let key: String
        let sha256: String
    }

    private struct State {
        var entries: [String: Entry]
        var lines: Int
        var fd: Int32
        var legacy: Bool
        /// The folder, open and locked until `finish`.
        var lockFD: Int32
    }

    private let directory: String
    private let path: String
    private let legacyPath: String
    private let state: LockedValue<State>

    /// Reads the journal in `directory` and opens it for appending; before any card is
    /// rendered, the error says the folder cannot be written, or names the journal when
    /// something else is in its place (a directory, a FIFO, a device).
    init(directory: String) throws {
        self.directory = directory
        path = (directory as NSString).appendingPathComponent(Self.fileName)
        legacyPath = (directory as NSString).appendingPathComponent(Self.legacyFileName)
        let lockFD = try Self.lock(directory)
        var opened: Int32 = -1
        defer { if opened < 0 { close(lockFD) } }
        // The earlier journal first: one in the way leaves the folder as it was.
        let legacy = try Self.read(legacyPath)
        // Not through a symlink: the journal is the run's own file, and it is later compacted by
        // renaming a new file over its name, so what a link points to is neither read nor written.
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else {
            let error = errno
            // The journal itself is in the way (a directory, a symlink): name it; otherwise the
            // folder is what cannot be written.
            var info = stat()
            if error == EISDIR || lstat(path, &info) == 0 {
                throw CommandError("cannot open the batch journal \(shown: path): \(Self.reason(error, path: path))")
            }
            throw CommandError("cannot write in the --out folder \(shown: directory): \(Errno.text(error))")
        }
        let text: Data
        do { text = try Self.contents(of: fd, path: path) } catch {
            close(fd)
            throw error
        }
        var entries: [String: Entry] = [:]
        if let legacy { entries = Self.parseLegacy(legacy) }
        var lines = 0
        for line in text.split(separator: 0x0A) {
            lines += 1
            if let (name, entry) = Self.parse(line) { entries[name] = entry }
        }
        // A torn last line is ended, so the next entry starts a line of its own.
        if let last = text.last, last != 0x0A, let error = Errno.writeAll(fd, [0x0A]) {
            close(fd)
            throw CommandError("cannot write in the --out folder \(shown: directory): \(Errno.text(error))")
        }
        opened = fd
        state = LockedValue(State(entries: entries, lines: lines, fd: fd, legacy: legacy != nil, lockFD: lockFD))
    }

    /// `directory` opened and locked for this run; refused when another run holds it.
    private static func lock(_ directory: String) throws -> Int32 {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw CommandError("cannot open the --out folder \(shown: directory): \(Errno.text(errno))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            close(fd)
            if error == EWOULDBLOCK {
                throw CommandError("another batch is writing into the --out folder \(shown: directory); "
                    + "wait for it, or give each run (each --shard) a folder of its own")
            }
            throw CommandError("cannot lock the --out folder \(shown: directory): \(Errno.text(error))")
        }
        return fd
    }

    /// Why the journal at `path` could not be opened: a symlink in its place (refused by
    /// O_NOFOLLOW, which reports ELOOP) is said to be one.
    private static func reason(_ error: Int32, path: String) -> String {
        var info = stat()
        if error == ELOOP, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return "it is a symbolic link, and the journal is the run's own file in the folder, not followed"
        }
        return Errno.text(error)
    }

    /// The most a journal may hold: a million cards' entries are about 200 MB.
    static let maximumBytes = 1 << 30

    /// The journal at `path`, whole; nil when there is none (see `contents(of:path:)`).
    private static func read(_ path: String) throws -> Data? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw CommandError("cannot read the batch journal \(shown: path): \(reason(errno, path: path))")
        }
        defer { close(fd) }
        return try contents(of: fd, path: path)
    }

    /// The journal open at `fd`, whole. Anything but a regular file is refused unread (a FIFO
    /// would hold the run up, a device might never end), and so is a journal over `maximumBytes`.
    private static func contents(of fd: Int32, path: String) throws -> Data {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CommandError("cannot read the batch journal \(shown: path): \(Errno.text(errno))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw CommandError("cannot read the batch journal \(shown: path): it is not a regular file") }
        guard Int(info.st_size) <= maximumBytes else {
            throw CommandError("cannot read the batch journal \(shown: path): it is \(info.st_size) bytes, over the limit of \(maximumBytes)")
        }
        var data = Data(count: Int(info.st_size))
        var count = 0
        while count < data.count {
            let n = data.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw CommandError("cannot read the batch journal \(shown: path): \(Errno.text(errno))") }
            if n == 0 { break }
            count += n
        }
        data.count = count
        return data
    }

    deinit {
        state.withLock { state in
            if state.fd >= 0 { close(state.fd) }
        }
    }

    /// The file at `path` is a regular file holding exactly the bytes recorded for `name`,
    /// and those were rendered from `key`. (A FIFO or device there is never read: it is
    /// written to again.)
    func isComplete(name: String, key: String, path: String) -> Bool {
        var info = stat()
        guard let entry = state.withLock({ $0.entries[name] }), entry.key == key,
              stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let data = FileManager.default.contents(atPath: path) else { return false }
        return entry.sha256 == ContentHash.hex(Array(data))
    }

    /// Appends the entry for a card whose file is already in place.
    func record(name: String, key: String, bytes: [UInt8]) throws {
        let entry = Entry(key: key, sha256: ContentHash.hex(bytes))
        let line = Self.line(name: name, entry: entry)
        try state.withLock { state in
            if let error = Errno.writeAll(state.fd, line) {
                throw CommandError("written, but not recorded in \(Self.fileName): \(Errno.text(error))")
            }
            state.entries[name] = entry
            state.lines += 1
        }
    }

    /// Closes the journal; when asked, first rewrites it with one line per file still
    /// there, if it holds superseded, legacy or removed files' entries.
    func finish(compacting: Bool) throws {
        let (recorded, stale, lockFD) = state.withLock { state -> ([String: Entry], Bool, Int32) in
            if state.fd >= 0 { close(state.fd) }
            state.fd = -1
            defer { state.lockFD = -1 }
            return (state.entries, state.legacy || state.lines > state.entries.count, state.lockFD)
        }
        defer { if lockFD >= 0 { close(lockFD) } }
        guard compacting else { return }
        var entries = recorded
        let gone = entries.keys.filter { !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent($0)) }
        for name in gone { entries[name] = nil }
        guard stale || !gone.isEmpty else { return }
        let bytes = entries.keys.sorted().flatMap { Self.line(name: $0, entry: entries[$0]!) }
        do { try AtomicReplacement.write(bytes, to: path) } catch {
            throw CommandError("cannot rewrite \(shown: path): \(error.reason)")
        }
        unlink(legacyPath)
    }

    /// `{"key":…,"name":…,"sha256":…}` and a newline: compact, keys sorted (the bytes
    /// earlier versions wrote).
    private static func line(name: String, entry: Entry) -> [UInt8] {
        let object = JSONValue.object([
            JSONValue.Member(key: "key", value: .string(entry.key)),
            JSONValue.Member(key: "name", value: .string(name)),
            JSONValue.Member(key: "sha256", value: .string(entry.sha256)),
        ])
        return Array(object.compactText.utf8) + [0x0A]
    }

    /// One line's entry; nil for a line that is not one (the torn end of a killed run).
    private static func parse(_ line: Data) -> (String, Entry)? {
        guard let object = try? line.withUnsafeBytes({ try JSONValue.parse($0) }),
              case .string(let name)? = object["name"], case .string(let key)? = object["key"],
              case .string(let sha256)? = object["sha256"] else { return nil }
        return (name, Entry(key: key, sha256: sha256))
    }

    /// The entries of a `.sharecard-batch.json` of earlier versions, one object
    /// `{"NAME": {"key": …, "sha256": …}, …}`; none when it does not parse, and a member
    /// without both strings is skipped.
    private static func parseLegacy(_ data: Data) -> [String: Entry] {
        guard case .object(let members)? = try? data.withUnsafeBytes({ try JSONValue.parse($0) }) else { return [:] }
        var entries: [String: Entry] = [:]
        for member in members {
            if case .string(let key)? = member.value["key"], case .string(let sha256)? = member.value["sha256"] {
                entries[member.key] = Entry(key: key, sha256: sha256)
            }
        }
        return entries
    }
}
