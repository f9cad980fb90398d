@testable import Cards
import Foundation
import XCTest

/// Palette and template files read by path: what goes wrong names the file and why.
final class CatalogFileTests: XCTestCase {
    var dir: String!
    var palettes: String { dir + "/palettes" }
    var templates: String { dir + "/templates" }

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "catalog-files-\(UUID().uuidString)"
        let repository = PaletteTests.repository.path
        for folder in ["palettes", "templates"] {
            try FileManager.default.copyItem(atPath: repository + "/" + folder, toPath: dir + "/" + folder)
        }
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            XCTFail("expected an error")
            return ""
        } catch { return "\(error)" }
    }

    func testMissingFileIsNamed() {
        XCTAssertEqual(message { _ = try Palette(path: palettes + "/nope.json") },
                       "\(palettes)/nope.json: cannot read the file: No such file or directory")
        XCTAssertEqual(message { _ = try Template(path: templates + "/nope.json") },
                       "\(templates)/nope.json: cannot read the file: No such file or directory")
        XCTAssertEqual(message { _ = try Template(path: templates + "/classic.json/nope.json") },
                       "\(templates)/classic.json/nope.json: cannot read the file: Not a directory")
    }

    /// A directory named like a data file is an error naming it, whether the one-card load
    /// or the full load meets it.
    func testDirectoryNamedAsAFile() throws {
        XCTAssertEqual(mkdir(templates + "/folder.json", 0o755), 0)
        let expected = "\(templates)/folder.json: cannot read the file: it is a directory"
        XCTAssertEqual(message { _ = try Template(path: templates + "/folder.json") }, expected)
        XCTAssertEqual(message { _ = try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: "default", template: "folder") },
                       expected)
        XCTAssertEqual(message { _ = try Catalog(palettesDirectory: palettes, templatesDirectory: templates) }, expected)
    }

    /// A FIFO is refused at once, not waited on for a writer.
    func testFIFOIsNotARegularFile() throws {
        XCTAssertEqual(mkfifo(palettes + "/fifo.json", 0o644), 0)
        XCTAssertEqual(message { _ = try Palette(path: palettes + "/fifo.json") },
                       "\(palettes)/fifo.json: cannot read the file: it is not a regular file")
    }

    func testOversizedFileIsRefusedBeforeParsing() throws {
        let size = Palette.maximumFileBytes + 1
        XCTAssertTrue(FileManager.default.createFile(atPath: palettes + "/huge.json", contents: Data(repeating: 0x20, count: size)))
        XCTAssertEqual(message { _ = try Palette(path: palettes + "/huge.json") },
                       "\(palettes)/huge.json: the file is \(size) bytes, over the limit of \(Palette.maximumFileBytes)")
    }

    /// A symlink is followed to its file; the name checked is the link's (the name the card
    /// asks for), and a dangling one is an error naming it.
    func testSymlinks() throws {
        let elsewhere = dir + "/elsewhere"
        XCTAssertEqual(mkdir(elsewhere, 0o755), 0)
        XCTAssertEqual(rename(templates + "/classic.json", elsewhere + "/classic.json"), 0)
        XCTAssertEqual(symlink("../elsewhere/classic.json", templates + "/classic.json"), 0)
        let catalog = try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: "default", template: "classic")
        XCTAssertEqual(catalog.templates.map(\.name), ["classic"])
        XCTAssertEqual(try Template(path: templates + "/classic.json").version, try Template(path: elsewhere + "/classic.json").version)

        XCTAssertEqual(symlink("classic.json", templates + "/alias.json"), 0)
        XCTAssertEqual(message { _ = try Template(path: templates + "/alias.json") }, "alias.json: name \"classic\" does not match the file name")

        XCTAssertEqual(symlink("gone.json", templates + "/dangling.json"), 0)
        XCTAssertEqual(message { _ = try Template(path: templates + "/dangling.json") },
                       "\(templates)/dangling.json: cannot read the file: No such file or directory")
    }

    /// A name that is not a plain file name is never joined to the folder: the one-card load
    /// falls back to the full load, whose names the unknown name is then checked against.
    func testNamesThatAreNotPlainFileNamesAreNotFollowed() throws {
        // The full load would refuse this file, so a catalog that loads it read no other.
        try Data("{broken".utf8).write(to: URL(fileURLWithPath: templates + "/zz-broken.json"))
        XCTAssertEqual(try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: "default", template: "classic").templates.count, 1)
        for name in ["..", ".", "../templates/classic", "./classic", "/etc/passwd", ".hidden", ""] {
            XCTAssertTrue(message { _ = try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: "default", template: name) }
                .hasPrefix("zz-broken.json: malformed JSON"), name)
            XCTAssertTrue(message { _ = try Catalog(palettesDirectory: palettes, templatesDirectory: templates, palette: name, template: "classic") }
                .hasPrefix("zz-broken.json: malformed JSON"), name)
        }
    }

    /// The path forms of the folders give the same catalog as their URL forms.
    func testPathAndURLFormsAgree() throws {
        let byPath = try Catalog(palettesDirectory: palettes + "/", templatesDirectory: templates)
        let byURL = try Catalog(palettesDirectory: URL(fileURLWithPath: palettes), templatesDirectory: URL(fileURLWithPath: templates))
        XCTAssertEqual(byPath.palettes.map(\.version), byURL.palettes.map(\.version))
        XCTAssertEqual(byPath.templates.map(\.version), byURL.templates.map(\.version))
        XCTAssertEqual(TemplateDocuments(catalog: byPath).byName, TemplateDocuments(catalog: byURL).byName)
    }

    /// A template's document is the bytes the catalog parsed: a file rewritten after loading
    /// (an edit racing a reload) changes neither what is drawn nor what is served as its
    /// document, and the document is the file as it was, byte for byte.
    func testDocumentsAreTheBytesTheCatalogParsed() throws {
        let file = templates + "/classic.json"
        let loadedBytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let catalog = try Catalog(palettesDirectory: palettes, templatesDirectory: templates)
        let loaded = try catalog.template(named: "classic")

        var edited = try XCTUnwrap(try JSONSerialization.jsonObject(with: loadedBytes) as? [String: Any])
        edited["description"] = "rewritten after loading"
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try Template(path: file).description, "rewritten after loading")

        let documents = TemplateDocuments(catalog: catalog)
        XCTAssertEqual(documents["classic"], Array(loadedBytes))
        XCTAssertEqual(loaded.document, Array(loadedBytes))
        let served = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try XCTUnwrap(documents["classic"]))) as? [String: Any])
        XCTAssertEqual(served["description"] as? String, loaded.description)
        XCTAssertEqual(Set(documents.byName.keys), Set(catalog.templates.map(\.name)))

        // Even a file removed after loading still has its document.
        try FileManager.default.removeItem(atPath: file)
        XCTAssertEqual(TemplateDocuments(catalog: catalog)["classic"], Array(loadedBytes))
    }
}
