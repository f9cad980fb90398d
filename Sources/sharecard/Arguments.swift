import Cards
import UnicodeText

/// A command-line option: `--name VALUE` (or `-s VALUE`), or a flag with no value.
struct OptionSpec: Sendable {
    let name: String
    var short: Character? = nil
    var valueName: String? = nil  // nil: a flag
    let help: String
    var repeatable = false
    /// The values it takes when they are a fixed list (offered by the shell completions).
    var values: [String] = []
}

/// What a command accepts, for parsing and for `--help`.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let usage: String
    var options: [OptionSpec] = []
    /// Names of positional arguments, for help and arity checks.
    var positionals: [String] = []
    var minimumPositionals = 0
    /// The values of the first positional when it is one of a fixed list (an action such as
    /// `list` or `show`), offered by the shell completions.
    var actions: [String] = []
    var details: String = ""

    /// Every option, `--help` included: the one table that help, the man page and the shell
    /// completions are all printed from.
    var allOptions: [OptionSpec] { options + [OptionSpec(name: "help", short: "h", help: "Show this help.")] }

    var helpText: String {
        var lines = ["USAGE: sharecard \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        lines += ["", "OPTIONS:"]
        for o in allOptions {
            var left = "  " + (o.short.map { "-\($0), " } ?? "    ") + "--\(o.name)"
            if let v = o.valueName { left += " \(v)" }
            lines.append(left.padding(toLength: max(left.count + 2, 30), withPad: " ", startingAt: 0) + o.help)
        }
        return lines.joined(separator: "\n")
    }
}

/// A command-line mistake: printed as one line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

/// The options and positionals found on a command line.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// A decimal number (`2`, `0.75`, `1e2`): not the hexadecimal (`0x1p1`), `inf` or `nan`
    /// spellings `Double(_:)` also reads, as the whole-number options and the server refuse them.
    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let v = Self.decimalNumber(text), v.isFinite, range.contains(v) else {
            throw UsageError(description: "--\(name) must be a number from \(range.lowerBound.formatted) to \(range.upperBound.formatted), got '\(escaped: text)'")
        }
        return v
    }

    /// `text` as a decimal number (digits, a point, a sign, an exponent), or nil: `0x400` and
    /// `inf` are not numbers here, though `Double(_:)` reads them.
    static func decimalNumber(_ text: String) -> Double? {
        let decimal = text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 | 0x20 == 0x65 }
        return decimal ? Double(text) : nil
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError(description: "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(escaped: text)'")
        }
        return v
    }

    /// Parses `arguments` (after the command name) against `spec`. `--` ends options;
    /// `-` alone is a positional (standard input or output).
    init(_ arguments: [String], spec: CommandSpec) throws {
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            if arg == "--help" || arg == "-h" { wantsHelp = true; continue }
            var name: String
            var inlineValue: String?
            if arg.hasPrefix("--") {
                name = String(arg.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                name = String(arg.dropFirst())
            }
            // Long names after two dashes, one-letter short names after one: `-title` is not
            // `--title` (it would be `-t itle` in getopt's reading) and `--o` is not `-o`.
            let isLong = arg.hasPrefix("--")
            guard let option = spec.options.first(where: { isLong ? $0.name == name : name.count == 1 && $0.short == name.first }) else {
                // A one-letter slip has too many neighbours to guess; `-colour` may mean `--color`;
                // `-o=card.png` is an option that takes its value in the next word.
                var hint = name.count > 1 ? Suggestion.didYouMean("--" + name, in: spec.allOptions.map { "--" + $0.name }) : ""
                if !isLong, spec.allOptions.contains(where: { $0.name == name }) {
                    hint = " — did you mean \"--\(name)\"?"
                }
                if isLong, name.count == 1, let meant = spec.allOptions.first(where: { $0.short == name.first }) {
                    hint = " (write -\(name) or --\(meant.name))"
                }
                if !isLong, let eq = name.firstIndex(of: "=") {
                    let before = String(name[..<eq])
                    if let meant = spec.allOptions.first(where: { $0.name == before || (before.count == 1 && $0.short == before.first) }),
                       meant.valueName != nil {
                        hint = " (write -\(before) VALUE, or --\(meant.name)=VALUE)"
                    }
                }
                throw UsageError(description: "sharecard \(spec.name): unknown option \(QuotedValue.quoted(arg))\(hint) (see 'sharecard \(spec.name) --help')")
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw UsageError(description: "sharecard \(spec.name): --\(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard i < arguments.count else {
                    throw UsageError(description: "sharecard \(spec.name): --\(option.name) needs a value (\(option.valueName!))")
                }
                value = arguments[i]
                i += 1
            }
            if !option.repeatable, values[option.name] != nil {
                throw UsageError(description: "sharecard \(spec.name): --\(option.name) given more than once")
            }
            values[option.name, default: []].append(value)
        }
        if wantsHelp { return }
        if positionals.count < spec.minimumPositionals {
            throw UsageError(description: "sharecard \(spec.name): missing \(spec.positionals[positionals.count]) (see 'sharecard \(spec.name) --help')")
        }
        if positionals.count > spec.positionals.count {
            throw UsageError(description: "sharecard \(spec.name): unexpected argument \(QuotedValue.quoted(positionals[spec.positionals.count]))")
        }
    }
}

private extension Double {
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
