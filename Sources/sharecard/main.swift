import Foundation

/// The subcommands, in the order `sharecard --help` lists them.
let commands: [(spec: CommandSpec, run: (ParsedArguments) throws -> Void)] = [
    (RenderCommand.spec, RenderCommand.run),
    (BatchCommand.spec, BatchCommand.run),
    (PalettesCommand.spec, PalettesCommand.run),
    (TemplatesCommand.spec, TemplatesCommand.run),
    (ServeCommand.spec, ServeCommand.run),
    (SignCommand.spec, SignCommand.run),
    (DrawCommand.spec, DrawCommand.run),
    (MeasureCommand.spec, MeasureCommand.run),
    (TextCommand.spec, TextCommand.run),
]

let topHelp = """
    USAGE: sharecard <command> [options]

    Turns events into 1024×576 share images.

    COMMANDS:
    \(commands.map { "  " + $0.spec.name.padding(toLength: 12, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

    Run 'sharecard <command> --help' for a command's options.
    """

func fail(_ message: String, status: Int32) -> Never {
    StandardError.write(message + "\n")
    exit(status)
}

// A reader that goes away (`-o - | head`, `-o >(cmd)`) makes write(2) fail with EPIPE,
// reported as an error, instead of killing the process.
signal(SIGPIPE, SIG_IGN)

var argv = Array(CommandLine.arguments.dropFirst())
guard let first = argv.first else { fail(topHelp, status: 2) }
if first == "--help" || first == "-h" || first == "help" {
    print(topHelp)
    exit(0)
}
guard let command = commands.first(where: { $0.spec.name == first }) else {
    fail("sharecard: unknown command '\(first)' (see 'sharecard --help')", status: 2)
}
do {
    let args = try ParsedArguments(Array(argv.dropFirst()), spec: command.spec)
    if args.wantsHelp {
        print(command.spec.helpText)
        exit(0)
    }
    try command.run(args)
} catch let e as UsageError {
    let prefix = "sharecard \(command.spec.name): "
    fail(e.description.hasPrefix("sharecard") ? e.description : prefix + e.description, status: 2)
} catch {
    fail("sharecard \(command.spec.name): \(error)", status: 1)
}
