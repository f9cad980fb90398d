import JSONData

extension EventObject {
    /// The member `key`, removed; nil when there is none or it is blank: `null` (a field set
    /// to null counts as absent) or `""` (an optional field given empty is not given, as
    /// `EventDecoder.blankMeansAbsent` has it for the event's own fields).
    public mutating func takeGiven(_ key: String) -> JSONValue? {
        switch take(key) {
        case nil, .null?, .string("")?: return nil
        case let value?: return value
        }
    }

    /// The member "size" (a preset or `WxH`, read as `--size` reads it), removed; nil when
    /// it is not given.
    public mutating func takeSize() throws(EventError) -> CardSize? {
        guard let raw = takeGiven("size") else { return nil }
        guard case .string(let text) = raw else {
            throw EventError(field: "size", reason: "expected a string such as \"og\" or \"1200x630\", found \(raw.kindName)")
        }
        return try CardSize(parsing: text)
    }
}
