import Foundation
import XCTest

/// A template or palette file the command cannot read is an error naming the file and why.
final class CatalogFileCommandTests: TemporaryDirectoryTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testUnreadableFilesAreNamed() throws {
        for folder in ["palettes", "templates"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
        XCTAssertEqual(chmod(path("templates/classic.json"), 0), 0)
        XCTAssertEqual(chmod(path("palettes/pastel.json"), 0), 0)

        let validate = try runUnprivileged(["templates", "validate", "templates/classic.json"])
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(validate.stderr, "sharecard templates: templates/classic.json: cannot read the file: Permission denied\n")

        let render = try runUnprivileged(["render", "--title", "x", "--templates", "templates", "--palettes", "palettes", "-o", "-"])
        XCTAssertEqual(render.status, 1)
        XCTAssertEqual(render.stderr, "sharecard render: templates/classic.json: cannot read the file: Permission denied\n")

        let palette = try runUnprivileged(["render", "--title", "x", "--templates", "templates", "--palettes", "palettes",
                                           "--template", "photo", "--palette", "pastel", "-o", "-"])
        XCTAssertEqual(palette.status, 1)
        XCTAssertEqual(palette.stderr, "sharecard render: palettes/pastel.json: cannot read the file: Permission denied\n")
        XCTAssertEqual(palette.stdout, Data(), "nothing written")
    }
}
