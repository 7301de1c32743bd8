import CardLayout

/// A cell's foreground or background: the terminal's own default, or a colour.
public enum CellColor: Sendable, Hashable {
    /// The terminal's own foreground or background.
    case standard
    /// A colour, sent as true colour or its nearest 256-colour entry.
    case rgb(CardColor)
}

/// How much colour the terminal shows.
public enum ColorMode: Sendable, Equatable {
    /// 24-bit SGR (`38;2;r;g;b`).
    case trueColor
    /// xterm's 256 colours (`38;5;n`).
    case palette256
    /// No colour at all: shapes from block characters, emphasis from bold/faint/reverse.
    case monochrome

    /// The mode for an environment: `NO_COLOR` (any value) or `--no-color` give monochrome,
    /// `COLORTERM=truecolor|24bit` gives true colour, anything else 256 colours.
    public static func detect(environment: [String: String], noColor: Bool) -> ColorMode {
        if noColor || environment["NO_COLOR"].map({ !$0.isEmpty }) == true { return .monochrome }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return .palette256
        }
    }
}
