import Cards
import Foundation

enum TemplatesCommand {
    static let spec = CommandSpec(
        name: "templates",
        summary: "List templates, show one, or validate a template file.",
        usage: "templates list | show NAME | validate FILE",
        options: CardOptions.dataSpecs,
        positionals: ["ACTION", "NAME|FILE"],
        minimumPositionals: 1,
        details: "The template format is described in docs/templates.md.")

    static func run(_ args: ParsedArguments) throws {
        let action = args.positionals[0]
        switch action {
        case "list":
            for t in try CardOptions.catalog(args).templates {
                print("\(t.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(Int(t.size.width))×\(Int(t.size.height))  \(t.description)")
            }
        case "show":
            guard args.positionals.count == 2 else { throw UsageError(description: "'templates show' needs a template NAME") }
            let template: Template
            do { template = try CardOptions.catalog(args).template(named: args.positionals[1]) } catch let e as EventError {
                throw UsageError(description: e.reason)
            }
            let url = URL(fileURLWithPath: try Resources.directory("templates", override: args.value("templates")))
                .appendingPathComponent(template.name + ".json")
            print("# \(template.name) (version \(template.version)): \(template.description)")
            print(String(decoding: try readInput(url.path), as: UTF8.self), terminator: "")
        case "validate":
            guard args.positionals.count == 2 else { throw UsageError(description: "'templates validate' needs a FILE") }
            let path = args.positionals[1]
            do {
                let t = try Template(contentsOf: URL(fileURLWithPath: path))
                try t.check(fonts: Resources.fontLibrary(override: args.value("fonts")))
                print("\(path): valid template \"\(t.name)\", \(t.elements.count) elements, \(Int(t.size.width))×\(Int(t.size.height))")
            } catch let e as DataFileError {
                throw CommandError(path + ": " + (e.field.isEmpty ? e.reason : "\(e.field): \(e.reason)"))
            }
        default:
            throw UsageError(description: "unknown action '\(action)' (expected list, show or validate)")
        }
    }
}
