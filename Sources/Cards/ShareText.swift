import Foundation

extension Event {
    /// The date (or date range) in the event's locale: long style, with the time when given,
    /// in the time zone it was written in.
    public var formattedDate: String? {
        guard let date else { return nil }
        let locale = Locale(identifier: locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = date.timeZone
        if let endDate, endDate != date {
            let formatter = DateIntervalFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = date.timeZone
            formatter.dateStyle = .long
            // A time shows only when both ends have one; otherwise a date-only end would be
            // shown at the start's time of day.
            formatter.timeStyle = date.time == nil || endDate.time == nil ? .none : .short
            return formatter.string(from: date.instant, to: endDate.instant)
        }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = date.timeZone
        formatter.dateStyle = .long
        formatter.timeStyle = date.time == nil ? .none : .short
        return formatter.string(from: date.instant)
    }

    /// The text that goes out with the image: emoji, title and date, e.g.
    /// "🏡 Our first apartment together — June 1, 2024".
    public var shareText: String {
        var text = title
        if let emoji { text = emoji + " " + text }
        if let formattedDate { text += " — " + formattedDate }
        return text
    }
}
