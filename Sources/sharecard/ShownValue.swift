import UnicodeText

extension String.StringInterpolation {
    /// A path or another value from the command line or a batch line, set into a message: as
    /// typed when it is plain, else in double quotes with its controls, format characters and
    /// line separators escaped (`QuotedValue`). A newline in a file name cannot split the
    /// message into two lines, and an ESC in one cannot restyle the terminal that shows it.
    /// Cut only past 4,096 code points (PATH_MAX), so a long path is shown whole.
    mutating func appendInterpolation(shown value: some StringProtocol) {
        appendLiteral(QuotedValue.shown(value))
    }
}

extension String.StringInterpolation {
    /// A value set inside the message's own quotes (`got '…'`): escaped as `shown:` escapes,
    /// without adding quotes of its own.
    mutating func appendInterpolation(escaped value: some StringProtocol) {
        appendLiteral(QuotedValue.escaped(value, maximumScalars: 4096))
    }
}
