import Foundation

/// The subcommands and the top-level help live in Commands.swift, where the man page and
/// the shell completions read them too.
/// Built only when printed: a render should not pay for the help text.
var topHelp: String { Commands.topHelp }

func fail(_ message: String, status: Int32) -> Never {
    StandardError.write(message + "\n")
    exit(status)
}

// A reader that goes away (`-o - | head`, `-o >(cmd)`) makes write(2) fail with EPIPE,
// reported as an error, instead of killing the process.
signal(SIGPIPE, SIG_IGN)
StandardStreams.occupyClosedDescriptors()
if let problem = StandardStreams.nonUTF8Argument() { fail("sharecard: " + problem, status: 2) }

var argv = Array(CommandLine.arguments.dropFirst())
guard let first = argv.first else { fail(topHelp, status: 2) }
if first == "--help" || first == "-h" || first == "help" {
    // `sharecard help render` and `sharecard --help render` show that command's help, as
    // `sharecard render --help` does; an unknown name is an error naming the commands.
    if argv.count > 1 {
        do { print(try Commands.named(argv[1]).spec.helpText) } catch { fail("\(error)", status: 2) }
        StandardStreams.finishStandardOutput(command: argv[1])
        exit(0)
    }
    print(topHelp)
    StandardStreams.finishStandardOutput(command: nil)
    exit(0)
}
if first == "--version" || first == "-V" {
    print(Version.report())
    StandardStreams.finishStandardOutput(command: nil)
    exit(0)
}
let command: Command
do { command = try Commands.named(first) } catch { fail("\(error)", status: 2) }
do {
    let args = try ParsedArguments(Array(argv.dropFirst()), spec: command.spec)
    if args.wantsHelp {
        print(command.spec.helpText)
        StandardStreams.finishStandardOutput(command: command.spec.name)
        exit(0)
    }
    try command.run(args)
    StandardStreams.finishStandardOutput(command: command.spec.name)
} catch let e as UsageError {
    let prefix = "sharecard \(command.spec.name): "
    fail(e.description.hasPrefix("sharecard") ? e.description : prefix + e.description, status: 2)
} catch {
    fail("sharecard \(command.spec.name): \(error)", status: 1)
}
