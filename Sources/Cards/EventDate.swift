import Foundation
import UnicodeText

/// A calendar date, with an optional time of day and UTC offset, as written in ISO 8601:
/// `2024-06-01`, `2024-06-01T18:30`, `2024-06-01T18:30:00Z`, `2024-06-01T18:30:00+02:00`.
/// Kept as written (no conversion to the machine's time zone), so formatting never depends
/// on where or when it runs.
public struct EventDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    /// Hour, minute and second, when the date has a time.
    public let time: (hour: Int, minute: Int, second: Int)?
    /// Seconds east of UTC, when the time says (`Z` is 0).
    public let utcOffsetSeconds: Int?

    /// Two dates are equal when they are written the same (canonically): `2024-06-01T12:00Z`
    /// and `2024-06-01T14:00+02:00` name one moment but are shown differently, so they differ.
    public static func == (a: EventDate, b: EventDate) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
    /// Ordered by the moment named, and dates naming the same moment by their canonical text,
    /// so that exactly one of `a < b`, `a == b`, `b < a` holds (a strict total order that
    /// agrees with `==`). To compare moments alone use `isBefore(_:)`.
    public static func < (a: EventDate, b: EventDate) -> Bool {
        let (x, y) = (a.millisecondsSince1970, b.millisecondsSince1970)
        return x != y ? x < y : a.description < b.description
    }

    /// Whether this date names an earlier moment than `other` (a date without an offset is
    /// read as UTC, a date without a time as midnight).
    public func isBefore(_ other: EventDate) -> Bool { millisecondsSince1970 < other.millisecondsSince1970 }

    /// The calendar day as written, without its time and offset: `2024-06-01T23:00:00-05:00`
    /// is June 1 where it was written, though it is June 2 in UTC.
    public var calendarDay: EventDate { EventDate(year: year, month: month, day: day) }

    /// Whether a range ending at this date ends before it begins at `start`: by the moments
    /// named when both have a time, and otherwise by their calendar days as written, since a
    /// date without a time is that whole day wherever the other end's offset puts it.
    public func endsBefore(_ start: EventDate) -> Bool {
        time != nil && start.time != nil ? isBefore(start) : calendarDay.isBefore(start.calendarDay)
    }

    private init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
        time = nil
        utcOffsetSeconds = nil
    }

    /// Parses the ISO 8601 forms above; anything else (other separators, week dates,
    /// impossible days such as 2023-02-29) is an error saying what was expected.
    public init(iso8601 text: String) throws {
        let expected = "an ISO 8601 date such as 2024-06-01 or 2024-06-01T18:30:00+02:00"
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for b in bytes[range] {
                guard b >= 0x30, b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            return value
        }
        guard bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            throw EventDateError("expected \(expected), got \(QuotedValue.quoted(text))")
        }
        guard year >= 1, (1...12).contains(month), (1...EventDate.daysIn(month: month, year: year)).contains(day) else {
            throw EventDateError("\(QuotedValue.quoted(text)) is not a day of the calendar")
        }
        var time: (Int, Int, Int)?
        var offset: Int?
        if bytes.count > 10 {
            guard bytes[10] == 0x54 || bytes[10] == 0x74, bytes.count >= 16, bytes[13] == 0x3A,
                  let hour = number(11..<13), let minute = number(14..<16) else {
                throw EventDateError("expected \(expected), got \(QuotedValue.quoted(text))")
            }
            var i = 16
            var second = 0
            if i < bytes.count, bytes[i] == 0x3A {
                guard let s = number(17..<19) else { throw EventDateError("expected \(expected), got \(QuotedValue.quoted(text))") }
                second = s
                i = 19
                if i < bytes.count, bytes[i] == 0x2E {  // fractional seconds are accepted and dropped
                    i += 1
                    let start = i
                    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                    guard i > start else { throw EventDateError("expected \(expected), got \(QuotedValue.quoted(text))") }
                }
            }
            guard hour <= 23, minute <= 59, second <= 59 else { throw EventDateError("\(QuotedValue.quoted(text)) is not a time of day") }
            time = (hour, minute, second)
            if i < bytes.count {
                if bytes[i] == 0x5A || bytes[i] == 0x7A, i + 1 == bytes.count {
                    offset = 0
                } else if bytes[i] == 0x2B || bytes[i] == 0x2D, bytes.count == i + 6, bytes[i + 3] == 0x3A,
                          let oh = number((i + 1)..<(i + 3)), let om = number((i + 4)..<(i + 6)), oh <= 14, om <= 59 {
                    offset = (oh * 3600 + om * 60) * (bytes[i] == 0x2D ? -1 : 1)
                } else {
                    throw EventDateError("expected \(expected), got \(QuotedValue.quoted(text))")
                }
            }
        }
        self.year = year
        self.month = month
        self.day = day
        self.time = time.map { (hour: $0.0, minute: $0.1, second: $0.2) }
        utcOffsetSeconds = offset
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The canonical ISO 8601 text (seconds always written when there is a time).
    public var description: String {
        var s = String(format: "%04d-%02d-%02d", year, month, day)
        if let t = time {
            s += String(format: "T%02d:%02d:%02d", t.hour, t.minute, t.second)
            if let o = utcOffsetSeconds {
                s += o == 0 ? "Z" : String(format: "%@%02d:%02d", o < 0 ? "-" : "+", abs(o) / 3600, abs(o) % 3600 / 60)
            }
        }
        return s
    }

    /// The moment it names, reading a date without an offset as UTC, on the proleptic
    /// Gregorian calendar (no switch to the Julian calendar in 1582, which would misorder
    /// old dates), in milliseconds since 1970-01-01T00:00:00Z. Exact: whole seconds within
    /// ±10,000 years fit a `Double` without rounding.
    public var millisecondsSince1970: Double {
        // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + (time?.hour ?? 0) * 3600 + (time?.minute ?? 0) * 60 + (time?.second ?? 0)
        return Double((seconds - (utcOffsetSeconds ?? 0)) * 1000)
    }
}

/// A date field that is not a date.
public struct EventDateError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
