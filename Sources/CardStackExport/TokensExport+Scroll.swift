import CardLayout
import CardStackProtocol

extension TokensExport {
    /// `cardstack.scroll`: the scroll model in force and its settings (docs/layouts.md §8.1),
    /// under the names the seed's API gives them: its numbers as `number`, `duration` and
    /// `dimension` tokens; the model and the switches, which the format has no type for, in
    /// the group's `$extensions` (`com.cardstack.scroll`).
    static func scroll(_ parameters: Parameters) -> JSONValue {
        let s = parameters.scroll
        let model = parameters.scrollModel
        var switches: [(key: String, value: JSONValue)] = [
            ("model", .string(model.rawValue)), ("bounces", .bool(s.bounces)), ("paging", .bool(s.paging)),
        ]
        if model == .icarousel {
            switches += [
                ("stop-at-item-boundary", .bool(s.stopAtItemBoundary)),
                ("scroll-to-item-boundary", .bool(s.scrollToItemBoundary)),
            ]
        }
        var entries: [(key: String, value: JSONValue)] = [
            (
                "$description",
                .string(
                    "[scroll] of cardstack: how the deck follows a finger and a throw, by \(seed(model))'s physics (model \(model.rawValue)); the model, bounces and paging are in $extensions."
                )
            ),
            ("$extensions", .object([("com.cardstack.scroll", .object(switches))])),
        ]
        switch model {
        case .scrollView:
            entries += [
                (
                    "deceleration-rate",
                    token(
                        "number", .number(parameters.animation.deceleration),
                        "UIScrollView's decelerationRate: velocity kept per millisecond (normal 0.998).")
                ),
                (
                    "rubber-band",
                    token("number", .number(s.rubberBand), "c of the rubber band f(x) = (1 − 1/(x·c/d + 1))·d.")
                ),
                (
                    "rubber-band-extent",
                    token(
                        "dimension", .object([("value", .number(parameters.scrollExtent)), ("unit", .string("px"))]),
                        "d of the rubber band: the viewport's extent along the scroll, points.")
                ),
            ]
        case .icarousel:
            entries += [
                ("bounce-distance", token("number", .number(s.bounceDistance), "iCarousel's bounceDistance, items.")),
                (
                    "deceleration-rate",
                    token("number", .number(s.decelerationRate), "iCarousel's decelerationRate (0.95).")
                ),
                ("scroll-speed", token("number", .number(s.scrollSpeed), "iCarousel's scrollSpeed.")),
                (
                    "scroll-duration",
                    duration(ICarousel.scrollDuration, "iCarousel's scroll to an item (SCROLL_DURATION).")
                ),
            ]
        case .flip:
            entries += [
                (
                    "pan-length",
                    token(
                        "dimension", .object([("value", .number(FlipPan.panLength)), ("unit", .string("px"))]),
                        "A pan this long is a whole flip (percent = translation / 150).")
                ),
                ("half-way", token("number", .number(FlipPan.halfWay), "The flip completes on release from here on.")),
                ("complete-duration", duration(FlipPan.completeDuration, "The completing flip, ease in and out.")),
                ("return-duration", duration(FlipPan.returnDuration, "The fall back, ease in and out.")),
            ]
        }
        return .object(entries)
    }

    /// Whose physics each model is.
    static func seed(_ model: ScrollModel) -> String {
        switch model {
        case .scrollView: "UIScrollView"
        case .icarousel: "iCarousel"
        case .flip: "seed 003's pan"
        }
    }
}
