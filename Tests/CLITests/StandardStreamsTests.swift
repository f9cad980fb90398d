import Foundation
import XCTest

/// Arguments that are not UTF-8, output that cannot be written, and standard streams the
/// caller closed: each a clear error, never a changed title, another file, or a silent success.
final class StandardStreamsTests: TemporaryDirectoryTestCase {
    /// Runs `script` in sh with `$S` the sharecard executable (arguments with any bytes).
    func shell(_ script: String) throws -> Sharecard.Result {
        try ProcessRunner.run("/bin/sh", ["-c", "S='\(Sharecard.executable.path)'; " + script], environment: nil, in: directory)
    }

    /// Swift repairs such bytes into U+FFFD: the card read "Hi�" and `-o` named another file.
    func testArgumentsThatAreNotUTF8AreRefusedByName() throws {
        let cases = [
            (#""$S" render --title "$(printf 'Hi\377')" -o card.png"#, #"sharecard: the value of --title is not UTF-8 text: "Hi\xFF""#),
            (#""$S" render --title Hi -o "$(printf 'caf\351.png')""#, #"sharecard: the value of -o is not UTF-8 text: "caf\xE9.png""#),
            (#""$S" render "--title=$(printf '\300\200')" -o card.png"#, #"sharecard: argument 2 is not UTF-8 text: "--title=\xC0\x80""#),
        ]
        for (script, message) in cases {
            let r = try shell(script)
            XCTAssertEqual(r.status, 2, script)
            XCTAssertEqual(r.stderr, message + "\n")
        }
        XCTAssertEqual(try contents(), [], "nothing written")
    }

    func testOutputThatCannotBeWrittenIsAnError() throws {
        for command in ["completions bash", "man", "templates show classic --json", "fonts list", "--help", "render --help"] {
            let r = try shell(#""$S" \#(command) > /dev/full"#)
            XCTAssertEqual(r.status, 1, command)
            XCTAssertTrue(r.stderr.contains("cannot write to standard output"), "\(command): \(r.stderr)")
        }
        let closed = try shell(#""$S" render --title Hi --share-text -o card.png >&-"#)
        XCTAssertEqual(closed.status, 1)
        XCTAssertEqual(closed.stderr, "sharecard render: cannot write to standard output: Bad file descriptor\n")
    }

    /// `serve`'s listening line and `sign`'s notes went through Foundation's `FileHandle.write`,
    /// which traps when the write fails: with standard error closed or full, `sign` died (SIGILL,
    /// status 132) before printing its URL and `serve` before it listened.
    func testCommandsThatWriteNotesSurviveAnUnwritableStandardError() throws {
        for redirect in ["2>&-", "2>/dev/full"] {
            for url in ["/v1/cards/classic.png?title=Hi&utm_source=x", "/v1/cards/classic.png?title=Hi"] {
                let r = try shell(#""$S" sign '\#(url)' --key sign-test-key-0123456789 --expires-in 5000000 \#(redirect)"#)
                XCTAssertEqual(r.status, 0, "\(url) \(redirect)")
                let printed = String(decoding: r.stdout, as: UTF8.self)
                XCTAssertTrue(printed.hasPrefix("/v1/cards/classic.png?"), printed)
            }
            // A port found free a moment ago; the server answers /healthz once it listens.
            let port = try Self.freePort()
            let r = try ProcessRunner.run("/bin/bash", ["-c", """
                "$0" serve --host 127.0.0.1 --port \(port) --workers 1 \(redirect) & pid=$!
                for i in $(seq 100); do
                  if exec 3<>/dev/tcp/127.0.0.1/\(port); then printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3; head -n 1 <&3; exec 3<&-; break; fi 2>/dev/null
                  sleep 0.1
                done
                kill $pid; wait $pid; echo "status $?"
                """, Sharecard.executable.path], environment: nil, in: directory)
            let printed = String(decoding: r.stdout, as: UTF8.self)
            XCTAssertTrue(printed.hasPrefix("HTTP/1.0 200") || printed.hasPrefix("HTTP/1.1 200"), "\(redirect): \(printed)")
            XCTAssertFalse(printed.contains("status 132"), printed)
        }
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// With standard error closed, the batch's journal (the next file it opens) used to take
    /// descriptor 2 and receive the error lines.
    func testClosedStandardErrorIsNotReusedForAFile() throws {
        try write("{\"title\": \"a\"}\n{\"title\": 5}\n", to: "events.jsonl")
        let r = try shell(#""$S" batch events.jsonl --out out 2>&-"#)
        XCTAssertEqual(r.status, 1)
        let journal = try String(contentsOf: directory.appendingPathComponent("out/.sharecard-batch.jsonl"), encoding: .utf8)
        XCTAssertEqual(journal.split(separator: "\n").count, 1, journal)
        XCTAssertTrue(journal.split(separator: "\n").allSatisfy { $0.hasPrefix("{") }, journal)
    }

    /// A listing whose reader went away is not a failure: the process ends silently by
    /// SIGPIPE, as `ls | head -0` does (status 141 in a shell). A card on `-o -` is data, and
    /// its lost reader stays an error (`OutputTargetTests.testReaderThatGoesAwayIsAnErrorNotACrash`);
    /// a listing that cannot be written for another reason still is one (`/dev/full` above).
    func testAListingWhoseReaderWentAwayEndsSilentlyBySIGPIPE() throws {
        for command in [["palettes", "list"], ["templates", "show", "classic", "--json"], ["man"], ["completions", "bash"], ["--help"]] {
            let r = try ProcessHarness.runWithPipedStdout(command, in: directory, closeReadEnd: true)
            XCTAssertEqual(r.reason, .uncaughtSignal, "\(command): \(r.stderr)")
            XCTAssertEqual(r.status, SIGPIPE, "\(command)")
            XCTAssertEqual(r.stderr, "", "\(command)")
        }
        let shell = try ProcessRunner.run("/bin/bash", ["-c", #""$0" palettes list | head -c 0; echo "${PIPESTATUS[0]}""#, Sharecard.executable.path],
                                          environment: nil, in: directory)
        XCTAssertEqual(String(decoding: shell.stdout, as: UTF8.self), "141\n")
        XCTAssertEqual(shell.stderr, "")
    }

    /// A path or value the user gave is set into a message on one line, as typed when plain
    /// and quoted with its controls escaped when not: a newline in a file name cannot split
    /// the message, nor an ESC restyle the terminal, nor U+202E reorder what follows. From the
    /// command line and from a batch line (whose photo path a stranger may have written).
    func testPathsAndValuesInMessagesAreShownWithoutTheirControls() throws {
        let cases: [([String], String)] = [
            (["render", "--title", "Hi", "-o", "miss\u{1B}[31m\n/card.png"],
             #"sharecard render: cannot write "miss\u{1B}[31m\n/card.png": directory "miss\u{1B}[31m\n" does not exist"#),
            (["render", "--title", "Hi", "--photo", "ph\noto.jpg", "-o", "card.png"],
             #"sharecard render: cannot read "ph\noto.jpg": No such file or directory"#),
            (["render", "--title", "Hi", "-o", "c\u{202E}.gif"],
             #"sharecard render: -o "c\u{202E}.gif": sharecard writes .png, .jpg/.jpeg or .webp; give --format png|jpeg|webp to write another name"#),
            (["render", "--title", "Hi", "--format", "p\nng", "-o", "card.png"],
             #"sharecard render: --format must be png, jpeg or webp, got 'p\nng'"#),
        ]
        for (arguments, message) in cases {
            let r = try Sharecard.run(arguments, in: directory)
            XCTAssertNotEqual(r.status, 0, "\(arguments)")
            XCTAssertEqual(r.stderr, message + "\n")
        }
        let draw = try Sharecard.run(["draw", "sc\u{7}ene.json", "-o", "card.png"], in: directory)
        XCTAssertEqual(draw.status, 1)
        XCTAssertEqual(draw.stderr, #"sharecard draw: cannot read "sc\u{07}ene.json": No such file or directory"# + "\n")
        try write(#"{"title": "x", "photo": "a\nb\u001b[2J.jpg"}"# + "\n", to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "out"], in: directory)
        XCTAssertEqual(batch.status, 1)
        XCTAssertTrue(batch.stderr.hasPrefix(#"line 1: cannot read "a\nb\u{1B}[2J.jpg": No such file or directory"# + "\n"), batch.stderr)
        XCTAssertFalse(batch.stderr.contains("\u{1B}"), batch.stderr)
        // A plain path is shown as typed, as before.
        let plain = try Sharecard.run(["render", "--title", "Hi", "--photo", "no such.jpg", "-o", "card.png"], in: directory)
        XCTAssertEqual(plain.stderr, "sharecard render: cannot read no such.jpg: No such file or directory\n")
    }
}
