import Foundation
import Typesetting
import XCTest

/// HarfBuzz's `hb-shape` (Debian `libharfbuzz-bin`), run as an oracle for `Shaper`.
enum HBShape {
    /// `/usr/bin/hb-shape`, else the first on `PATH`.
    static var path: String? {
        let candidates = ["/usr/bin/hb-shape"] + (ProcessInfo.processInfo.environment["PATH"] ?? "")
            .split(separator: ":").map { "\($0)/hb-shape" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `hb-shape`'s description of `range` of `units` set in `face`, comparable with
    /// `ShapedRun.hbShapeDescription`: the face's units per em as `--font-size` (positions in
    /// font units), `--bot`/`--eot` exactly when `Shaper` sets those flags (the range touches
    /// the text's start/end), and the text around the range as `--text-before`/`--text-after`.
    static func shape(_ tool: String, face: FontFace, units: [UInt16], range: Range<Int>, direction: TextDirection,
                      script: String, language: String, features: [String] = []) throws -> String {
        var arguments = ["--no-glyph-names", "--font-size=\(face.unitsPerEm)",
                         "--direction=\(direction.rawValue)", "--script=\(script)",
                         "--language=\(language)", "--face-index=\(face.faceIndex)", "--font-file=\(face.path)"]
        if !features.isEmpty { arguments.append("--features=\(features.joined(separator: ","))") }
        if range.lowerBound == 0 { arguments.append("--bot") }
        if range.upperBound == units.count { arguments.append("--eot") }
        if range.lowerBound > 0 { arguments.append("--text-before=\(string(units[..<range.lowerBound]))") }
        if range.upperBound < units.count { arguments.append("--text-after=\(string(units[range.upperBound...]))") }
        arguments.append("--text=\(string(units[range]))")
        return try run(tool, arguments)
    }

    private static func string(_ units: ArraySlice<UInt16>) -> String {
        String(decoding: units, as: UTF16.self)
    }

    /// Runs `tool` and returns its standard output without the trailing newline.
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "hb-shape \(arguments) failed: \(String(decoding: errorData, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
