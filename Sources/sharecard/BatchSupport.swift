import BufferText
import Caching
import Cards
import Foundation
import JSONData
import Raster

/// Splitting a JSON-lines file, and the optional "id" each line may carry.
enum BatchInput {
    /// A non-blank line of the file (`BatchFile`).
    struct Line: Sendable {
        let number: Int
        let text: Data
        /// The line is longer than `BatchFile.maximumLineBytes`; its bytes were not kept.
        var isOverLimit = false
    }

    /// The folder a line's relative `"photo"` path is read from: the events file's own folder,
    /// or the current one ("", so a photo is named as the line names it) when the events come
    /// from an open descriptor (`-`, `/dev/stdin`, a shell's `<(…)`, whose folders `/dev` and
    /// `/dev/fd` hold no photos) or from anything that is not a regular file.
    static func photoDirectory(eventsPath: String) -> String {
        var info = stat()
        guard eventsPath != "-", FilePath.ownDescriptor(named: eventsPath) == nil,
              stat(eventsPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return "" }
        let folder = PathText.directory(of: eventsPath)
        return folder == "." ? "" : folder
    }

    /// The line parsed once, strictly, into the object its fields are taken from; errors
    /// name the problem as the event decoder does (`malformed JSON: …`, `title: appears
    /// more than once`).
    static func object(_ line: Data) throws(EventError) -> EventObject {
        do { return try EventObject(parsing: line) } catch { throw error.eventError }
    }

    /// The line's "id" (validated; null or "" is none), taken out of its object.
    static func takeID(from object: inout EventObject) throws(EventError) -> String? {
        guard let raw = object.takeGiven("id") else { return nil }
        guard case .string(let id) = raw else { throw EventError(field: "id", reason: "expected a string, found \(raw.kindName)") }
        guard !id.isEmpty, id.count <= 100,
              id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") }) else {
            throw EventError(field: "id", reason: "must be 1-100 ASCII letters, digits, '-' or '_'")
        }
        return id
    }

    /// The line's "format" (png, jpeg, webp) and "quality" (1-100) over `default`'s, taken
    /// out of its object (null or "" is not given).
    static func takeOutput(from object: inout EventObject, default output: ImageOutput) throws(EventError) -> ImageOutput {
        let rawFormat = object.takeGiven("format")
        let rawQuality = object.takeGiven("quality")
        guard rawFormat != nil || rawQuality != nil else { return output }
        var format = output.format
        if let rawFormat {
            guard case .string(let text) = rawFormat, let f = ImageFormat(rawValue: text) else {
                throw EventError(field: "format", reason: "must be \"png\", \"jpeg\" or \"webp\"")
            }
            format = f
        }
        var quality = format == output.format ? output.quality : nil
        if let rawQuality {
            guard case .number(let q) = rawQuality, q == q.rounded(), (1...100).contains(q) else {
                let found: String
                if case .number(let q) = rawQuality { found = "got " + (q == q.rounded() && abs(q) < 1e15 ? String(Int(q)) : String(q)) }
                else { found = "found \(rawQuality.kindName)" }
                throw EventError(field: "quality", reason: "must be a whole number from 1 to 100, \(found)")
            }
            quality = Int(q)
        }
        do { return try ImageOutput(format: format, quality: quality) } catch {
            throw EventError(field: "quality", reason: "\(error)")
        }
    }
}

/// Runs work items on `jobs` threads, results in input order. Before taking each item a
/// thread asks `shouldStop`; once it says yes no new item starts, the ones in progress
/// finish, and the items never started have no result (nil).
struct BatchRunner {
    let jobs: Int

    func run<T: Sendable, R: Sendable>(_ items: [T], shouldStop: @escaping @Sendable () -> Bool = { false },
                                       _ body: @escaping @Sendable (T) -> R) -> [R?] {
        let results = ResultSlots<R>(count: items.count)
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(items.count, 1)) {
            group.enter()
            Thread {
                while !shouldStop(), let i = next.take(below: items.count) { results.set(i, body(items[i])) }
                group.leave()
            }.start()
        }
        group.wait()
        return results.values()
    }
}

/// The next unclaimed index, shared by the runner's threads.
final class Counter: Sendable {
    private let value = LockedValue(0)
    func take(below limit: Int) -> Int? {
        value.withLock { value in
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// One result per item, filled in by whichever thread ran it.
final class ResultSlots<R: Sendable>: Sendable {
    private let slots: LockedValue<[R?]>
    init(count: Int) { slots = LockedValue(Array(repeating: nil, count: count)) }
    func set(_ i: Int, _ r: R) { slots.withLock { $0[i] = r } }
    func values() -> [R?] { slots.withLock { $0 } }
}
