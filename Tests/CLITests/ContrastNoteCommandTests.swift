import Foundation
import TestSupport
import XCTest

/// The line `render` prints on standard error for a hex colour (the text colour chosen and its
/// WCAG 2 contrast), and `batch`'s warning below 3:1, through the real executable.
final class ContrastNoteCommandTests: TemporaryDirectoryTestCase {
    func testRenderSaysWhichTextColourWasChosenAndItsContrast() throws {
        let out = directory.appendingPathComponent("card.png").path
        let r = try Sharecard.run(["render", "--title", "Hex", "--color", "#1E88E5", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, Data())
        // White would give 3.68:1 here; the near-black gives more.
        XCTAssertEqual(r.stderr, "sharecard render: colour #1e88e5: near-black text (#121212), contrast 5.09:1 (WCAG 2 AA; AAA for large text)\n")
    }

    /// Python computes the WCAG 2 relative luminance and ratio from the hex digits and judges
    /// the AA/AAA thresholds; the command line must say the same for every colour. A solid
    /// colour's ground is the colour itself, so Python also picks white or #121212 by the higher
    /// contrast. A gradient's ground under the title is read from the drawn card, and the note
    /// names its worst spot: Python checks that spot lies between the two stops, and that the
    /// figure and verdict are the text colour's against it.
    func testTheFigureAndVerdictAgreeWithPythonsWCAGArithmetic() throws {
        let colors = ["#1e88e5", "#18e", "#777777", "#767676", "#8e24aa", "#ffeb3b", "#000", "#fff",
                      "#1e88e5,#8e24aa", "#ffeb3b,#8e24aa", "#000000,#ffffff", "#43cea2,#185a9d", "#ffff00,#0000ff", "#fff176,#4a148c",
                      "#029033", "#05a8ee"]  // 4.4958:1 and 6.9958:1, just under a threshold
        var notes: [String: String] = [:], drawn: [[String: String?]] = []
        for color in colors {
            let out = directory.appendingPathComponent("c.png").path
            // A long title reaches towards a gradient's stops, where its contrast falls.
            let r = try Sharecard.run(["render", "--title", "Our first apartment together", "--color", color, "-o", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            notes[color] = r.stderr
            let spot = r.stderr.firstMatch(of: /at (#[0-9a-f]{6}), the lowest-contrast spot/).map { String($0.1) }
            let text = r.stderr.contains("white text") ? "#ffffff" : "#121212"
            drawn.append(["spec": color, "spot": spot, "text": text])
        }
        let script = #"""
            import json, math, sys
            def channel(v):
                v = v / 255
                return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
            def expand(h):
                d = h[1:]
                return '#' + (''.join(c * 2 for c in d) if len(d) == 3 else d).lower()
            def rgb(h):
                return [int(h[i:i + 2], 16) for i in (1, 3, 5)]
            def luminance(h):
                r, g, b = rgb(h)
                return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
            def ratio(a, b):
                la, lb = sorted((luminance(a), luminance(b)))
                return (lb + 0.05) / (la + 0.05)
            out = {}
            for card in json.load(sys.stdin):
                stops = [expand(s) for s in card['spec'].split(',')]
                if len(stops) == 1:
                    worst = lambda fg: ratio(fg, stops[0])
                    fg = '#ffffff' if worst('#ffffff') >= worst('#121212') else '#121212'
                    r, between = worst(fg), True
                else:
                    fg, spot = card['text'], card['spot']
                    r = ratio(fg, spot)
                    between = all(min(a, b) <= c <= max(a, b) for a, b, c in zip(rgb(stops[0]), rgb(stops[1]), rgb(spot)))
                if r >= 7: verdict = 'WCAG 2 AAA'
                elif r >= 4.5: verdict = 'WCAG 2 AA; AAA for large text'
                elif r >= 3: verdict = 'WCAG 2 AA for large text only; body text needs 4.5:1'
                else: verdict = 'below WCAG 2 AA even for large text, which needs 3:1'
                # Two decimals as the API reports them; three, rounded down, where two would
                # round the ratio up onto a threshold it misses.
                shown = round(r * 100) / 100
                figure = '%.3f' % (math.floor(r * 1000) / 1000) if any(r < t <= shown for t in (3, 4.5, 7)) else '%.2f' % shown
                out[card['spec']] = {'name': ','.join(stops), 'text': fg, 'ratio': figure, 'between': between,
                                     'spot': card['spot'] if len(stops) > 1 else None, 'verdict': verdict, 'warning': r < 3}
            print(json.dumps(out))
            """#
        let (status, data) = try PythonScript.run(script, input: try JSONSerialization.data(withJSONObject: drawn))
        XCTAssertEqual(status, 0)
        let expected = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        var warnings = 0
        for color in colors {
            let e = try XCTUnwrap(expected[color], color)
            XCTAssertEqual(e["between"] as? Bool, true, "\(color): the spot \(e["spot"] ?? "") is not between the stops")
            let text = e["text"] as? String == "#ffffff" ? "white text" : "near-black text (#121212)"
            let spot = (e["spot"] as? String).map { " at \($0), the lowest-contrast spot under the title" } ?? ""
            let warning = e["warning"] as? Bool == true
            if warning { warnings += 1 }
            let line = "sharecard render: \(warning ? "warning: " : "")colour \(e["name"]!): \(text), contrast \(e["ratio"]!):1\(spot) (\(e["verdict"]!))\n"
            XCTAssertEqual(notes[color], line, color)
        }
        // The list reaches every verdict, warnings included.
        XCTAssertEqual(Set(expected.values.compactMap { $0["verdict"] as? String }).count, 4)
        XCTAssertGreaterThan(warnings, 0)
    }

    /// With `-o -` standard output is the image alone; the note stays on standard error, as
    /// does the share text.
    func testTheNoteNeverReachesStandardOutput() throws {
        let r = try Sharecard.run(["render", "--title", "Hex", "--color", "#1e88e5", "--share-text", "-o", "-"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(r.stdout.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertFalse(String(decoding: r.stdout, as: UTF8.self).contains("contrast"))
        XCTAssertEqual(r.stderrLines.filter { $0.hasPrefix("sharecard render: colour #1e88e5: ") }.count, 1, r.stderr)

        let file = directory.appendingPathComponent("card.png").path
        let withText = try Sharecard.run(["render", "--title", "Hex", "--color", "#1e88e5", "--share-text", "-o", file])
        XCTAssertEqual(withText.status, 0, withText.stderr)
        XCTAssertFalse(String(decoding: withText.stdout, as: UTF8.self).contains("contrast"))
        XCTAssertTrue(withText.stderr.hasPrefix("sharecard render: colour #1e88e5: "), withText.stderr)
    }

    /// Standard output named another way (`/dev/stdout`, `/dev/fd/1`) is standard output too:
    /// the image alone, ending at IEND, and the share text on standard error. The share text
    /// used to follow the image there, after IEND.
    func testShareTextStaysOutOfAnImageOnStandardOutputByAnyName() throws {
        for name in ["-", "/dev/stdout", "/dev/fd/1"] {
            let r = try Sharecard.run(["render", "--title", "Trip", "--share-text", "-o", name])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(Array(r.stdout.suffix(8)), [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "\(name): the image does not end at IEND")
            XCTAssertEqual(r.stderr, "Trip\n", name)
        }
    }

    func testPaletteColoursQuietAndWarnings() throws {
        let out = directory.appendingPathComponent("card.png").path
        let palette = try Sharecard.run(["render", "--title", "Named", "--color", "user_blue", "-o", out])
        XCTAssertEqual(palette.status, 0, palette.stderr)
        XCTAssertEqual(palette.stderr, "")
        let quiet = try Sharecard.run(["render", "--title", "Hex", "--color", "#1e88e5", "-q", "-o", out])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
        let warned = try Sharecard.run(["render", "--title", "Our first apartment together", "--color", "#fff176,#4a148c", "--quiet", "-o", out])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertEqual(warned.stderr, "sharecard render: warning: colour #fff176,#4a148c: near-black text (#121212), contrast 2.55:1 at #714387, the lowest-contrast spot under the title (below WCAG 2 AA even for large text, which needs 3:1)\n")
        // Nothing is rendered for --share-text alone, so nothing is said about contrast.
        let shareOnly = try Sharecard.run(["render", "--title", "Hex", "--color", "#1e88e5", "--share-text"])
        XCTAssertEqual(shareOnly.status, 0, shareOnly.stderr)
        XCTAssertEqual(shareOnly.stderr, "")
    }

    /// The photo template sets its title in white over the darkened photo, whatever the colour
    /// (which fills only its accent bar): a note naming the chosen near-black text would
    /// describe text the card does not show, so there is none, not even a warning, in `render`
    /// or in `batch`, first run or re-run.
    func testNoNoteWhenTheTemplateSetsTheTitleInItsOwnColour() throws {
        let out = directory.appendingPathComponent("card.png").path
        // #0d47a1 chooses white text, the very colour photo sets its title in: the note goes by
        // where the title's colour comes from, not by comparing colours.
        for color in ["#1e88e5", "#fff176,#4a148c", "#0d47a1"] {
            let r = try Sharecard.run(["render", "--title", "Our first apartment together", "--template", "photo", "--color", color, "-o", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "", color)
        }
        let input = try write("""
            {"id": "photo", "title": "Our first apartment together", "color": "#fff176,#4a148c", "template": "photo"}
            {"id": "classic", "title": "Our first apartment together", "color": "#fff176,#4a148c"}
            """, to: "events.jsonl")
        let warning = "line 2: warning: colour #fff176,#4a148c: near-black text (#121212), contrast 2.55:1 at #714387, the lowest-contrast spot under the title (below WCAG 2 AA even for large text, which needs 3:1)"
        for summary in ["2 events: 2 written, 0 unchanged, 0 failed", "2 events: 0 written, 2 unchanged, 0 failed"] {
            let r = try Sharecard.run(["batch", input, "--out", directory.appendingPathComponent("out").path, "--jobs", "1"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderrLines, [Substring(warning), Substring(summary)])
        }
    }

    /// A batch says nothing about a card that reads well, warns about one under 3:1 (and
    /// writes it, without counting it as failed), on a re-run too.
    func testBatchWarnsOnlyBelowThreeToOne() throws {
        let input = try write("""
            {"id": "solid", "title": "Solid", "color": "#1e88e5"}
            {"id": "faint", "title": "Our first apartment together", "color": "#fff176,#4a148c", "template": "gradient"}
            {"id": "named", "title": "Named", "color": "user_yellow"}
            """, to: "events.jsonl")
        let out = directory.appendingPathComponent("out").path
        // On `gradient` its lighting and shading take the figure below the classic card's 2.55.
        let warning = "line 2: warning: colour #fff176,#4a148c: near-black text (#121212), contrast 1.88:1 at #593076, the lowest-contrast spot under the title (below WCAG 2 AA even for large text, which needs 3:1)"
        for summary in ["3 events: 3 written, 0 unchanged, 0 failed", "3 events: 0 written, 3 unchanged, 0 failed"] {
            let r = try Sharecard.run(["batch", input, "--out", out, "--jobs", "1"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderrLines, [Substring(warning), Substring(summary)])
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/faint.png"))
    }
}
