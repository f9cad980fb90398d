@testable import Faces
import Foundation
import XCTest

/// The plug-in reads cascades with its own XML reader (cascade_xml.cpp), not FileStorage: both
/// must give the same cascade bit for bit, or refuse a file for the same reason, for every
/// cascade `opencv-data` ships and for a small cascade written here and changed in every way
/// the reader treats specially. A file outside the reader's subset goes to FileStorage, so the
/// outcome says which reader answered.
final class CascadeReaderTests: XCTestCase {
    /// Two stumps over two features of a 6×6 window: a cascade the evaluator takes.
    static let small = """
        <?xml version="1.0"?>
        <opencv_storage>
        <cascade type_id="opencv-cascade-classifier"><stageType>BOOST</stageType>
          <featureType>HAAR</featureType>
          <height>6</height>
          <width>6</width>
          <stageParams>
            <maxWeakCount>2</maxWeakCount></stageParams>
          <featureParams>
            <maxCatCount>0</maxCatCount></featureParams>
          <stageNum>1</stageNum>
          <stages>
            <_>
              <maxWeakCount>2</maxWeakCount>
              <stageThreshold>-1.2345678901234567e-01</stageThreshold>
              <weakClassifiers>
                <_>
                  <internalNodes>
                    0 -1 0 4.3272329494357109e-03</internalNodes>
                  <leafValues>
                    3.8270729780197144e-02 -9.0740001201629639e-01</leafValues></_>
                <_>
                  <internalNodes>
                    0 -1 1 -1.5e-02</internalNodes>
                  <leafValues>
                    .5 -0.25</leafValues></_></weakClassifiers></_></stages>
          <features>
            <_>
              <rects>
                <_>
                  0 0 6 3 -1.</_>
                <_>
                  0 3 6 3 2.</_></rects>
              <tilted>0</tilted></_>
            <_>
              <rects>
                <_>
                  1 1 2 4 -1.</_>
                <_>
                  3 1 2 4 1.</_></rects>
              <tilted>0</tilted></_></features></cascade>
        </opencv_storage>

        """

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func compare(_ text: String, _ name: String = "cascade.xml") throws -> CascadeReaders.Outcome {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return try CascadeReaders.compare(at: url.path)
    }

    private func replacing(_ old: String, _ new: String) -> String {
        precondition(Self.small.contains(old), old)
        return Self.small.replacingOccurrences(of: old, with: new)
    }

    func testEveryShippedCascadeIsReadTheSameAndTheHaarOnesByTheOwnReader() throws {
        var checked = 0
        for folder in ["haarcascades", "lbpcascades"] {
            let path = try XCTUnwrap(FaceCascade.searchDirectories.map { $0 + "/" + folder }
                .first { FileManager.default.fileExists(atPath: $0) }, "opencv-data's \(folder) not found")
            for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() where name.hasSuffix(".xml") {
                let outcome = try CascadeReaders.compare(at: path + "/" + name)
                // The LBP cascades are refused by both (not Haar); the Haar ones are read by the own reader.
                XCTAssertEqual(outcome, .agreeByOwnReader, name)
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
    }

    func testTheSmallCascadeAndLayoutsOfItAreReadByTheOwnReader() throws {
        let cases: [(String, String)] = [
            ("as written", Self.small),
            ("CRLF line ends", Self.small.replacingOccurrences(of: "\n", with: "\r\n")),
            ("tabs", Self.small.replacingOccurrences(of: "  ", with: "\t")),
            ("comments between elements and values", replacing("<stages>", "<!-- stages -->\n<stages><!-- - -->")
                .replacingOccurrences(of: "0 -1 0 ", with: "0 -1 <!-- a comment --> 0 ")),
            ("hexadecimal and octal integers", replacing("<width>6</width>", "<width>0x6</width>")
                .replacingOccurrences(of: "<height>6</height>", with: "<height>006</height>")),
            ("signed and bare fractions", replacing(".5 -0.25", "+.5 -.25")),
            ("an exponent without a fraction", replacing("-1.5e-02", "-15e-3")),
            ("a capital exponent after a fraction", replacing("-1.5e-02", "-1.5E-02")),
            ("no whitespace around values", replacing("\n            0 -1 1 -1.5e-02", "0 -1 1 -1.5e-02")),
            ("another element before the cascade, which is then not found", replacing("<opencv_storage>\n", "<opencv_storage><before>1</before>\n")),
            ("an empty storage, which holds no cascade", "<?xml version=\"1.0\"?>\n<opencv_storage>\n</opencv_storage>\n"),
            ("a refused cascade: tilted", replacing("<tilted>0</tilted></_></features>", "<tilted>1</tilted></_></features>")),
            ("a refused cascade: LBP", replacing("<featureType>HAAR", "<featureType>LBP")),
            ("a refused cascade: a rectangle outside the window", replacing("3 1 2 4 1.", "5 1 2 4 1.")),
        ]
        for (what, text) in cases {
            XCTAssertEqual(try compare(text), .agreeByOwnReader, what)
        }
    }

    func testWhatTheOwnReaderDoesNotTakeGoesToFileStorage() throws {
        let cases: [(String, String)] = [
            ("no declaration (FileStorage knows XML by it)", replacing("<?xml version=\"1.0\"?>\n", "")),
            ("a capital exponent without a fraction (FileStorage reads an integer, then a word)", replacing("-1.5e-02", "-15E-3")),
            ("a word for a number", replacing("<width>6</width>", "<width>six</width>")),
            ("a fraction for an integer (FileStorage rounds it)", replacing("<width>6</width>", "<width>6.4</width>")),
            ("a quoted word", replacing("<stageType>BOOST", "<stageType>\"BOOST\"")),
            ("an entity", replacing("<featureType>HAAR", "<featureType>HA&#65;R")),
            ("another attribute", replacing("<stages>", "<stages kind=\"x\">")),
            ("a type_id FileStorage reads by", replacing("<stages>", "<stages type_id=\"seq\">")),
            ("an empty-element tag", replacing("<stageNum>1</stageNum>", "<stageNum/>")),
            ("a repeated member", replacing("<width>6</width>", "<width>6</width><width>7</width>")),
            ("a byte-order mark", "\u{FEFF}" + Self.small),
            ("a value directly inside the storage", "<?xml version=\"1.0\"?>\n<opencv_storage>5</opencv_storage>\n"),
            ("a doctype", replacing("<opencv_storage>\n", "<!DOCTYPE x>\n<opencv_storage>\n")),
            ("YAML", "%YAML:1.0\n---\ncascade:\n   stageType: BOOST\n   featureType: HAAR\n   height: 6\n   width: 6\n"),
            ("nothing", ""),
        ]
        for (what, text) in cases {
            XCTAssertEqual(try compare(text, what.hasPrefix("YAML") ? "cascade.yml" : "cascade.xml"), .agreeByFileStorage, what)
        }
    }

    /// Broken XML is refused by the own reader and not handed to FileStorage, which crashes
    /// (SIGSEGV in OpenCV 4.6) on the first 14 and the first 56 bytes of the small cascade.
    func testBrokenXMLIsRefusedWithoutFileStorage() throws {
        let bytes = Array(Self.small.utf8)
        for length in 5..<(bytes.count - 16) {
            let outcome = try compare(String(decoding: bytes[..<length], as: UTF8.self))
            guard case .malformed(let reason) = outcome else { return XCTFail("first \(length) bytes: \(outcome)") }
            XCTAssertTrue(reason.hasPrefix("malformed XML: "), reason)
        }
        let cases: [(String, String, String)] = [
            ("mismatched tags", replacing("</featureType>", "</featuretype>"), "a closing tag that does not match"),
            ("a NUL byte", replacing("<stageNum>1", "<stageNum>1\u{0}"), "the text ends inside an element"),
            ("text after the root", Self.small + "<more/>", "text after </opencv_storage>"),
            ("an unclosed comment", replacing("<stages>", "<!-- <stages>"), "an unclosed comment"),
            ("an unfinished attribute", replacing("type_id=\"opencv-cascade-classifier\"", "type_id=\"opencv"), "a malformed attribute"),
            ("a tag without a name", replacing("<stages>", "< stages>"), "a malformed tag"),
            ("elements nested too deeply", replacing("<stageNum>1</stageNum>", String(repeating: "<a>", count: 70) + String(repeating: "</a>", count: 70)),
             "elements nested too deeply"),
        ]
        for (what, text, reason) in cases {
            XCTAssertEqual(try compare(text), .malformed("malformed XML: " + reason), what)
        }
    }

    /// The first prefixes: not yet XML by FileStorage's signature, so FileStorage says so.
    func testTheFirstBytesAreLeftToFileStorage() throws {
        for length in 0..<5 {
            XCTAssertEqual(try compare(String(Self.small.prefix(length))), .agreeByFileStorage, "first \(length) bytes")
        }
    }

    /// A detector given a broken cascade is a clear error: the file was handed to OpenCV's
    /// classifier before, which crashed the process on these 14 bytes.
    func testADetectorWithABrokenCascadeIsAnErrorNamingIt() throws {
        let folder = directory.appendingPathComponent("haarcascades")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let broken = folder.appendingPathComponent("haarcascade_frontalface_alt2.xml")
        try Data(Self.small.utf8.prefix(14)).write(to: broken)
        let profile = try XCTUnwrap(FaceCascade.haarProfile.path(), "opencv-data's profile cascade not found")
        try FileManager.default.copyItem(atPath: profile, toPath: folder.appendingPathComponent("haarcascade_profileface.xml").path)
        XCTAssertThrowsError(try FaceDetector(settings: .standard, cascadeDirectories: [directory.path])) { error in
            XCTAssertEqual(error as? FacesError,
                           .cascade("cannot load face cascade \(broken.path): malformed XML: an unclosed declaration"), "\(error)")
        }
    }

    func testAFileThatCannotBeReadIsRefusedByBoth() throws {
        XCTAssertEqual(try CascadeReaders.compare(at: directory.appendingPathComponent("missing.xml").path), .agreeByFileStorage)
        XCTAssertEqual(try CascadeReaders.compare(at: directory.path), .agreeByFileStorage)
    }
}
