import Cards
import UnicodeText

/// A subcommand: its option table (for parsing, `--help`, the man page and the shell
/// completions alike) and what it runs.
struct Command: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments) throws -> Void
}

/// Every subcommand, in the order `sharecard --help` lists them.
enum Commands {
    static let all: [Command] = [
        Command(spec: RenderCommand.spec, run: RenderCommand.run),
        Command(spec: BatchCommand.spec, run: BatchCommand.run),
        Command(spec: PalettesCommand.spec, run: PalettesCommand.run),
        Command(spec: TemplatesCommand.spec, run: TemplatesCommand.run),
        Command(spec: ServeCommand.spec, run: ServeCommand.run),
        Command(spec: SignCommand.spec, run: SignCommand.run),
        Command(spec: DrawCommand.spec, run: DrawCommand.run),
        Command(spec: MeasureCommand.spec, run: MeasureCommand.run),
        Command(spec: TextCommand.spec, run: TextCommand.run),
        Command(spec: FacesCommand.spec, run: FacesCommand.run),
        Command(spec: FontsCommand.spec, run: FontsCommand.run),
        Command(spec: CompletionsCommand.spec, run: CompletionsCommand.run),
        Command(spec: ManPageCommand.spec, run: ManPageCommand.run),
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
        \(all.map { "  " + $0.spec.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

        Run 'sharecard <command> --help' for a command's options.
        """
    }

    /// The command called `name`, or a usage error that suggests the closest one.
    static func named(_ name: String) throws -> Command {
        if let command = all.first(where: { $0.spec.name == name }) { return command }
        if name.hasPrefix("-") {
            let names = globalOptions.map { "--" + $0.name }
            throw UsageError(description: "sharecard: unknown option \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: names)) (see 'sharecard --help')")
        }
        throw UsageError(description: "sharecard: unknown command \(QuotedValue.quoted(name))\(Suggestion.didYouMean(name, in: all.map(\.spec.name))) (see 'sharecard --help')")
    }
}
