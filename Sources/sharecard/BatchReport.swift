import Caching
import Faces
import Foundation

/// What a batch tells its user on standard error: each failed line as soon as it fails (and
/// a line's warnings: a photo's unusable colour profile, a hex colour under 3:1 contrast), a
/// one-line progress bar when stderr is a terminal (redrawn at most every 100 ms, cleared
/// before any other text, fitted to the terminal's width, drawn as `ProgressStyle` says the
/// terminal can take it), and the summary (both left out by `--quiet`).
final class BatchReport: Sendable {
    /// How the bar is drawn and taken away: a terminal that `TERM` names (not `dumb`) erases
    /// the line with `ESC [ K`, another has it overwritten with spaces; block characters in a
    /// UTF-8 locale, `#` and `-` in another (the C locale's terminal may show UTF-8 as bytes).
    struct ProgressStyle: Sendable {
        var erasesWithEscape: Bool
        var filled: Character, empty: Character

        /// For this process: `TERM`, and the locale's character set as `LC_ALL`, `LC_CTYPE`
        /// and `LANG` name it, the first one set winning.
        static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressStyle {
            let term = environment["TERM"] ?? ""
            let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
            let utf8 = locale.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
            return ProgressStyle(erasesWithEscape: !term.isEmpty && term != "dumb", filled: utf8 ? "█" : "#", empty: utf8 ? "░" : "-")
        }
    }

    enum Outcome: Sendable {
        case written, skipped
        case failed(String)
    }

    private struct State {
        var written = 0, skipped = 0, failed = 0
        var lastDrawSeconds = -1.0
        var barShown = false
        /// The widest bar drawn since the last clear: what a terminal without `ESC [ K` has
        /// overwritten with spaces.
        var barWidth = 0
    }

    private let total: Int
    private let showsProgress: Bool
    private let showsSummary: Bool
    private let style: ProgressStyle
    private let start = Date()
    private let state = LockedValue(State())

    init(total: Int, showsProgress: Bool, showsSummary: Bool = true, style: ProgressStyle = .current()) {
        self.total = total
        self.showsProgress = showsProgress
        self.showsSummary = showsSummary
        self.style = style
    }

    /// Counts a finished line; a failure is printed at once.
    func finished(line: Int, _ outcome: Outcome) {
        state.withLock { state in
            var text = ""
            switch outcome {
            case .written: state.written += 1
            case .skipped: state.skipped += 1
            case .failed(let reason):
                state.failed += 1
                text += clearBar(&state) + "line \(line): \(reason)\n"
            }
            let elapsed = Date().timeIntervalSince(start)
            if showsProgress, state.barShown == false || elapsed - state.lastDrawSeconds >= 0.1 {
                state.lastDrawSeconds = elapsed
                text += bar(&state, elapsed: elapsed)
                state.barShown = true
            }
            if !text.isEmpty { StandardError.write(text) }
        }
    }

    /// Prints a warning about a line whose card is still written (its hex colour's contrast
    /// is below 3:1), as a failure is printed but not counted as one.
    func warn(line: Int, _ text: String) {
        state.withLock { state in
            StandardError.write(clearBar(&state) + "line \(line): warning: \(text)\n")
        }
    }

    /// Says that a signal was heard and no new line will start.
    func stopping() {
        state.withLock { state in
            StandardError.write(clearBar(&state) + "stopping after the cards in progress (signal again to stop at once)\n")
        }
    }

    /// Clears the progress bar and prints the summary (unless quiet); `interruptedBy` is the
    /// signal that stopped the batch early. When photos were looked for faces, the summary says
    /// how many lines ran a detection and how many reused one. Returns the number of failed lines.
    func finish(interruptedBy signal: Int32?, faces: FaceCache.Statistics? = nil) -> Int {
        state.withLock { state in
            let done = state.written + state.skipped + state.failed
            var summary = "\(total) event\(total == 1 ? "" : "s"): \(state.written) written, \(state.skipped) unchanged, \(state.failed) failed"
            if let signal {
                summary += ", \(total - done) not started (stopped by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"))"
            }
            if let faces, faces.hits + faces.misses > 0 {
                summary += "; face searches: \(faces.misses) run, \(faces.hits) reused"
            }
            if showsSummary { StandardError.write(clearBar(&state) + summary + "\n") }
            return state.failed
        }
    }

    private func clearBar(_ state: inout State) -> String {
        guard state.barShown else { return "" }
        state.barShown = false
        state.lastDrawSeconds = -1
        let width = state.barWidth
        state.barWidth = 0
        return style.erasesWithEscape ? "\r\u{1B}[K" : "\r" + String(repeating: " ", count: width) + "\r"
    }

    private func bar(_ state: inout State, elapsed: Double) -> String {
        let done = state.written + state.skipped + state.failed
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let line = Self.progressLine(done: done, total: total, cardsPerSecond: rate, failed: state.failed,
                                     columns: Self.terminalColumns(), filled: style.filled, empty: style.empty)
        // A shorter line over a longer one leaves the longer one's end: pad it where no escape erases.
        let padding = style.erasesWithEscape ? "" : String(repeating: " ", count: max(0, state.barWidth - line.count))
        state.barWidth = max(state.barWidth, line.count)
        return "\r" + line + padding
    }

    /// The progress line for a terminal `columns` wide: a bar of up to 30 cells, the count,
    /// the rate and the failures, shortened to fit in `columns - 1` cells (a line that reaches
    /// the last column wraps on some terminals, and each redraw then scrolls): the bar first
    /// narrows, then goes (under 5 cells), then the rate and failures go; the count stays.
    static func progressLine(done: Int, total: Int, cardsPerSecond: Double, failed: Int, columns: Int,
                             filled filledCell: Character = "█", empty emptyCell: Character = "░") -> String {
        let room = max(columns - 1, 1)
        let count = "\(done)/\(total)"
        let full = count + String(format: "  %.0f cards/s", cardsPerSecond) + (failed > 0 ? "  \(failed) failed" : "")
        let text = full.count <= room ? full : count
        let width = min(30, room - text.count - 1)
        guard width >= 5 else { return String(text.prefix(room)) }
        let filled = total == 0 ? width : width * done / total
        return String(repeating: filledCell, count: filled) + String(repeating: emptyCell, count: width - filled) + " " + text
    }

    /// Standard error's width in columns, read at each redraw so a resized terminal is
    /// followed; 80 when it cannot be read.
    static func terminalColumns() -> Int {
        var size = winsize()
        let read = withUnsafeMutablePointer(to: &size) { ioctl(2, UInt(TIOCGWINSZ), $0) }
        return read == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
