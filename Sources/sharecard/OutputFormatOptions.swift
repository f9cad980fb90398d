import BufferText
import Foundation
import Raster

/// `--format` and `--quality`, and the format an output file's extension names.
enum OutputFormatOptions {
    static let specs = [
        OptionSpec(name: "format", valueName: "png|jpeg|webp", help: "The image format; without it the output's extension decides (.png, .jpg/.jpeg, .webp), PNG for standard output.",
                   values: ["png", "jpeg", "webp"]),
        quality,
    ]

    /// `batch`'s: it names its files itself, and a line's own "format" and "quality" win.
    static let batchSpecs = [
        OptionSpec(name: "format", valueName: "png|jpeg|webp", help: "The format of every card whose line names none (default PNG); the files' extensions follow it.",
                   values: ["png", "jpeg", "webp"]),
        quality,
    ]

    private static let quality = OptionSpec(name: "quality", valueName: "1-100", help: "JPEG or WebP quality (default 90; WebP 100 is lossless).")

    /// `-o` of the commands that write one image (`render`, `draw`, `text`).
    static let imageOutput = OptionSpec(name: "output", short: "o", valueName: "FILE",
                                        help: "Where to write the image ('-' for standard output, not a terminal); its extension picks the format.")

    /// The format a name's extension asks for: nil when it has none (`card`, `-`), an error
    /// when it names one sharecard does not write (`card.gif`), so nothing is written under a
    /// misleading name.
    static func format(forPath path: String) throws -> ImageFormat? {
        let ext = PathText.fileExtension(of: path)
        if path == "-" || ext.isEmpty { return nil }
        guard let format = ImageFormat(fileExtension: ext) else {
            throw UsageError(description: "-o \(shown: path): sharecard writes .png, .jpg/.jpeg or .webp; give --format png|jpeg|webp to write another name")
        }
        return format
    }

    /// `--format` when given (it overrides the extension), else `path`'s extension, else PNG;
    /// with `--quality`.
    static func output(_ args: ParsedArguments, path: String?) throws -> ImageOutput {
        var format: ImageFormat?
        if let text = args.value("format") {
            guard let f = ImageFormat(rawValue: text.lowercased()) ?? (text.lowercased() == "jpg" ? .jpeg : nil) else {
                throw UsageError(description: "--format must be png, jpeg or webp, got '\(escaped: text)'")
            }
            format = f
        } else if let path {
            format = try Self.format(forPath: path)
        }
        let quality = try args.int("quality", in: 1...100)
        do { return try ImageOutput(format: format ?? .png, quality: quality) } catch {
            throw UsageError(description: "--quality: \(error)")
        }
    }
}
