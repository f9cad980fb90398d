import Cards
import UnicodeText

/// A subcommand: its option table (for parsing, `--help`, the man page and the shell
/// completions alike) and what it runs.
struct Command: Sendable {
    /// What is typed after `sharecard`: the table's own name (UsageTests holds them equal).
    let name: String
    /// The option table, each command's `static let`: made when first asked for, so that
    /// running one command does not make all thirteen (a tenth of a millisecond of a
    /// one-card render went to the other twelve, `serve`'s 72 limits among them).
    private let specification: @Sendable () -> CommandSpec
    let run: @Sendable (ParsedArguments) throws -> Void

    init(_ name: String, spec: @escaping @Sendable @autoclosure () -> CommandSpec,
         run: @escaping @Sendable (ParsedArguments) throws -> Void) {
        self.name = name
        self.specification = spec
        self.run = run
    }

    var spec: CommandSpec { specification() }
}

/// Every subcommand, in the order `sharecard --help` lists them.
enum Commands {
    static let all: [Command] = [
        Command("render", spec: RenderCommand.spec, run: RenderCommand.run),
        Command("batch", spec: BatchCommand.spec, run: BatchCommand.run),
        Command("palettes", spec: PalettesCommand.spec, run: PalettesCommand.run),
        Command("templates", spec: TemplatesCommand.spec, run: TemplatesCommand.run),
        Command("serve", spec: ServeCommand.spec, run: ServeCommand.run),
        Command("sign", spec: SignCommand.spec, run: SignCommand.run),
        Command("draw", spec: DrawCommand.spec, run: DrawCommand.run),
        Command("measure", spec: MeasureCommand.spec, run: MeasureCommand.run),
        Command("text", spec: TextCommand.spec, run: TextCommand.run),
        Command("faces", spec: FacesCommand.spec, run: FacesCommand.run),
        Command("fonts", spec: FontsCommand.spec, run: FontsCommand.run),
        Command("completions", spec: CompletionsCommand.spec, run: CompletionsCommand.run),
        Command("man", spec: ManPageCommand.spec, run: ManPageCommand.run),
    ]

    /// Options accepted before any command.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", help: "Show this help."),
        OptionSpec(name: "version", short: "V", help: "Show the version, the commit and the versions of fonts, palettes and templates."),
    ]

    static var topHelp: String {
        """
        USAGE: sharecard <command> [options]
               sharecard --version

        Turns events into 1024×576 share images.

        COMMANDS:
        \(all.map { "  " + $0.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

        Run 'sharecard <command> --help' for a command's options.
        """
    }

    /// The command called `name`, or a usage error that suggests the closest one.
    static func named(_ name: String) throws -> Command {
        if let command = all.first(where: { $0.name == name }) { return command }
        if name.hasPrefix("-") {
            let names = globalOptions.map { "--" + $0.name }
            throw UsageError(description: "sharecard: unknown option \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: names)) (see 'sharecard --help')")
        }
        throw UsageError(description: "sharecard: unknown command \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: all.map(\.name))) (see 'sharecard --help')")
    }
}
