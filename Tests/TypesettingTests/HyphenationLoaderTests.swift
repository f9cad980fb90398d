@testable import Typesetting
import Foundation
import XCTest

/// Our pattern-file loader builds the automaton libhyphen's own loader builds: every Debian
/// dictionary, read both ways, hyphenates the same words the same way (hyphen points and
/// non-standard replacements). The words are made of the dictionary's own patterns, three
/// at a time, so that every pattern is matched somewhere, in the file's own encoding.
/// German (1 MB) and Hungarian (0.9 MB) are left out: libhyphen's loader takes seconds on
/// them; the German comparison is in docs/design.md.
final class HyphenationLoaderTests: XCTestCase {
    static let largeFileBytes = 500_000

    func testEveryDictionaryLoadsIntoTheSameAutomatonAsLibhyphensLoader() throws {
        let directory = HyphenationDictionary.directory
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".dic") }.sorted()
        var compared = 0
        var seen: Set<String> = []
        for name in files {
            let path = URL(fileURLWithPath: "\(directory)/\(name)").resolvingSymlinksInPath().path
            guard seen.insert(path).inserted else { continue }  // hyph_de.dic → hyph_de_DE.dic and the like
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            guard bytes.count < Self.largeFileBytes else { continue }
            let ours = try XCTUnwrap(HyphenationDictionary(path: path, libhyphenLoader: false), name)
            let theirs = try XCTUnwrap(HyphenationDictionary(path: path, libhyphenLoader: true), name)
            let words = Self.words(fromPatternFile: bytes)
            XCTAssertGreaterThan(words.count, 200, name)
            var hyphenated = 0
            for word in words {
                let a = ours.describe(bytes: word), b = theirs.describe(bytes: word)
                XCTAssertNotNil(a, name)
                XCTAssertEqual(a, b, "\(name): \(word)")
                if a?.contains("1") == true { hyphenated += 1 }
                if a != b { break }
            }
            XCTAssertGreaterThan(hyphenated, words.count / 10, "\(name): the words exercise the patterns")
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 15, "Debian's hyphen-* dictionaries are installed (scripts/setup)")
    }

    func testAMissingFileLoadsNothing() {
        XCTAssertNil(HyphenationDictionary(path: "/nonexistent/hyph_xx.dic", libhyphenLoader: false))
    }

    /// Each pattern's letters (digits, dots and replacements removed), concatenated three at
    /// a time: pattern i with patterns 7i + 3 and 13i + 5, up to 96 bytes.
    static func words(fromPatternFile bytes: [UInt8]) -> [[UInt8]] {
        let lines = bytes.split(separator: UInt8(ascii: "\n")).dropFirst()
        var letters: [[UInt8]] = []
        for line in lines {
            guard let first = line.first, first != UInt8(ascii: "%"), !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
            else { continue }
            let pattern = line.prefix { $0 > UInt8(ascii: " ") && $0 != UInt8(ascii: "/") }
            let word = pattern.filter { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) && $0 != UInt8(ascii: ".") }
            if !word.isEmpty { letters.append(Array(word)) }
        }
        let n = letters.count
        return (0..<n).map { letters[$0] + letters[($0 * 7 + 3) % n] + letters[($0 * 13 + 5) % n] }.filter { $0.count <= 96 }
    }
}
