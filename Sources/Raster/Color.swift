import BufferText
import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0…1.
/// Values outside that range are clamped by the initialisers.
public struct Color: Hashable, Sendable {
    public let red: Double
    public let green: Double
    public let blue: Double
    public let alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    public init(gray: Double, alpha: Double = 1) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional).
    public init?(hex: String) {
        var digits = hex.utf8[...]
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = HexDigit.value(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        func short(_ shift: UInt32) -> Double { Double((value >> shift) & 0xF) * 17 / 255 }
        func byte(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
        switch digits.count {
        case 3: self.init(red: short(8), green: short(4), blue: short(0))
        case 4: self.init(red: short(12), green: short(8), blue: short(4), alpha: short(0))
        case 6: self.init(red: byte(16), green: byte(8), blue: byte(0))
        default: self.init(red: byte(24), green: byte(16), blue: byte(8), alpha: byte(0))
        }
    }

    public static let black = Color(gray: 0)
    public static let white = Color(gray: 1)
    public static let clear = Color(gray: 0, alpha: 0)

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// WCAG 2 relative luminance, 0 (black) to 1 (white), of the colour's components (alpha
    /// ignored).
    public var relativeLuminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// An sRGB component (0…1) made linear, as WCAG 2 defines it.
    static func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    /// WCAG 2 contrast ratio with `other`: (L_lighter + 0.05) / (L_darker + 0.05), from 1 to 21.
    public func contrastRatio(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The WCAG 2 contrast of text in this colour over an opaque `ground`: a translucent
    /// colour is judged as it shows there, blended over the ground.
    public func contrastRatio(asTextOver ground: Color) -> Double {
        let shown = Color(red: red * alpha + ground.red * (1 - alpha), green: green * alpha + ground.green * (1 - alpha),
                          blue: blue * alpha + ground.blue * (1 - alpha))
        return shown.contrastRatio(with: ground)
    }

    /// Black or white, whichever has the higher WCAG 2 contrast with the colour: black for a
    /// colour of relative luminance above √(1.05 × 0.05) − 0.05 ≈ 0.179, white otherwise.
    public var contrastingBlackOrWhite: Color {
        contrastRatio(with: .black) > contrastRatio(with: .white) ? .black : .white
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hexString: String {
        func hex(_ v: Double) -> String { String(format: "%02x", Int((v * 255).rounded())) }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    /// The colour as one premultiplied 8-bit ARGB word (alpha in the high byte), the
    /// canvas's pixel format.
    public var premultipliedARGB32: UInt32 {
        let a = alpha * 255
        func channel(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
        return UInt32(a.rounded()) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
    }

    private static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
}
