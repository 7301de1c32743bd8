/// iCarousel's built-in types (docs/layouts.md §2.4), named as cardstack's styles.
public enum CarouselType: String, Sendable, Equatable, CaseIterable {
    case linear, rotary, cylinder, wheel, coverflow, coverflow2
    case invertedRotary = "inverted_rotary"
    case invertedCylinder = "inverted_cylinder"
    case invertedWheel = "inverted_wheel"
    case timeMachine = "time_machine"
    case invertedTimeMachine = "inverted_time_machine"

    /// The iCarousel type a style stands for, or nil for the other families.
    public init?(_ style: Style) {
        self.init(rawValue: style.rawValue)
    }

    /// Rotary, cylinder and wheel, plain or inverted: the types laid out on a circle of
    /// `count` items, which wrap by default.
    public var isCircular: Bool {
        switch self {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder, .wheel, .invertedWheel: true
        default: false
        }
    }

    /// The inverted forms: radius and angle (or tilt and offset) change sign.
    public var isInverted: Bool {
        switch self {
        case .invertedRotary, .invertedCylinder, .invertedWheel, .invertedTimeMachine: true
        default: false
        }
    }

    /// Cover flow and cover flow 2, which share their options and (at rest) their math.
    public var isCoverFlow: Bool { self == .coverflow || self == .coverflow2 }
}
