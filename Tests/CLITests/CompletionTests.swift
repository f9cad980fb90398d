import Foundation
import XCTest

/// The completion scripts and the man page list every option of every command, exactly as
/// `--help` prints the option tables (read back from `--help` itself, so a new option
/// missing from a script fails here).
final class CompletionTests: TemporaryDirectoryTestCase {
    struct Option: Hashable {
        let long: String
        let short: String?
    }

    /// Commands from `sharecard --help`, each with the options its `--help` lists.
    func optionTables() throws -> [(command: String, options: [Option])] {
        let top = String(decoding: try Sharecard.run(["--help"]).stdout, as: UTF8.self)
        let section = top.components(separatedBy: "COMMANDS:\n")[1].components(separatedBy: "\n\n")[0]
        let commands = section.split(separator: "\n").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
        XCTAssertGreaterThanOrEqual(commands.count, 10, top)
        return try commands.map { command in
            let help = String(decoding: try Sharecard.run([command, "--help"]).stdout, as: UTF8.self)
            let lines = help.components(separatedBy: "OPTIONS:\n")[1].split(separator: "\n")
            let options = lines.compactMap { line -> Option? in
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard let first = words.first else { return nil }
                if first.hasPrefix("--") { return Option(long: String(first), short: nil) }
                if first.hasPrefix("-"), words.count > 1 { return Option(long: String(words[1]), short: String(first.dropLast())) }
                return nil
            }
            XCTAssertTrue(options.contains(Option(long: "--help", short: "-h")), "\(command): \(help)")
            return (command, options)
        }
    }

    func script(_ shell: String) throws -> String {
        let r = try Sharecard.run(["completions", shell])
        XCTAssertEqual(r.status, 0, r.stderr)
        return String(decoding: r.stdout, as: UTF8.self)
    }

    func testBashListsExactlyEachCommandsOptions() throws {
        let bash = try script("bash")
        for (command, options) in try optionTables() {
            let line = try XCTUnwrap(bash.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(command)) opts=") },
                                     "no case for \(command)")
            let listed = Set(line.components(separatedBy: "opts=\"")[1].components(separatedBy: "\"")[0].split(separator: " ").map(String.init))
            let expected = Set(options.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) })
            XCTAssertEqual(listed, expected, command)
        }
    }

    func testZshAndFishListEveryOption() throws {
        let zsh = try script("zsh"), fish = try script("fish")
        for (command, options) in try optionTables() {
            let zshLine = try XCTUnwrap(zsh.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\(command)) _arguments") })
            let fishLines = fish.split(separator: "\n").filter { $0.contains("'__fish_sharecard_command \(command)'") }
            for option in options {
                if let short = option.short {
                    XCTAssertTrue(zshLine.contains("{\(short),\(option.long)}"), "zsh \(command) \(option.long)")
                } else {
                    XCTAssertTrue(zshLine.contains("\(option.long)["), "zsh \(command) \(option.long)")
                }
                let flags = (option.short.map { " -s \($0.dropFirst())" } ?? "") + " -l \(option.long.dropFirst(2)) "
                XCTAssertTrue(fishLines.contains { $0.contains(flags) }, "fish \(command) \(option.long)")
            }
            XCTAssertEqual(fishLines.filter { $0.contains(" -l ") }.count, options.count, "fish \(command): one line per option")
            XCTAssertTrue(fish.contains("-a \(command) -d "), "fish offers \(command)")
            XCTAssertTrue(zsh.contains("'\(command):"), "zsh offers \(command)")
        }
    }

    func testManPageDocumentsEveryOption() throws {
        let r = try Sharecard.run(["man"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertTrue(page.contains(".TH SHARECARD 1"))
        for (command, options) in try optionTables() {
            let section = try XCTUnwrap(page.components(separatedBy: ".SS \(command)\n").dropFirst().first, command)
                .components(separatedBy: ".SS ")[0]
            for option in options {
                XCTAssertTrue(section.contains("\\fB\\-\\-\(option.long.dropFirst(2).replacingOccurrences(of: "-", with: "\\-"))\\fR"),
                              "man page, \(command): \(option.long)")
            }
        }
    }

    /// Set as man sets it for an 80-column terminal (nroff -Tascii, 78n), no option is
    /// hyphenated across a line's end (`--sign-` / `ing-key` would be copied wrong), and an
    /// option's help says it repeats only once.
    func testManPageBreaksNoOptionAcrossLines() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/nroff"), "nroff (groff-base) is not installed")
        let page = try write(String(decoding: try Sharecard.run(["man"]).stdout, as: UTF8.self), to: "sharecard.1")
        let r = try ProcessRunner.run("/usr/bin/nroff", ["-man", "-Tascii", "-rLL=78n", page], environment: ["PATH": "/usr/bin:/bin"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        // Bold and underlining as overstrikes (a character, a backspace, the character): the
        // character and its backspace taken out.
        var text = ""
        for scalar in String(decoding: r.stdout, as: UTF8.self).unicodeScalars {
            if scalar == "\u{8}" { if !text.isEmpty { text.removeLast() } } else { text.unicodeScalars.append(scalar) }
        }
        let broken = text.split(separator: "\n").filter { $0.range(of: #"-[-\w]*\w-$"#, options: .regularExpression) != nil }
        XCTAssertEqual(broken, [], "lines ending in a broken option")
        XCTAssertTrue(text.contains("--signing-key-file"), "the page was set")
        XCTAssertFalse(text.contains("(repeatable). May be repeated."))
    }

    /// Roff fills consecutive lines into one paragraph: the render example keeps a line of its
    /// own, the prose after it a paragraph of its own.
    func testManPageKeepsTheExampleApartFromTheProse() throws {
        let page = String(decoding: try Sharecard.run(["man"]).stdout, as: UTF8.self)
        XCTAssertTrue(page.contains("\\-o card.png\n\nWith a hex"), "the example runs into the next paragraph")
    }

    /// The bash script really completes: sourced into bash, it offers commands and options.
    func testBashCompletesInABashShell() throws {
        let file = try write(try script("bash"), to: "sharecard.bash")
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = "source '\(file)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _sharecard; printf '%s\\n' \"${COMPREPLY[@]}\""
            let r = try ProcessRunner.run("/bin/bash", ["-c", program], environment: ["PATH": "/usr/bin:/bin"], in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["sharecard", "ren"]), ["render"])
        XCTAssertEqual(try complete(["sharecard", "render", "--col"]), ["--color"])
        XCTAssertEqual(try complete(["sharecard", "batch", "x", "--sh"]), ["--shard"])
        XCTAssertEqual(try complete(["sharecard", "completions", "f"]), ["fish"])
        // Actions, and the values of options that take a fixed list.
        XCTAssertEqual(try complete(["sharecard", "palettes", ""]), ["list", "show", "preview"])
        XCTAssertEqual(try complete(["sharecard", "templates", "v"]), ["validate"])
        XCTAssertEqual(try complete(["sharecard", "fonts", ""]), ["list", "validate"])
        XCTAssertEqual(try complete(["sharecard", "render", "--format", ""]), ["png", "jpeg", "webp"])
        XCTAssertEqual(try complete(["sharecard", "render", "--size", "s"]), ["square", "story"])
        XCTAssertEqual(try complete(["sharecard", "text", "--align", "n"]), ["natural"])
        // Completing leaves nothing behind in the user's shell.
        let leak = try ProcessRunner.run("/bin/bash", ["-c", "source '\(file)'; COMP_WORDS=(sharecard palettes ''); COMP_CWORD=2; _sharecard; [[ -v positional || -v choices || -v choice ]] && echo left || echo none"],
                                         environment: ["PATH": "/usr/bin:/bin"], in: directory)
        XCTAssertEqual(String(decoding: leak.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "none", "variables left global")
    }

    /// fish completes by the command word, not by any later word that names a command
    /// (`measure --text text --` offered text's options), and offers actions and values
    /// (skipped when fish is not installed).
    func testFishCompletesByTheCommandWord() throws {
        guard let fish = ["/usr/bin/fish", "/bin/fish"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("fish is not installed (scripts/setup --test installs it)")
        }
        let file = try write(try script("fish"), to: "sharecard.fish")
        func complete(_ line: String) throws -> [String] {
            let r = try ProcessRunner.run(fish, ["--no-config", "-c", "source '\(file)'; complete -C '\(line)'"],
                                          environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], in: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        let measure = try complete("sharecard measure --text text --")
        XCTAssertTrue(measure.contains("--json"), "\(measure)")
        XCTAssertFalse(measure.contains("--background"), "text's options offered to measure: \(measure)")
        XCTAssertEqual(Set(try complete("sharecard palettes ")), ["list", "show", "preview"])
        XCTAssertEqual(Set(try complete("sharecard render --format ")), ["png", "jpeg", "webp"])
    }

    /// zsh and fish parse their scripts (skipped when the shell is not installed;
    /// `scripts/setup --test` installs both).
    func testZshAndFishAcceptTheirScripts() throws {
        var checked = 0
        for (shell, flag) in [("zsh", "-n"), ("fish", "--no-execute")] {
            guard let binary = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: FileManager.default.isExecutableFile) else { continue }
            let file = try write(try script(shell), to: "completion.\(shell)")
            let r = try ProcessRunner.run(binary, [flag, file], environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], in: directory)
            XCTAssertEqual(r.status, 0, "\(shell): \(r.stderr)")
            checked += 1
        }
        if checked == 0 { throw XCTSkip("neither zsh nor fish is installed (scripts/setup --test installs them)") }
    }
}
