import CICU

/// A stretch of text in one script, to shape with that script set.
public struct ScriptRun: Hashable, Sendable {
    /// UTF-16 offsets into the text.
    public let range: Range<Int>
    public let script: Script

    public init(range: Range<Int>, script: Script) {
        self.range = range
        self.script = script
    }
}

/// Splits text into script runs (UAX #24 itemization as shaping engines need it).
///
/// Neutral characters (Common, Inherited, Unknown) join the run of their neighbours: they
/// take the script before them, or, at the start of the text, the first script after them.
/// Paired brackets are matched so that a closing bracket takes its opening bracket's script:
/// in "abc (אבג) def" both parentheses are Latin. Text with no script of its own is one
/// Common run. A bracket stack deeper than 64 stops recording new openings, as in HarfBuzz
/// and Pango, so hostile input costs linear time.
public enum ScriptRuns {
    public static func runs(in text: String) -> [ScriptRun] {
        runs(utf16: Array(text.utf16))
    }

    /// Runs of UTF-16 code units that may be malformed (an unpaired surrogate is U+FFFD).
    public static func runs(utf16 units: [UInt16]) -> [ScriptRun] {
        let (scalars, starts) = UTF16Text.scalars(units)
        guard !scalars.isEmpty else { return [] }

        // The script chosen for each scalar; nil while still unknown (leading neutrals).
        var chosen = [Script?](repeating: nil, count: scalars.count)
        var current: Script? = nil
        var stack: [(closing: UInt32, index: Int)] = [] // open brackets not yet closed
        let maxDepth = 64

        for (i, value) in scalars.enumerated() {
            let script = Script(code: sc_icu_script(value))
            if !script.isNeutral {
                if current == nil {
                    for j in 0..<i { chosen[j] = script } // leading neutrals and their brackets
                }
                current = script
                chosen[i] = script
                continue
            }
            var pair: UInt32 = 0
            switch sc_icu_paired_bracket(value, &pair) {
            case 1:
                chosen[i] = current
                if stack.count < maxDepth { stack.append((pair, i)) }
            case 2:
                if let k = stack.lastIndex(where: { $0.closing == value || closingEquivalent($0.closing) == value }) {
                    let opener = stack[k].index
                    stack.removeSubrange(k...)
                    chosen[i] = chosen[opener] ?? current
                    if let s = chosen[i] { current = s }
                } else {
                    chosen[i] = current
                }
            default:
                chosen[i] = current
            }
        }

        var runs: [ScriptRun] = []
        var runStart = 0
        var runScript = chosen[0] ?? .common
        for i in 1..<scalars.count {
            let s = chosen[i] ?? .common
            if s != runScript {
                runs.append(ScriptRun(range: starts[runStart]..<starts[i], script: runScript))
                runStart = i
                runScript = s
            }
        }
        runs.append(ScriptRun(range: starts[runStart]..<units.count, script: runScript))
        return runs
    }

    /// U+2329/U+232A and U+3008/U+3009 are canonically equivalent pairs (BidiBrackets.txt).
    private static func closingEquivalent(_ closing: UInt32) -> UInt32 {
        switch closing {
        case 0x232A: return 0x3009
        case 0x3009: return 0x232A
        default: return closing
        }
    }
}
