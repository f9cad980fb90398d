import Foundation
import Typesetting

enum FontsCommand {
    static let spec = CommandSpec(
        name: "fonts",
        summary: "List the faces of the fonts folder, or validate its manifest and faces.",
        usage: "fonts list | validate [--fonts DIR]",
        options: [
            OptionSpec(name: "fonts", valueName: "DIR", help: "Fonts folder (default: the data folder's fonts/; see FILES in the manual)."),
        ],
        positionals: ["ACTION"],
        minimumPositionals: 1,
        actions: ["list", "validate"],
        details: "Both read the whole manifest: fonts.json and the optional part it names (fallback.json), which rendering reads only when a title needs a face beyond the shipped ones. 'validate' also opens every face found; a required face that is missing, an unreadable face, a face whose file names another family than the manifest files it under, or a broken manifest (an unknown field included) is an error naming the file. Optional faces that are absent (system fonts not installed) are listed, not errors.")

    static func run(_ args: ParsedArguments) throws {
        guard args.positionals.count == 1 else { throw UsageError(description: "'fonts' takes one ACTION (list or validate)") }
        let action = args.positionals[0]
        guard action == "list" || action == "validate" else {
            throw UsageError(description: "unknown action '\(action)' (expected list or validate)")
        }
        let fonts = try Resources.fontLibrary(override: args.value("fonts"))
        do { try fonts.loadOptionalFaces() } catch { throw CommandError("\(error)") }
        if action == "list" {
            for entry in fonts.entries {
                print("\(entry.family)\t\(entry.weight.value)\t\(entry.style.rawValue)\t\(entry.path)")
            }
        } else {
            do { try fonts.openAllFaces() } catch { throw CommandError("\(error)") }
            let absent = fonts.unavailablePaths
            print("\(fonts.directory): valid, \(fonts.entries.count) faces in \(fonts.families.count) families"
                  + (absent.isEmpty ? "" : ", \(absent.count) optional files absent"))
            for path in absent { print("  absent (optional): \(path)") }
        }
    }
}
