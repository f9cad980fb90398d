import Cards
import Foundation

enum TemplatesCommand {
    static let spec = CommandSpec(
        name: "templates",
        summary: "List templates, show one, or validate a template file.",
        usage: "templates list | show NAME [--json] | validate FILE",
        options: CardOptions.dataSpecs + [
            OptionSpec(name: "json", help: "With show: only the template's JSON document, as GET /v1/templates/{name} answers it."),
        ],
        positionals: ["ACTION", "NAME|FILE"],
        minimumPositionals: 1,
        actions: ["list", "show", "validate"],
        details: "The template format is described in docs/templates.md.")

    static func run(_ args: ParsedArguments) throws {
        let action = args.positionals[0]
        switch action {
        case "list":
            if args.has("json") {
                throw UsageError(description: "--json is for 'templates show NAME'; 'templates list' prints a table "
                    + "(the server's GET /v1/templates answers the list as JSON)")
            }
            guard args.positionals.count == 1 else { throw UsageError(description: "'templates list' takes no NAME") }
            for t in try CardOptions.catalog(args).templates {
                print("\(t.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(Int(t.size.width))×\(Int(t.size.height))  \(escaped: t.description)")
            }
        case "show":
            guard args.positionals.count == 2 else { throw UsageError(description: "'templates show' needs a template NAME") }
            let catalog = try CardOptions.catalog(args)
            let template: Template
            do { template = try catalog.template(named: args.positionals[1]) } catch {
                throw UsageError(description: error.reason)
            }
            let document = template.document
            if !args.has("json") {
                try HashingLibrary.require()
                print("# \(template.name) (version \(template.version)): \(escaped: template.description)")
            }
            print(String(decoding: document, as: UTF8.self), terminator: "")
        case "validate":
            guard args.positionals.count == 2 else { throw UsageError(description: "'templates validate' needs a FILE") }
            guard !args.has("json") else { throw UsageError(description: "--json is for 'templates show NAME'; 'templates validate' prints a line") }
            let path = args.positionals[1]
            guard path != "-" else {
                throw UsageError(description: "'templates validate' reads a file, not standard input: a template's \"name\" must match its file name")
            }
            do {
                let t = try Template(path: path)
                let fonts = try Resources.fontLibrary(override: args.value("fonts"))
                do { try fonts.loadOptionalFaces() } catch { throw CommandError("\(error)") }
                try t.check(fonts: fonts)
                for warning in try t.checkLayout(fonts: fonts) {
                    StandardError.write("sharecard templates: warning: \(shown: path): \(warning)\n")
                }
                print("\(shown: path): valid template \"\(t.name)\", \(t.elements.count) element\(t.elements.count == 1 ? "" : "s"), \(Int(t.size.width))×\(Int(t.size.height))")
            } catch let e as DataFileError {
                throw CommandError(path + ": " + (e.field.isEmpty ? e.reason : "\(e.field): \(e.reason)"))
            }
        default:
            throw UsageError(description: "unknown action '\(action)' (expected list, show or validate)")
        }
    }
}
