import Cards
import Foundation
import Geometry

/// A palette file, named `fuzz.json`: parsed, and every colour's background made into a paint.
/// A parsed palette keeps the promises its parser makes: colours named once, opaque backgrounds.
enum PaletteFuzz {
    static func run(_ input: [UInt8]) {
        guard let palette = try? Palette(data: input, fileName: "fuzz.json") else { return }
        FuzzCheck.that(palette.name == "fuzz", "palette name \(palette.name) differs from its file name")
        FuzzCheck.that(Set(palette.colors.map(\.name)).count == palette.colors.count, "a colour name appears twice")
        for entry in palette.colors {
            FuzzCheck.that(entry.background.colors.allSatisfy { $0.alpha >= 1 }, "background of \(entry.name) is not opaque")
            _ = entry.background.paint(for: Size(width: 1024, height: 576))
        }
    }
}
