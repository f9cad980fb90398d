@testable import Cards
import XCTest

/// `EventDate`'s `==` and `<` must form one strict total order: for any two dates exactly
/// one of `a < b`, `a == b`, `b < a` holds, and `hashValue` agrees with `==`.
final class EventDateOrderTests: XCTestCase {
    /// Dates that name the same moment in different ways, and neighbours around them.
    static let texts = [
        "2024-06-01", "2024-06-01T00:00", "2024-06-01T00:00:00Z", "2024-06-01T02:00:00+02:00",
        "2024-05-31T22:00:00-02:00", "2024-06-01T12:00:00Z", "2024-06-01T14:00:00+02:00",
        "2024-06-01T12:00:00", "2024-06-01T12:00:00.5Z", "2024-06-01T11:59:59Z", "2024-06-02",
        "1582-10-04", "1582-10-15", "0001-01-01", "9999-12-31T23:59:59-14:00",
    ]

    func testExactlyOneOfLessEqualGreaterHolds() throws {
        let dates = try Self.texts.map { try EventDate(iso8601: $0) }
        for a in dates {
            for b in dates {
                let outcomes = [a < b, a == b, b < a].filter { $0 }.count
                XCTAssertEqual(outcomes, 1, "\(a) vs \(b): < \(a < b), == \(a == b), > \(b < a)")
                if a == b { XCTAssertEqual(a.hashValue, b.hashValue) }
                XCTAssertEqual(a <= b, a < b || a == b, "\(a) <= \(b)")
            }
        }
    }

    func testSortingIsStableUnderPermutation() throws {
        let dates = try Self.texts.map { try EventDate(iso8601: $0) }
        let sorted = dates.sorted()
        XCTAssertEqual(dates.reversed().sorted().map(\.description), sorted.map(\.description))
        XCTAssertEqual(Set(dates).count, Set(Self.texts.map { try! EventDate(iso8601: $0).description }).count)
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            XCTAssertFalse(b.isBefore(a), "\(b) is before \(a) but sorts after it")
        }
    }

    /// An end date naming the same moment as the start, written in another offset, is not
    /// "before" it even though it sorts first.
    func testEndAtTheSameMomentIsNotBeforeTheStart() throws {
        let start = try EventDate(iso8601: "2024-06-01T14:00:00+02:00")
        let end = try EventDate(iso8601: "2024-06-01T12:00:00Z")
        XCTAssertFalse(end.isBefore(start))
        XCTAssertNoThrow(try Event(title: "x", date: start, endDate: end))
        XCTAssertThrowsError(try Event(title: "x", date: start, endDate: EventDate(iso8601: "2024-06-01T11:59:59Z")))
    }
}
