/// How text is fitted into a box: UILabel's properties, plus the choice of line breaking.
public struct TextLayoutOptions: Hashable, Sendable {
    public enum Alignment: String, Sendable, CaseIterable {
        case left, center, right, justified
        /// Left for left-to-right paragraphs, right for right-to-left ones.
        case natural
    }

    public enum Wrap: String, Sendable, CaseIterable {
        /// Lines as even as possible (no lonely last word), like CSS `text-wrap: balance`.
        case balanced
        /// Each line as full as possible (first fit), like UILabel.
        case greedy

        /// The wrap a paragraph set with `alignment` gets unless told: justified lines are filled
        /// first and then widened, as browsers and typesetters set them (evened lines would leave
        /// each one short, to be spread wide), and other text is balanced.
        public static func preferred(for alignment: Alignment) -> Wrap {
            alignment == .justified ? .greedy : .balanced
        }
    }

    public enum Truncation: String, Sendable, CaseIterable {
        case tail, head, middle
    }

    /// Box size in points; `.infinity` means unbounded on that axis.
    public let width: Double
    public let height: Double
    /// At most this many lines; 0 means no limit (UILabel's `numberOfLines`).
    public let maxLines: Int
    public let alignment: Alignment
    public let wrap: Wrap
    public let truncation: Truncation
    /// Baseline-to-baseline distance as a multiple of the fonts' own line height.
    public let lineHeightMultiple: Double
    /// With `adjustsFontSize`, sizes may shrink down to this fraction of their nominal value.
    public let minimumScaleFactor: Double
    public let adjustsFontSize: Bool

    /// `wrap` nil takes `Wrap.preferred(for: alignment)`.
    public init(width: Double, height: Double = .infinity, maxLines: Int = 0, alignment: Alignment = .center,
                wrap: Wrap? = nil, truncation: Truncation = .tail, lineHeightMultiple: Double = 1,
                minimumScaleFactor: Double = 1, adjustsFontSize: Bool = true) throws {
        guard width > 0, !width.isNaN else { throw TypesettingError.invalidArgument("box width must be positive, got \(width)") }
        guard height > 0, !height.isNaN else { throw TypesettingError.invalidArgument("box height must be positive, got \(height)") }
        guard maxLines >= 0, maxLines <= 10_000 else { throw TypesettingError.invalidArgument("maxLines must be 0…10000, got \(maxLines)") }
        guard lineHeightMultiple.isFinite, lineHeightMultiple >= 0.5, lineHeightMultiple <= 4 else {
            throw TypesettingError.invalidArgument("line height multiple must be 0.5…4, got \(lineHeightMultiple)")
        }
        guard minimumScaleFactor.isFinite, minimumScaleFactor > 0, minimumScaleFactor <= 1 else {
            throw TypesettingError.invalidArgument("minimum scale factor must be in (0, 1], got \(minimumScaleFactor)")
        }
        self.width = width
        self.height = height
        self.maxLines = maxLines
        self.alignment = alignment
        self.wrap = wrap ?? .preferred(for: alignment)
        self.truncation = truncation
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumScaleFactor = minimumScaleFactor
        self.adjustsFontSize = adjustsFontSize
    }

    /// The same options with another box size.
    public func with(width: Double, height: Double) throws -> TextLayoutOptions {
        try TextLayoutOptions(width: width, height: height, maxLines: maxLines, alignment: alignment, wrap: wrap,
                              truncation: truncation, lineHeightMultiple: lineHeightMultiple,
                              minimumScaleFactor: minimumScaleFactor, adjustsFontSize: adjustsFontSize)
    }
}
