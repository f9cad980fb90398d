import Cards
import Foundation
import Raster

/// The lines of a batch, each with the file it writes, checked before anything is rendered
/// or written: two lines naming the same file (the same "id", or an id equal to another
/// line's automatic name) would overwrite each other, so the batch is refused.
struct BatchPlan: Sendable {
    struct Item: Sendable {
        let line: Int
        /// The image's file name, or nil when the line's "id" is unusable.
        let fileName: String?
        /// The line's "format" and "quality", else the batch's.
        var output: ImageOutput = .png
        /// The line's object without its "id", "format" and "quality", or why the line cannot
        /// be used.
        let event: Result<EventObject, EventError>
    }

    let items: [Item]

    init(_ lines: [BatchInput.Line], output batchOutput: ImageOutput = .png) throws {
        items = lines.map { line in
            do throws(EventError) {
                guard !line.isOverLimit else {
                    throw EventError(field: "", reason: "the line is more than \(BatchFile.maximumLineBytes) bytes, over the limit of one event")
                }
                var object = try BatchInput.object(line.text)
                let id = try BatchInput.takeID(from: &object)
                let output = try BatchInput.takeOutput(from: &object, default: batchOutput)
                return Item(line: line.number, fileName: Self.fileName(id: id, line: line.number, format: output.format),
                            output: output, event: .success(object))
            } catch {
                return Item(line: line.number, fileName: nil, event: .failure(error))
            }
        }
        var linesByName: [String: [Int]] = [:]
        for item in items {
            if let name = item.fileName { linesByName[name, default: []].append(item.line) }
        }
        let collisions = linesByName.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }
        guard collisions.isEmpty else {
            let detail = collisions.map { name, lines in
                "  \(name): lines \(lines.dropLast().map(String.init).joined(separator: ", ")) and \(lines.last!)"
            }
            throw CommandError((["\(collisions.count) output file name\(collisions.count == 1 ? " is" : "s are") given by more than one line; give each line a unique \"id\" (nothing was written):"] + detail).joined(separator: "\n"))
        }
    }

    /// `ID.png` (`.jpg`, `.webp`), or the line number as six digits (`000042.png`).
    static func fileName(id: String?, line: Int, format: ImageFormat = .png) -> String {
        (id ?? String(format: "%06d", line)) + "." + format.fileExtension
    }
}
