import Raster
import UnicodeText

/// How a stretch of text looks. Sizes are nominal: fitting may scale every size in a text
/// by one common factor, so a run set larger than its neighbours stays larger.
public struct TextAttributes: Hashable, Sendable {
    public let family: String
    public let weight: FontWeight
    public let style: FontStyle
    /// Em size in points.
    public let sizeInPoints: Double
    public let color: Color
    public let features: [FontFeature]
    /// Extra space after every grapheme cluster, in thousandths of an em (as CSS
    /// `letter-spacing` in design tools' "tracking" units).
    public let trackingInThousandthsOfEm: Double

    public init(family: String = "Quicksand", weight: FontWeight = .bold, style: FontStyle = .normal,
                sizeInPoints: Double = 60, color: Color = .white, features: [FontFeature] = [],
                trackingInThousandthsOfEm: Double = 0) throws {
        guard sizeInPoints.isFinite, sizeInPoints > 0, sizeInPoints <= 2000 else {
            throw TypesettingError.invalidArgument("font size must be in (0, 2000] points, got \(sizeInPoints)")
        }
        guard trackingInThousandthsOfEm.isFinite, abs(trackingInThousandthsOfEm) <= 1000 else {
            throw TypesettingError.invalidArgument("tracking must be within ±1000 thousandths of an em, got \(trackingInThousandthsOfEm)")
        }
        self.family = family
        self.weight = weight
        self.style = style
        self.sizeInPoints = sizeInPoints
        self.color = color
        self.features = features
        self.trackingInThousandthsOfEm = trackingInThousandthsOfEm
    }
}

/// A string with attributes over ranges of it: every UTF-16 offset belongs to exactly one run.
public struct AttributedText: Sendable {
    public struct Run: Sendable {
        /// UTF-16 offsets into `string`.
        public let range: Range<Int>
        public let attributes: TextAttributes
    }

    public let string: String
    public let utf16: [UInt16]
    public let runs: [Run]

    /// The whole string in one style, cleaned first (`TextCleaning`: tabs become spaces, other
    /// control characters go, each paragraph is trimmed), so nothing draws as a box.
    public init(_ string: String, attributes: TextAttributes) {
        let string = TextCleaning.cleaned(string)
        self.string = string
        utf16 = Array(string.utf16)
        runs = [Run(range: 0..<utf16.count, attributes: attributes)]
    }

    /// Pieces of text, each with its attributes, joined in order.
    public init(_ pieces: [(String, TextAttributes)]) throws {
        guard !pieces.isEmpty else { throw TypesettingError.invalidArgument("attributed text needs at least one piece") }
        var string = "", runs: [Run] = [], offset = 0
        for (text, attributes) in pieces {
            let count = text.utf16.count
            string += text
            if count > 0 { runs.append(Run(range: offset..<(offset + count), attributes: attributes)) }
            offset += count
        }
        if runs.isEmpty { runs = [Run(range: 0..<0, attributes: pieces[0].1)] }
        self.string = string
        utf16 = Array(string.utf16)
        self.runs = runs
    }

    /// The attributes at a UTF-16 offset (the last run's at the end).
    public func attributes(at offset: Int) -> TextAttributes {
        runs.first { $0.range.contains(offset) }?.attributes ?? runs[runs.count - 1].attributes
    }

    /// The index of the run containing `offset`.
    func runIndex(at offset: Int) -> Int {
        runs.firstIndex { $0.range.contains(offset) } ?? runs.count - 1
    }

    /// The size of the first run: what a single-style text reports as its font size.
    public var primarySizeInPoints: Double { runs[0].attributes.sizeInPoints }
}

/// Errors from typesetting; each names the problem.
public enum TypesettingError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)
    case unknownFamily(String)
    /// A family the fonts have, whose face for the text failed to open, and why.
    case familyCannotBeOpened(String, String)

    public var description: String {
        switch self {
        case .invalidArgument(let m): return m
        case .unknownFamily(let f): return "unknown font family \"\(f)\""
        case .familyCannotBeOpened(let f, let why): return "font family \"\(f)\" cannot be opened: \(why)"
        }
    }
}
