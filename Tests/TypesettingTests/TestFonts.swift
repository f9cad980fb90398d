import Foundation
import Typesetting

/// The repository's `fonts/` directory and one library loaded from it for all tests.
enum TestFonts {
    static let directory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fonts").path

    static func path(_ file: String) -> String {
        (directory as NSString).appendingPathComponent(file)
    }

    static let cjkRegular = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let cjkBold = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"
    static var cjkAvailable: Bool { FileManager.default.fileExists(atPath: cjkRegular) && FileManager.default.fileExists(atPath: cjkBold) }

    /// Loaded once; a failure is reported by every test that uses it.
    static let library = Result(catching: { () throws(FontError) -> FontLibrary in
        try FontLibrary(directory: directory)
    })
}
