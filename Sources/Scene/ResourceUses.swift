/// Where a document names a font family or an image file, in document order, with the JSON
/// path of each: what the checks made after reading (families against a font library, images
/// decoded) report their errors at, in the same form as the parser's own errors
/// (`elements[2].font.family`). Recorded by `SceneParser` while it reads.
public struct ResourceUses: Sendable {
    /// A text style: the path of its family (`….font.family`, or `….font` when the family is
    /// the default one), the style, and the text it sets, split at its placeholders.
    public struct Text: Sendable {
        let location: JSONPath
        public var path: String { location.text }
        public let style: TextStyle
        public let text: TextReference

        /// The event fields the text shows.
        public var fields: [EventField] { text.fields }
        /// The text as written.
        public var source: String { text.source }
    }

    /// An image file: the path of its name (`….src`, or `….src.placeholder`) and the asset read.
    public struct Image: Sendable {
        let location: JSONPath
        public var path: String { location.text }
        public let asset: ImageAsset
    }

    public internal(set) var texts: [Text] = []
    public internal(set) var images: [Image] = []

    public init() {}
}
