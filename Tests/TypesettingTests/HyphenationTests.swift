import Typesetting
import XCTest

/// Long words break at the language dictionary's hyphenation points, with a hyphen, only when
/// whole words would keep less than 85% of that size (`goodBreakScaleRatio`); otherwise the grapheme rule (`LongWordTests`)
/// applies. German and English come from Debian's hyphen-de and hyphen-en-us; Finnish has
/// no Debian dictionary, so it stands for "no hyphenation".
final class HyphenationTests: XCTestCase {
    func layout(_ text: String, language: String) throws -> TextLayout {
        let paragraph = try Paragraph(AttributedText(text, attributes: TextAttributes(sizeInPoints: 60)),
                                      library: TestFonts.library.get(), language: XCTUnwrap(LanguageTag(language)), hyphenates: true)
        return TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
    }

    func testAGermanCompoundIsHyphenatedWhenThatSetsTheTitleLarger() throws {
        let title = "Einladung zur Donaudampfschifffahrtsgesellschaftskapitänsfeier"
        let unhyphenated = try layout(title, language: "fi")
        let l = try layout(title, language: "de")
        XCTAssertLessThan(unhyphenated.fontSizeInPoints, 40, "the compound kept whole on one line")
        XCTAssertEqual(l.fontSizeInPoints, 60, accuracy: 1e-9)
        XCTAssertFalse(l.truncated)
        XCTAssertEqual(l.lines.map(\.text), ["Einladung zur Donau\u{2010}", "dampfschifffahrtsge\u{2010}", "sellschaftskapitänsfeier"])
        XCTAssertEqual(l.breakFlaws, [.hyphenated, .hyphenated])
        XCTAssertEqual(l.hyphenatedLineEnds, [19, 38])
        let dictionary = try XCTUnwrap(HyphenationDictionary.forLanguage(XCTUnwrap(LanguageTag("de-DE"))))
        let points = dictionary.points(in: Array(title.utf16))
        for end in l.hyphenatedLineEnds { XCTAssertTrue(points.contains(end), "\(end) is a dictionary point") }
        for line in l.lines { XCTAssertLessThanOrEqual(line.width, 944 * (1 + 1e-9)) }
    }

    func testTheHyphenIsPartOfTheLineWidth() throws {
        let l = try layout("Einladung zur Donaudampfschifffahrtsgesellschaftskapitänsfeier", language: "de")
        let plain = try layout("Einladung zur Donau", language: "de")
        let hyphen = try layout("\u{2010}", language: "de")
        XCTAssertEqual(l.lines[0].width, plain.lines[0].width + hyphen.lines[0].width, accuracy: 0.01)
    }

    func testAHyphenIsPreferredToAGraphemeCut() throws {
        let title = "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz verabschiedet"
        let cut = try layout(title, language: "fi")
        XCTAssertEqual(cut.breakFlaws, [.splitsWord, .splitsWord], "no dictionary: cut between graphemes")
        let l = try layout(title, language: "de")
        XCTAssertEqual(l.breakFlaws, [.hyphenated, .hyphenated])
        XCTAssertEqual(l.fontSizeInPoints, 60, accuracy: 1e-9)
        XCTAssertTrue(l.lines.dropLast().allSatisfy { $0.text.hasSuffix("\u{2010}") })
        XCTAssertEqual(l.lines.map { $0.text.replacingOccurrences(of: "\u{2010}", with: "") }.joined(), title)
    }

    func testAnEnglishTitleThatHyphenationCannotEnlargeIsUnchanged() throws {
        for title in ["An extraordinarily long title about a wonderful family holiday in the mountains",
                      "Our first apartment together", "Celebrating the unbelievable internationalization"] {
            let en = try layout(title, language: "en"), none = try layout(title, language: "fi")
            XCTAssertEqual(en.lines.map(\.text), none.lines.map(\.text), title)
            XCTAssertEqual(en.fontSizeInPoints, none.fontSizeInPoints, accuracy: 1e-9, title)
            XCTAssertFalse(en.breakFlaws.contains(.hyphenated), title)
        }
    }

    func testWithoutAGivenLanguageNothingIsHyphenated() throws {
        let title = "Supercalifragilisticexpialidociouslyextraordinarilylongword"
        let given = try layout(title, language: "en")
        XCTAssertEqual(given.breakFlaws, [.hyphenated], "a dictionary point lets the word stay larger on two lines")
        let paragraph = try Paragraph(AttributedText(title, attributes: TextAttributes(sizeInPoints: 60)), library: TestFonts.library.get())
        let assumed = TextLayout(paragraph, options: try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3))
        XCTAssertEqual(assumed.lines.count, 1)
        XCTAssertLessThan(assumed.fontSizeInPoints, given.fontSizeInPoints)
    }

    func testDictionariesAreFoundByLanguageAndLoadedOnce() throws {
        XCTAssertNil(HyphenationDictionary.forLanguage(LanguageTag("fi")!))
        let loads = (0..<8).map { _ in LanguageTag("de-CH")! }
        nonisolated(unsafe) var found: [HyphenationDictionary?] = Array(repeating: nil, count: loads.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: loads.count) { i in
            let d = HyphenationDictionary.forLanguage(loads[i])
            lock.withLock { found[i] = d }
        }
        let first = try XCTUnwrap(found[0])
        XCTAssertTrue(found.allSatisfy { $0 === first })
        XCTAssertTrue(HyphenationDictionary.forLanguage(LanguageTag("en")!)!.points(in: Array("hyphenation".utf16)).contains(2))
        // Spanish comes only with regions: the first in name order serves plain "es".
        let spanish = try XCTUnwrap(HyphenationDictionary.forLanguage(LanguageTag("es")!))
        XCTAssertFalse(spanish.points(in: Array("extraordinariamente".utf16)).isEmpty)
        // Dictionaries in single-byte charsets other than Latin-1 (KOI8-R, ISO 8859-2).
        for (language, word) in [("ru", "Представление"), ("cs", "Nejneobhospodařovávatelnějšími")] {
            let d = try XCTUnwrap(HyphenationDictionary.forLanguage(LanguageTag(language)!), language)
            XCTAssertFalse(d.points(in: Array(word.utf16)).isEmpty, language)
        }
    }

    /// A story card's long title (the `photo` template at 1080×1920): hyphenated, "the
    /// scruffiest lit-/tle terrier" would set it at 112.4 pt; whole words give 108.7 pt, 97%
    /// of that, so no hyphen.
    func testAFewPerCentAreNotWorthAHyphen() throws {
        let paragraph = try Paragraph(AttributedText("The day we adopted Biscuit, the scruffiest little terrier in the whole shelter",
                                                     attributes: TextAttributes(sizeInPoints: 112.5)),
                                      library: TestFonts.library.get(), language: XCTUnwrap(LanguageTag("en")), hyphenates: true)
        let l = TextLayout(paragraph, options: try TextLayoutOptions(width: 900, height: 786.67, maxLines: 6, alignment: .natural,
                                                                     minimumScaleFactor: 0.35))
        XCTAssertEqual(l.hyphenatedLineEnds, [], "\(l.lines.map(\.text))")
        XCTAssertFalse(l.lines.contains { $0.text.hasSuffix("\u{2010}") })
        XCTAssertEqual(l.fontSizeInPoints, 108.75, accuracy: 0.01)
    }

    /// A narrow tall box (280 points, room for eight lines) and a 70 pt title: before
    /// `HyphenationRule` the fit took "apart-/ment/to-/gether" at the full 70 pt, since whole
    /// words keep only 77 % of it. "together" (8 letters, and "to" a stub) and "apartment" (9)
    /// are short words, so the title stays whole at the size "apartment" allows (280 / 5.219 em
    /// = 53.65 pt), exactly as without a dictionary.
    func testShortWordsStayWholeInANarrowBox() throws {
        func narrow(_ language: String) throws -> TextLayout {
            let paragraph = try Paragraph(AttributedText("Our first apartment together", attributes: TextAttributes(sizeInPoints: 70)),
                                          library: TestFonts.library.get(), language: XCTUnwrap(LanguageTag(language)), hyphenates: true)
            return TextLayout(paragraph, options: try TextLayoutOptions(width: 280, height: 3000, maxLines: 8, minimumScaleFactor: 0.3))
        }
        let english = try narrow("en"), none = try narrow("fi")
        XCTAssertEqual(english.lines.map(\.text), ["Our first", "apartment", "together"])
        XCTAssertEqual(english.breakFlaws, [])
        XCTAssertEqual(english.fontSizeInPoints, none.fontSizeInPoints, accuracy: 1e-9)
        XCTAssertEqual(english.fontSizeInPoints, 53.65, accuracy: 0.01)
    }

    /// The rule's letters: "together" has dictionary points (to-geth-er) but none it allows;
    /// "internationalization" keeps the points with three letters on each side.
    func testTheRuleNeedsTenLettersAndThreeOnEachSide() throws {
        let english = try XCTUnwrap(HyphenationDictionary.forLanguage(XCTUnwrap(LanguageTag("en"))))
        let together = Array("together".utf16)
        XCTAssertFalse(english.points(in: together).isEmpty)
        XCTAssertEqual(HyphenationRule.allowed(english.points(in: together), in: together), [])
        let long = Array("Celebrating internationalization".utf16)
        let allowed = HyphenationRule.allowed(english.points(in: long), in: long)
        XCTAssertFalse(allowed.isEmpty)
        for point in allowed {
            let word = point < 11 ? 0..<11 : 12..<long.count
            XCTAssertGreaterThanOrEqual(point - word.lowerBound, 3, "\(point)")
            XCTAssertGreaterThanOrEqual(word.upperBound - point, 3, "\(point)")
        }
        XCTAssertEqual(HyphenationRule.allowed([2, 4], in: Array("abcdefghi".utf16)), [], "nine letters are a short word")
        XCTAssertEqual(HyphenationRule.allowed([2, 3, 7, 8], in: Array("abcdefghij".utf16)), [3, 7])
    }
}
