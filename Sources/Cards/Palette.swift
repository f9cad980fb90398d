import BufferText
import Foundation
import Geometry
import Raster
import Scene
import UnicodeText

/// A named set of colours an event can choose from.
public struct Palette: Sendable {
    /// How a card's background is painted: one colour, or a linear gradient at an angle
    /// (CSS convention: 0° runs bottom to top, 90° left to right) across the whole card.
    public enum Background: Hashable, Sendable {
        case solid(Color)
        case linear(angleInDegrees: Double, stops: [GradientStop])

        /// Every colour the background shows at its stops.
        public var colors: [Color] {
            switch self {
            case .solid(let c): return [c]
            case .linear(_, let stops): return stops.map(\.color)
            }
        }

        /// The paint for a card of `size` points: a gradient line through the centre, long
        /// enough that the first and last stops reach the corners (as CSS does).
        public func paint(for size: Size) -> Paint {
            switch self {
            case .solid(let c): return .solid(c)
            case .linear(let angle, let stops):
                let radians = angle * .pi / 180
                let dx = sin(radians), dy = -cos(radians)
                let half = (abs(size.width * dx) + abs(size.height * dy)) / 2
                let c = Point(x: size.width / 2, y: size.height / 2)
                return .linearGradient(start: Point(x: c.x - dx * half, y: c.y - dy * half),
                                       end: Point(x: c.x + dx * half, y: c.y + dy * half), stops: stops)
            }
        }
    }

    public struct Entry: Hashable, Sendable {
        public let name: String
        public let background: Background
        /// Text and icons on the background.
        public let foreground: Color
        /// The foreground was chosen for contrast (a hex colour's), not given by a palette's
        /// author: drawing may choose again against the ground under the title
        /// (`CardRenderer.render`).
        public let isForegroundChosen: Bool

        public init(name: String, background: Background, foreground: Color, isForegroundChosen: Bool = false) {
            self.name = name
            self.background = background
            self.foreground = foreground
            self.isForegroundChosen = isForegroundChosen
        }

        /// The same entry with `foreground` as its text colour, no longer to be chosen.
        func settled(foreground: Color) -> Entry {
            Entry(name: name, background: background, foreground: foreground)
        }
    }

    public let name: String
    public let description: String
    public let colors: [Entry]
    /// A hash of the file's bytes: changes whenever the palette does (used in cache keys).
    public var version: String { deferredVersion.value }
    let deferredVersion: DeferredContentVersion

    public func color(named name: String) -> Entry? { colors.first { $0.name == name } }
}

/// A palette or template file that cannot be used: the file, the field, what was expected.
public struct DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let field: String
    public let reason: String

    public var description: String { field.isEmpty ? "\(file): \(reason)" : "\(file): \(field): \(reason)" }
}

extension Palette {
    /// Reads `palettes/<name>.json`: `{"name", "description", "colors": [{"name", "background", "foreground"}]}`
    /// where a background is a colour or `{"linear": {"angle": degrees, "stops": [[offset, colour], …]}}`.
    public init(path: String) throws {
        try self.init(data: try DataFileReader.read(path, maximumBytes: Palette.maximumFileBytes), fileName: PathText.name(of: path))
    }

    public init(contentsOf url: URL) throws { try self.init(path: url.path) }

    /// The largest palette file read.
    public static let maximumFileBytes = 1 << 20

    /// Reads a palette file's bytes; `fileName` (such as `pastel.json`) must match its name.
    public init(data: [UInt8], fileName file: String) throws {
        do {
            let root = try JSONNode.parse(data, maximumBytes: Palette.maximumFileBytes)
            try root.rejectUnknownKeys(allowed: ["name", "description", "colors"])
            let name = try root.required("name").string(maximumLength: 64)
            guard name + ".json" == file else { throw root.fail("name \"\(name)\" does not match the file name") }
            var seen = Set<String>()
            let colors = try root.required("colors").array(maximumCount: 256).map { node -> Entry in
                try node.rejectUnknownKeys(allowed: ["name", "background", "foreground"])
                let colorName = try node.required("name").string(maximumLength: 64)
                guard Event.isName(colorName) else {
                    throw node.fail("colour name \(QuotedValue.quoted(colorName)) is not one an event can give: use letters, digits, '_' or '-'")
                }
                guard seen.insert(colorName).inserted else { throw node.fail("colour \"\(colorName)\" appears twice") }
                let background = try Palette.background(try node.required("background"))
                guard background.colors.allSatisfy({ $0.alpha >= 1 }) else {
                    throw node.fail("background must be opaque: cards are opaque images")
                }
                let foreground = try node.required("foreground").color()
                guard foreground.alpha > 0 else { throw node.fail("foreground is fully transparent: the title would not show") }
                return Entry(name: colorName, background: background, foreground: foreground)
            }
            guard !colors.isEmpty else { throw root.fail("a palette needs at least one colour") }
            self.init(name: name, description: try root.optional("description")?.string(maximumLength: 500) ?? "",
                      colors: colors, deferredVersion: DeferredContentVersion(hashing: [data]))
        } catch let e as JSONInputError {
            throw DataFileError(file: file, field: e.path, reason: e.reason)
        }
    }

    private static func background(_ node: JSONNode) throws -> Background {
        // An object that is neither a colour nor a gradient: its unknown field is named against
        // both forms' keys.
        if node.isObject, !node.has("linear"), !node.has("rgb"), !node.has("gray") {
            try node.rejectUnknownKeys(allowed: ["linear", "rgb", "gray", "alpha"])
        }
        guard let linear = try (node.isObject ? node.optional("linear") : nil) else { return .solid(try node.color()) }
        try node.rejectUnknownKeys(allowed: ["linear"])
        try linear.rejectUnknownKeys(allowed: ["angle", "stops"])
        let stops = try linear.required("stops").array(maximumCount: 16).map { item -> GradientStop in
            let pair = try item.array()
            guard pair.count == 2 else { throw item.fail("expected [offset, colour]") }
            return GradientStop(offset: try pair[0].number(in: 0...1), color: try pair[1].color())
        }
        guard stops.count >= 2 else { throw linear.fail("a gradient needs at least two stops") }
        return .linear(angleInDegrees: try linear.optional("angle")?.number(in: -360...360) ?? 180, stops: stops)
    }
}
