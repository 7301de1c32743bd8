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
    public static func isValidName(_ name: String) -> Bool { nameProblem(name) == nil }

    /// Why `name` cannot prefix the Swift file's types, or nil: it must be an ASCII letter
    /// then letters, digits or `_`, and no type it names may be one the file uses from
    /// CardLayout, UIKit, SwiftUI or iCarousel (`UI` would make `UICollectionViewLayout`,
    /// `i` `iCarouselDelegate`, `Card` `CardLayout`).
    public static func nameProblem(_ name: String) -> String? {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, scalars.count <= maximumName, first.isASCII, first.properties.isAlphabetic,
            scalars.allSatisfy({ s in s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_") })
        else {
            return
                "a type name prefix is an ASCII letter, then letters, digits or _, at most \(maximumName) characters (e.g. Checkout)"
        }
        if let clash = generatedSuffixes.map({ name + $0 }).first(where: { namesUsed[$0] != nil }) {
            return
                "it would name a type \(clash), which the exported file uses from \(namesUsed[clash] ?? "") (choose another prefix, e.g. Checkout)"
        }
        return nil
    }

    /// What the Swift file's types are called after the prefix (`TunedLayout`, …).
    public static let generatedSuffixes = [
        "Card", "CardPlacement", "CardsView", "CarouselDelegate", "CollectionViewLayout", "Layout", "MoveAnimator",
        "ReduceMotionObserver", "ReducedLayout",
    ]

    /// The names the Swift file uses from elsewhere that a prefix and a suffix could spell,
    /// and where they come from (a test holds this to the files every style exports).
    public static let namesUsed: [String: String] = {
        var names: [String: String] = [:]
        let sources: [(String, [String])] = [
            ("CardLayout", ["CardLayout", "Layout", "Motion", "Parameters", "Point", "Size", "Style", "Transform3D"]),
            (
                "UIKit and QuartzCore",
                [
                    "UICollectionView", "UICollectionViewLayout", "UICollectionViewLayoutAttributes",
                    "UICubicTimingParameters", "UITimingCurveProvider", "UIViewPropertyAnimator", "CABasicAnimation",
                    "CADisplayLink", "CAMediaTimingFunction", "CATransform3D", "CGFloat", "CGPoint", "CGRect", "CGSize",
                    "NSObject", "IndexPath", "shouldInvalidateLayout", "invalidateLayout",
                ]
            ),
            (
                "SwiftUI",
                [
                    "Animation", "Content", "ForEach", "ProjectionTransform", "View", "ViewBuilder", "ViewModifier",
                    "ZStack",
                ]
            ),
            ("iCarousel", ["iCarousel", "iCarouselDelegate", "iCarouselOption", "iCarouselType"]),
        ]
        for (source, list) in sources { for name in list { names[name] = source } }
        return names
    }()
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
