import Foundation

/// `serve --signing-key-file FILE`: signing keys read from a file, one per line (blank lines
/// and `#` comments ignored), so keys stay out of the process list and can come from a
/// systemd credential (`$CREDENTIALS_DIRECTORY/signing-keys`) or a Kubernetes Secret. The
/// environment variable `SHARECARD_SIGNING_KEYS` holds keys in the same format.
enum SigningKeyFile {
    static let option = OptionSpec(name: "signing-key-file", valueName: "FILE",
                                   help: "Read signing keys from FILE, one per line, after any --signing-key (repeatable).", repeatable: true)

    static let environmentVariable = "SHARECARD_SIGNING_KEYS"

    /// Keys from `SHARECARD_SIGNING_KEYS`, after those from the command line and files; a
    /// variable that is set but holds no key is an error (a deployment mistake, not "no keys").
    static func environmentKeys(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        guard let text = environment[environmentVariable] else { return [] }
        let found = lines(text)
        guard !found.isEmpty else { throw CommandError("\(environmentVariable) is set but holds no key") }
        return found
    }

    private static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    static func keys(_ args: ParsedArguments) throws -> [String] {
        var keys: [String] = []
        for path in args.all(option.name) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError("cannot read the --signing-key-file \(shown: path): no such file or not readable")
            }
            let found = lines(String(decoding: data, as: UTF8.self))
            guard !found.isEmpty else { throw CommandError("the --signing-key-file \(shown: path) holds no key") }
            keys += found
        }
        return keys
    }
}
