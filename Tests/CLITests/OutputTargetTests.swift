import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `-o` writes into what the user named: a FIFO, `/dev/fd/N` of a pipe, a symlink's target;
/// it is never renamed over. (Never run against the real /dev/null: every special file here
/// is made in the test's own directory or is a pipe the test holds.)
final class OutputTargetTests: TemporaryDirectoryTestCase {
    static let scene = ##"{"width": 30, "height": 20, "background": "#204060"}"##

    override func setUpWithError() throws {
        try super.setUpWithError()
        try write(Self.scene, to: "scene.json")
    }

    func fileType(_ name: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path(name))[.type] as? FileAttributeType
    }

    /// The bytes `draw` writes to an ordinary file, to compare with.
    func referencePNG() throws -> Data {
        let r = try Sharecard.run(["draw", "scene.json", "-o", "reference.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try Data(contentsOf: directory.appendingPathComponent("reference.png"))
    }

    func testFIFOReceivesThePNGAndStaysAFIFO() throws {
        let expected = try referencePNG()
        XCTAssertEqual(mkfifo(path("card.fifo"), 0o644), 0)
        // Opened for reading first (non-blocking), so the writer's open succeeds at once.
        let reader = open(path("card.fifo"), O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        // A name whose extension is no image format takes --format, as for render.
        let r = try Sharecard.run(["draw", "scene.json", "-o", "card.fifo", "--format", "png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        var received = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &received, received.count)
        XCTAssertEqual(count, expected.count, "the PNG went into the FIFO")
        XCTAssertEqual(Data(received.prefix(max(count, 0))), expected)
        XCTAssertEqual(try fileType("card.fifo"), .typeUnknown, "still a FIFO (Foundation has no FIFO type)")
        var info = stat()
        XCTAssertEqual(stat(path("card.fifo"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO was not replaced by a regular file")
        XCTAssertEqual(try contents(), ["card.fifo", "reference.png", "scene.json"], "no temporary file")
    }

    func testDevFdOfAPipeIsWrittenInPlace() throws {
        let expected = try referencePNG()
        // Standard output is a pipe the test reads; /dev/fd/1 names it, as `-o >(cmd)` would.
        let r = try ProcessHarness.runWithPipedStdout(["draw", "scene.json", "-o", "/dev/fd/1"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, expected)
        let card = try ProcessHarness.runWithPipedStdout(["render", "--title", "Through a pipe", "-o", "/dev/fd/1"], in: directory)
        XCTAssertEqual(card.status, 0, card.stderr)
        XCTAssertEqual(PNGHeader(card.stdout), PNGHeader(width: 1024, height: 576))
    }

    /// A descriptor the shell opened for reading only cannot take the card, and the message
    /// says why rather than "Bad file descriptor".
    func testADescriptorOpenForReadingOnlyIsNamedSo() throws {
        try write("keep\n", to: "input.txt")
        let script = "'\(Sharecard.executable.path)' draw scene.json -o /dev/fd/5 5<input.txt"
        let r = try ProcessRunner.run("/bin/sh", ["-c", script], environment: nil, in: directory)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "sharecard draw: cannot write /dev/fd/5: the descriptor is open for reading only\n")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("input.txt"), encoding: .utf8), "keep\n")
    }

    /// `/dev/stdout` and `/dev/fd/N` name a descriptor the shell opened, not a file by name:
    /// written through it at its offset, as `-o -` is, so what the shell wrote before and after
    /// into the same file stays (it used to be renamed over, and `>>` lost the file's contents).
    func testOwnDescriptorsOfAFileAreWrittenThroughNotReplaced() throws {
        let expected = try referencePNG()
        try write("PREVIOUS\n", to: "log.bin")
        let sharecard = Sharecard.executable.path
        let script = """
            { echo HEADER; '\(sharecard)' draw scene.json -o /dev/stdout && echo MIDDLE >&3 && \
              '\(sharecard)' draw scene.json -o /dev/fd/3 && '\(sharecard)' draw scene.json -o /proc/self/fd/3; echo FOOTER; } >> log.bin 3>&1
            """
        let r = try ProcessRunner.run("/bin/sh", ["-c", script], environment: nil, in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        let written = try Data(contentsOf: directory.appendingPathComponent("log.bin"))
        XCTAssertEqual(written, Data("PREVIOUS\nHEADER\n".utf8) + expected + Data("MIDDLE\n".utf8) + expected + expected + Data("FOOTER\n".utf8))
        XCTAssertEqual(try contents(), ["log.bin", "reference.png", "scene.json"], "no temporary file")

        let closed = try Sharecard.run(["draw", "scene.json", "-o", "/dev/fd/9"], in: directory)
        XCTAssertEqual(closed.status, 1)
        XCTAssertEqual(closed.stderr, "sharecard draw: cannot write /dev/fd/9: descriptor 9 is not open\n")
    }

    func testSymlinkChainIsFollowedAndTheTargetReplacedWithItsMode() throws {
        let expected = try referencePNG()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try write("old card", to: "cards/real.png")
        XCTAssertEqual(chmod(path("cards/real.png"), 0o640), 0)
        // link.png → cards/hop.png → real.png (each relative to its own directory).
        try FileManager.default.createSymbolicLink(atPath: path("cards/hop.png"), withDestinationPath: "real.png")
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "cards/hop.png")
        let r = try Sharecard.run(["draw", "scene.json", "-o", "link.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.png")), "cards/hop.png", "the symlink stays")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("cards/hop.png")), "real.png")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("cards/real.png")), expected)
        let mode = try FileManager.default.attributesOfItem(atPath: path("cards/real.png"))[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640, "the target keeps its permission bits")
        XCTAssertEqual(try contents(of: "cards"), ["hop.png", "real.png"], "no temporary file")
    }

    func testEveryCommandThatWritesAPNGKeepsTheSymlink() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cards"), withIntermediateDirectories: true)
        let commands: [(String, [String])] = [
            ("render", ["render", "--title", "Linked"]),
            ("text", ["text", "--text", "Linked"]),
            ("palettes", ["palettes", "preview", "pastel"]),
        ]
        for (name, arguments) in commands {
            try write("old", to: "cards/\(name).png")
            try FileManager.default.createSymbolicLink(atPath: path("\(name).png"), withDestinationPath: "cards/\(name).png")
            let r = try Sharecard.run(arguments + ["-o", "\(name).png"], in: directory)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("\(name).png")), "cards/\(name).png", name)
            let written = PNGHeader(try Data(contentsOf: directory.appendingPathComponent("cards/\(name).png")))
            XCTAssertNotNil(written, "\(name) wrote a complete PNG into the link's target")
        }
        XCTAssertEqual(try contents(of: "cards"), ["palettes.png", "render.png", "text.png"], "no temporary files")
    }

    func testReplacedFileKeepsItsOwnerWhenRunAsRoot() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file away")
        try write("old card", to: "theirs.png")
        XCTAssertEqual(chown(path("theirs.png"), 4321, 8765), 0)
        XCTAssertEqual(chmod(path("theirs.png"), 0o600), 0)
        let r = try Sharecard.run(["draw", "scene.json", "-o", "theirs.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        var info = stat()
        XCTAssertEqual(stat(path("theirs.png"), &info), 0)
        XCTAssertEqual([info.st_uid, info.st_gid], [4321, 8765])
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
        XCTAssertNotNil(PNGHeader(try Data(contentsOf: directory.appendingPathComponent("theirs.png"))))
    }

    /// A file the user may not write is refused, as `>` and `cp` refuse it, although its folder
    /// would let a new file be renamed over it: the file keeps its bytes and its owner, and
    /// nothing is left behind. The same file the user may write is replaced.
    func testAFileTheUserMayNotWriteIsNotReplaced() throws {
        XCTAssertEqual(chmod(directory.path, 0o777), 0)
        let old = Data("not a card".utf8)
        try old.write(to: directory.appendingPathComponent("kept.png"))
        XCTAssertEqual(chmod(path("kept.png"), 0o444), 0)
        let refused = try runUnprivileged(["draw", "scene.json", "-o", "kept.png"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "sharecard draw: cannot write kept.png: Permission denied\n")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("kept.png")), old)
        XCTAssertEqual(try contents(), ["kept.png", "scene.json"])
        // Reached through a symlink, it is refused by the target's own mode.
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "kept.png")
        let throughLink = try runUnprivileged(["draw", "scene.json", "-o", "link.png"])
        XCTAssertEqual(throughLink.stderr, "sharecard draw: cannot write link.png: Permission denied\n")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("kept.png")), old)

        XCTAssertEqual(chmod(path("kept.png"), 0o666), 0)
        let replaced = try runUnprivileged(["draw", "scene.json", "-o", "kept.png"])
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("kept.png")), try referencePNG())
    }

    /// A file the user may write in a folder they may not: the temporary file cannot be made,
    /// and the message says so, naming the folder (the file's own mode would allow a write).
    func testAWritableFileInAFolderTheUserMayNotWriteIsRefusedNamingTheFolder() throws {
        let old = Data("not a card".utf8)
        try old.write(to: directory.appendingPathComponent("open.png"))
        XCTAssertEqual(chmod(path("open.png"), 0o666), 0)
        XCTAssertEqual(chmod(directory.path, 0o555), 0)
        defer { chmod(directory.path, 0o755) }
        let refused = try runUnprivileged(["draw", "scene.json", "-o", "open.png"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "sharecard draw: cannot write open.png: cannot create a temporary file in its folder . "
            + "(the file is replaced by one written there and renamed over it): Permission denied\n")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("open.png")), old)
        XCTAssertEqual(try contents(), ["open.png", "scene.json"])
    }

    func testDanglingSymlinkCreatesItsTarget() throws {
        let expected = try referencePNG()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path("link.png"), withDestinationPath: "cards/new.png")
        let r = try Sharecard.run(["draw", "scene.json", "-o", "link.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("cards/new.png")), expected)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.png")), "cards/new.png")

        try FileManager.default.createSymbolicLink(atPath: path("nowhere.png"), withDestinationPath: "missing/new.png")
        let missing = try Sharecard.run(["draw", "scene.json", "-o", "nowhere.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "sharecard draw: cannot write nowhere.png: directory missing does not exist\n")
    }

    func testSymlinkLoopIsAClearError() throws {
        try FileManager.default.createSymbolicLink(atPath: path("a.png"), withDestinationPath: "b.png")
        try FileManager.default.createSymbolicLink(atPath: path("b.png"), withDestinationPath: "a.png")
        let r = try Sharecard.run(["draw", "scene.json", "-o", "a.png"], in: directory)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard draw: cannot write a.png: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("symbolic links"), r.stderr)
        XCTAssertEqual(r.stderrLines.count, 1)
    }

    /// 40 links are followed, as the kernel follows them (`MAXSYMLINKS`); a 41st is an error.
    /// Before, the 40th was refused although `cat` read through it.
    func testFortySymlinksAreFollowedAndNoMore() throws {
        let expected = try referencePNG()
        for index in 1...41 {
            try FileManager.default.createSymbolicLink(atPath: path("l\(index)"), withDestinationPath: index == 1 ? "target.png" : "l\(index - 1)")
        }
        let forty = try Sharecard.run(["draw", "scene.json", "-o", "l40"], in: directory)
        XCTAssertEqual(forty.status, 0, forty.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("target.png")), expected)
        XCTAssertEqual(try fileType("l40"), .typeSymbolicLink)
        let fortyOne = try Sharecard.run(["draw", "scene.json", "-o", "l41"], in: directory)
        XCTAssertEqual(fortyOne.status, 1)
        XCTAssertTrue(fortyOne.stderr.hasPrefix("sharecard draw: cannot write l41: "), fortyOne.stderr)
        XCTAssertTrue(fortyOne.stderr.lowercased().contains("too many levels of symbolic links"), fortyOne.stderr)
        XCTAssertEqual(fortyOne.stderrLines.count, 1)
    }

    /// A symlink whose target is not UTF-8 is refused and nothing is written. Read as text, its
    /// invalid byte became U+FFFD: the card went to another name, replacing a file there (and
    /// an existing target was then written in place, not replaced).
    func testASymlinkToANameThatIsNotUTF8IsRefused() throws {
        let bystander = path("a\u{FFFD}.png")
        try write("precious", to: "a\u{FFFD}.png")
        // The link's target bytes: "a", 0xFF, ".png" (not UTF-8), existing and dangling.
        var target: [CChar] = [CChar(UInt8(ascii: "a")), CChar(bitPattern: 0xFF)] + ".png".utf8.map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(symlink(&target, path("out.png")), 0)
        let dangling = try Sharecard.run(["draw", "scene.json", "-o", "out.png"], in: directory)
        XCTAssertEqual(dangling.status, 1)
        XCTAssertEqual(dangling.stderr, "sharecard draw: cannot write out.png: out.png is a symlink to a name that is not UTF-8; name the file itself\n")
        XCTAssertEqual(try String(contentsOfFile: bystander, encoding: .utf8), "precious")

        // The target beside the link (a relative link resolves from its own folder), by bytes.
        var besideTheLink: [CChar] = directory.path.utf8.map { CChar(bitPattern: $0) } + [CChar(UInt8(ascii: "/"))] + target
        let fd = open(&besideTheLink, O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(Glibc.write(fd, "old", 3), 3)
        close(fd)
        let existing = try Sharecard.run(["draw", "scene.json", "-o", "out.png"], in: directory)
        XCTAssertEqual(existing.status, 1)
        XCTAssertTrue(existing.stderr.contains("not UTF-8"), existing.stderr)
        var info = stat()
        XCTAssertEqual(stat(&besideTheLink, &info), 0)
        XCTAssertEqual(info.st_size, 3, "the existing target is untouched")
        XCTAssertEqual(try String(contentsOfFile: bystander, encoding: .utf8), "precious")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }, [])
    }

    /// A directory that takes new files but neither renames nor removes them (`chattr +a`, as
    /// root): the rename fails, and so does removing the temporary file. The message names
    /// the file left, so that it can be removed; it was silent before. Skipped where the
    /// attribute cannot be set (not root, or a file system without it).
    func testATemporaryFileThatCannotBeRemovedIsNamed() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("append-only"), withIntermediateDirectories: true)
        try write("old", to: "append-only/card.png")
        let set = try ProcessRunner.run("/usr/bin/chattr", ["+a", path("append-only")], environment: nil)
        guard set.status == 0 else { throw XCTSkip("chattr +a is not available here: \(set.stderr)") }
        defer { _ = try? ProcessRunner.run("/usr/bin/chattr", ["-a", path("append-only")], environment: nil) }
        let r = try Sharecard.run(["draw", "scene.json", "-o", "append-only/card.png"], in: directory)
        XCTAssertEqual(r.status, 1)
        let left = try FileManager.default.contentsOfDirectory(atPath: path("append-only")).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left.count, 1, "\(left)")
        XCTAssertEqual(r.stderr, "sharecard draw: cannot write append-only/card.png: Operation not permitted; the temporary file "
                       + "append-only/\(left.first ?? "") could not be removed\n")
        XCTAssertEqual(try String(contentsOfFile: path("append-only/card.png"), encoding: .utf8), "old")
        _ = try ProcessRunner.run("/usr/bin/chattr", ["-a", path("append-only")], environment: nil)
        for name in left { try FileManager.default.removeItem(atPath: path("append-only/\(name)")) }
    }

    func testStandardOutputThatIsATerminalIsRefused() throws {
        let r = try ProcessHarness.runScripted(["draw", "scene.json", "-o", "-"], in: directory, terminal: true)
        XCTAssertEqual(r.status, 2, r.output)
        XCTAssertEqual(r.output, "sharecard draw: refusing to write an image to a terminal; redirect standard output or give -o FILE\r\n")
    }

    /// A terminal named by path (the terminal itself, or a descriptor that is one) is refused
    /// as `-` is, before a byte is written: the transcript holds the message alone.
    func testATerminalNamedByPathIsRefused() throws {
        for name in ["/dev/tty", "/dev/stderr", "/dev/fd/2"] {
            let r = try ProcessHarness.runScripted(["draw", "scene.json", "-o", name], in: directory, terminal: true)
            XCTAssertEqual(r.status, 2, r.output)
            XCTAssertEqual(r.output, "sharecard draw: refusing to write an image to a terminal (\(name)); name a file or a pipe\r\n")
        }
        // Not a terminal: written in place as before.
        let null = try Sharecard.run(["draw", "scene.json", "-o", "/dev/null"], in: directory)
        XCTAssertEqual(null.status, 0, null.stderr)
    }

    func testReaderThatGoesAwayIsAnErrorNotACrash() throws {
        let r = try ProcessHarness.runWithPipedStdout(["render", "--title", "Nobody reads this", "-o", "-"], in: directory, closeReadEnd: true)
        XCTAssertEqual(r.reason, .exit, "ended by exit, not by SIGPIPE")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "sharecard render: cannot write to standard output: Broken pipe\n")
    }

    func testRenderEventAcceptsABatchLinesId() throws {
        try write(#"{"id": "moving-day", "title": "Moving day", "date": "2024-06-01"}"#, to: "event.json")
        let r = try Sharecard.run(["render", "--event", "event.json", "-o", "card.png"], in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(PNGHeader(try Data(contentsOf: directory.appendingPathComponent("card.png"))), PNGHeader(width: 1024, height: 576))
        try write(#"{"id": "../up", "title": "Moving day"}"#, to: "bad.json")
        let bad = try Sharecard.run(["render", "--event", "bad.json", "-o", "card.png"], in: directory)
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderr, "sharecard render: bad.json: id: must be 1-100 ASCII letters, digits, '-' or '_'\n")
    }
}
