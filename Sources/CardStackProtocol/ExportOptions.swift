/// What `export` may add to a format: the type names of a Swift file (`--name`) and the
/// transition a stylesheet or a token file plays (`--animate`).
public struct ExportOptions: Sendable, Equatable {
    /// The prefix of the Swift file's types: `Tuned` gives `TunedLayout`, `TunedCard`, ….
    public var name: String
    /// The transition to animate, from the export's offset; nil for a still pose.
    public var animate: ExportAnimation?

    public static let defaultName = "Tuned"
    /// The longest `name` accepted.
    public static let maximumName = 64

    public init(name: String = ExportOptions.defaultName, animate: ExportAnimation? = nil) {
        self.name = name
        self.animate = animate
    }

    /// Whether `name` can start Swift type names: an ASCII letter, then letters, digits or `_`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= maximumName,
            first.isASCII, first.properties.isAlphabetic
        else { return false }
        return name.unicodeScalars.allSatisfy { s in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_")
        }
    }
}

/// A transition an export plays: `next`, `prev` or `fling:V` (V in points per second).
public enum ExportAnimation: Sendable, Equatable {
    case next
    case prev
    case fling(velocity: Double)

    /// The fastest fling accepted, points per second.
    public static let maximumVelocity = 1e6

    /// Reads `next`, `prev` or `fling:V`; nil for anything else.
    public init?(text: String) {
        switch text {
        case "next": self = .next
        case "prev": self = .prev
        default:
            guard text.hasPrefix("fling:"), let v = Double(text.dropFirst(6)), v.isFinite,
                abs(v) <= Self.maximumVelocity
            else { return nil }
            self = .fling(velocity: v)
        }
    }

    /// As typed: `next`, `prev`, `fling:1200.0`.
    public var text: String {
        switch self {
        case .next: "next"
        case .prev: "prev"
        case .fling(let v): "fling:\(v)"
        }
    }

    /// What to type, for error messages.
    public static let help = "next, prev or fling:V (V in points per second, e.g. fling:-1500)"
}
