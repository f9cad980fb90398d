import Cards
import Foundation

/// Locale checks and date formatting per event: ICU behind the shim (cached formatters, and
/// a cold open for a locale not used before) beside the Foundation formatters it replaced,
/// created per call as `Event.formattedDate` created them (plain `en` only: Foundation traps
/// on tags such as `en-u-nu-latn`).
enum DateBench {
    static func run(iterations: Int) throws {
        let start = try EventDate(iso8601: "2024-06-01T18:30:00+02:00")
        let end = try EventDate(iso8601: "2024-06-03T09:00:00+02:00")
        let single = try Event(title: "x", date: start, locale: "en")
        let range = try Event(title: "x", date: start, endDate: end, locale: "en")
        var rows: [Measurement] = []
        rows.append(try measure("Event with locale th-TH-u-nu-thai (validate, canonicalise)", iterations: iterations) {
            _ = try Event(title: "x", locale: "th-TH-u-nu-thai")
        })
        rows.append(try measure("ICU date, cached formatter", iterations: iterations) { _ = try single.formattedDate })
        rows.append(try measure("ICU range, cached formatter", iterations: iterations) { _ = try range.formattedDate })
        // Cold: each run takes a locale not formatted before (there are more than 500).
        let tags = ["af", "am", "as", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "el", "et", "eu", "fi",
                    "gl", "gu", "hr", "hu", "hy", "id", "is", "ka", "kk", "km", "kn", "ky", "lo", "lt", "lv", "mk"]
        var next = 0
        rows.append(try measure("ICU date, first use of a locale", iterations: tags.count / 2 - 3) {
            _ = try Event(title: "x", date: start, locale: tags[next]).formattedDate
            next += 1
        })
        rows.append(try measure("ICU range, first use of a locale", iterations: tags.count / 2 - 3) {
            _ = try Event(title: "x", date: start, endDate: end, locale: tags[next]).formattedDate
            next += 1
        })
        let offset = TimeZone(secondsFromGMT: 7200)!
        let from = Date(timeIntervalSince1970: start.millisecondsSince1970 / 1000)
        let to = Date(timeIntervalSince1970: end.millisecondsSince1970 / 1000)
        rows.append(measure("Foundation DateFormatter, created per call (before)", iterations: iterations) {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en")
            f.timeZone = offset
            f.dateStyle = .long
            f.timeStyle = .short
            _ = f.string(from: from)
        })
        rows.append(measure("Foundation DateIntervalFormatter, created per call (before)", iterations: iterations) {
            let f = DateIntervalFormatter()
            f.locale = Locale(identifier: "en")
            f.timeZone = offset
            f.dateStyle = .long
            f.timeStyle = .short
            _ = f.string(from: from, to: to)
        })
        printTable("Locales and dates (per event)", rows)
    }
}
