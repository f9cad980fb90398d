/// An error in SVG path data, with the character offset where reading stopped.
public struct PathDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "path data at offset \(offset): \(reason)" }
}

extension Path {
    /// Reads SVG path data (`M 0 0 L 100 0 Q … C … Z`): the commands M, L, H, V, Q, T, C, S
    /// and Z in absolute (upper-case) and relative (lower-case) form, with implicit repeats.
    /// Elliptical arcs (A) are rejected with an error rather than approximated silently.
    public init(svgPathData text: String) throws {
        var reader = PathDataReader(Array(text.utf8))
        self.init()
        var command: UInt8 = 0
        var lastControl: Point?  // reflected by S and T
        var lastWasCubic = false, lastWasQuad = false
        var start = Point.zero
        var cursor = Point.zero

        while true {
            reader.skipSeparators()
            guard !reader.atEnd else { break }
            let commandOffset = reader.index
            if let c = reader.peekCommand() {
                // SVG: "The first command of a path data must be a moveto": without one, where the
                // path starts would be a guess.
                if command == 0, c | 0x20 != UInt8(ascii: "m") {
                    throw PathDataError(offset: commandOffset, reason: "path data must begin with M or m (a moveto), not '\(Character(Unicode.Scalar(c)))'")
                }
                command = c
                reader.advance()
            } else if command == 0 {
                throw reader.error("expected a command letter")
            } else if command == UInt8(ascii: "M") || command == UInt8(ascii: "m") {
                // Coordinates after a move are implicit line-tos.
                command = command == UInt8(ascii: "M") ? UInt8(ascii: "L") : UInt8(ascii: "l")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw reader.error("numbers after Z")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? cursor : Point.zero
            func pt() throws -> Point {
                let x = try reader.number(), y = try reader.number()
                return Point(x: base.x + x, y: base.y + y)
            }
            var isCubic = false, isQuad = false
            switch command | 0x20 {  // lower-case
            case UInt8(ascii: "m"):
                cursor = try pt()
                start = cursor
                move(to: cursor)
            case UInt8(ascii: "l"):
                cursor = try pt()
                line(to: cursor)
            case UInt8(ascii: "h"):
                cursor = Point(x: (relative ? cursor.x : 0) + (try reader.number()), y: cursor.y)
                line(to: cursor)
            case UInt8(ascii: "v"):
                cursor = Point(x: cursor.x, y: (relative ? cursor.y : 0) + (try reader.number()))
                line(to: cursor)
            case UInt8(ascii: "q"):
                let c = try pt(), p = try pt()
                quad(to: p, control: c)
                lastControl = c; cursor = p; isQuad = true
            case UInt8(ascii: "t"):
                let c = lastWasQuad ? Point(x: 2 * cursor.x - lastControl!.x, y: 2 * cursor.y - lastControl!.y) : cursor
                let p = try pt()
                quad(to: p, control: c)
                lastControl = c; cursor = p; isQuad = true
            case UInt8(ascii: "c"):
                let c1 = try pt(), c2 = try pt(), p = try pt()
                cubic(to: p, control1: c1, control2: c2)
                lastControl = c2; cursor = p; isCubic = true
            case UInt8(ascii: "s"):
                let c1 = lastWasCubic ? Point(x: 2 * cursor.x - lastControl!.x, y: 2 * cursor.y - lastControl!.y) : cursor
                let c2 = try pt(), p = try pt()
                cubic(to: p, control1: c1, control2: c2)
                lastControl = c2; cursor = p; isCubic = true
            case UInt8(ascii: "z"):
                close()
                cursor = start
            case UInt8(ascii: "a"):
                throw PathDataError(offset: commandOffset, reason: "elliptical arcs (A) are not supported; use C curves")
            default:
                throw PathDataError(offset: commandOffset, reason: "unknown command '\(Character(Unicode.Scalar(command)))'")
            }
            lastWasCubic = isCubic
            lastWasQuad = isQuad
        }
    }
}

/// A cursor over path-data bytes: numbers in SVG's grammar, separators, command letters.
private struct PathDataReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    func error(_ reason: String) -> PathDataError { PathDataError(offset: index, reason: reason) }

    mutating func advance() { index += 1 }

    mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2C].contains(bytes[index]) { index += 1 }
    }

    func peekCommand() -> UInt8? {
        guard index < bytes.count else { return nil }
        let b = bytes[index]
        let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        return isLetter && b | 0x20 != UInt8(ascii: "e") ? b : nil
    }

    mutating func number() throws -> Double {
        skipSeparators()
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - s
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = start
            throw error(atEnd ? "expected a number, found the end" : "expected a number")
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits() > 0 else { throw error("malformed exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range") }
        return value
    }
}
