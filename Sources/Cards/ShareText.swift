import UnicodeText

extension Event {
    /// The date (or date range) in the event's locale: long style, with the time when given,
    /// in the UTC offset the start was written in. Formatted by ICU behind the C shim, so a
    /// failure is an error naming the locale, never a crash.
    public var formattedDate: String? {
        get throws(EventError) {
            guard let date else { return nil }
            do {
                if let endDate, endDate != date {
                    // A time shows only when both ends have one, in the start's offset.
                    // Otherwise the range is of calendar days as written: a date-only end
                    // read as UTC midnight and shown in the start's offset would move a day.
                    if date.time != nil, endDate.time != nil {
                        let format = try LocalizedDateFormat(locale: canonicalLocale, utcOffsetSeconds: date.utcOffsetSeconds ?? 0,
                                                             showsTime: true)
                        return try format.string(millisecondsSince1970: date.millisecondsSince1970, to: endDate.millisecondsSince1970)
                    }
                    let format = try LocalizedDateFormat(locale: canonicalLocale, utcOffsetSeconds: 0, showsTime: false)
                    return try format.string(millisecondsSince1970: date.calendarDay.millisecondsSince1970,
                                             to: endDate.calendarDay.millisecondsSince1970)
                }
                let format = try LocalizedDateFormat(locale: canonicalLocale, utcOffsetSeconds: date.utcOffsetSeconds ?? 0,
                                                     showsTime: date.time != nil)
                return try format.string(millisecondsSince1970: date.millisecondsSince1970)
            } catch {
                throw EventError(field: "locale", reason: "the date could not be formatted for \(locale): \(error)")
            }
        }
    }

    /// The text that goes out with the image: emoji, title and date, e.g.
    /// "🏡 Our first apartment together — June 1, 2024".
    public var shareText: String {
        get throws(EventError) {
            var text = title
            if let emoji { text = emoji + " " + text }
            if let formattedDate = try formattedDate { text += " — " + formattedDate }
            return text
        }
    }
}
