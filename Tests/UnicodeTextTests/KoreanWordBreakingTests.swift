import UnicodeText
import XCTest

/// ICU lets a line end between any two Hangul syllables; Korean words are kept whole instead
/// (UIKit's `hangulWordPriority`, CSS `word-break: keep-all`). Offsets counted by hand.
final class KoreanWordBreakingTests: XCTestCase {
    func breaks(_ text: String) throws -> (icu: [Int], kept: [Int]) {
        let units = Array(text.utf16)
        let icu = try LineBreaks(utf16: units, locale: LocaleIdentifier("ko"))
        return (icu.map(\.offset), icu.keepingKoreanWordsWhole(in: units).map(\.offset))
    }

    func testBreaksInsideWordsAreDroppedAndThoseAfterSpacesKept() throws {
        // 우0 리1 ␠2 가3 족4 ␠5 첫6 ␠7 캠8 핑9 ␠10 여11 행12 ␠13 2026(14–17)
        let camping = try breaks("우리 가족 첫 캠핑 여행 2026")
        XCTAssertEqual(camping.icu, [1, 3, 4, 6, 8, 9, 11, 12, 14, 18], "ICU's own rules changed: re-derive the offsets")
        XCTAssertEqual(camping.kept, [3, 6, 8, 11, 14, 18])
    }

    func testDigitsAndLatinLettersJoinedToHangulStayWithIt() throws {
        // 2026(0–3) 년4 ␠5 5(6) 월7 ␠8 BTS(9–11) 콘12 서13 트14 ␠15 (16 서17 울18 )19
        let mixed = try breaks("2026년 5월 BTS콘서트 (서울)")
        XCTAssertEqual(mixed.icu, [4, 6, 7, 9, 12, 13, 14, 16, 18, 20], "ICU's own rules changed: re-derive the offsets")
        XCTAssertEqual(mixed.kept, [6, 9, 16, 20])
    }

    func testPunctuationStillEndsAWordAndMandatoryBreaksStay() throws {
        // 캠0 핑1 !2 여3 행4 ␊5 파6 티7
        let units = Array("캠핑!여행\n파티".utf16)
        let kept = try LineBreaks(utf16: units, locale: LocaleIdentifier("ko")).keepingKoreanWordsWhole(in: units)
        XCTAssertEqual(kept.map(\.offset), [3, 6, 8])
        XCTAssertEqual(kept.map(\.isMandatory), [false, true, true])
        // Hanja in a Korean text belong to its words: 韓0 國1 語2 를3 ␠4 배5 워6 요7.
        XCTAssertEqual(try breaks("韓國語를 배워요").kept, [5, 8])
    }

    func testTextWithoutHangulIsLeftAsICUBreaksIt() throws {
        for text in ["東京で家族と花見をしました", "Our first apartment together", "ครบรอบ 80 ปี", "😀😀 x"] {
            let result = try breaks(text)
            XCTAssertEqual(result.kept, result.icu, text)
        }
    }

    func testMalformedUTF16IsHandled() throws {
        // An unpaired surrogate between two syllables is no letter: the breaks around it stay.
        let units: [UInt16] = [0xCEA0, 0xD800, 0xD551, 0xDC00, 0xAC00]
        let icu = try LineBreaks(utf16: units, locale: LocaleIdentifier("ko"))
        let kept = icu.keepingKoreanWordsWhole(in: units)
        XCTAssertTrue(Set(kept.map(\.offset)).isSubset(of: Set(icu.map(\.offset))))
        XCTAssertEqual(kept.last?.offset, units.count)
    }
}
