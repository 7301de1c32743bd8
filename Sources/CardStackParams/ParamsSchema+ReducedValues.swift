import CardLayout
import CardStackProtocol

/// How each key of `[reduced]`'s override tables is written: read from ``Parameters/Reduced``
/// (not from the file's key it stands in for), nil when the table leaves the key out, in the
/// form the file's key takes on the wire (ParamsSchema+Wire.swift).
extension ParamsSchema {
    typealias ValueReader = @Sendable (inout Parameters) -> JSONValue?

    /// The reader of the override of `overridden` (`animation.duration` for
    /// `reduced.animation.duration`).
    static func reducedValue(_ overridden: String) -> ValueReader {
        switch overridden {
        case "animation.fps": override(\.reduced.animation.fps) { .integer(Int64($0)) }
        case "animation.deceleration": override(\.reduced.animation.deceleration) { json($0) }
        case "animation.snap": override(\.reduced.animation.snap) { .bool($0) }
        case "animation.duration": override(\.reduced.animation.duration) { json($0) }
        case "animation.remove_duration": override(\.reduced.animation.removeDuration) { json($0) }
        case "animation.insert_duration": override(\.reduced.animation.insertDuration) { json($0) }
        case "animation.move_duration": override(\.reduced.animation.moveDuration) { json($0) }
        case "animation.curve": override(\.reduced.animation.curve) { json($0) }
        case "animation.spring": override(\.reduced.animation.spring) { json($0) }
        case "animation.slowdown": override(\.reduced.animation.slowdown) { json($0) }
        case "layout.m34": override(\.reduced.layout.m34) { json($0) }
        case "layout.scale_step": override(\.reduced.layout.scaleStep) { json($0) }
        case "layout.flip_range": override(\.reduced.layout.flipRange) { json($0) }
        default: reducedCarouselValue(overridden)
        }
    }

    /// The reader of `[reduced.carousel]`'s override of `overridden` (`carousel.arc`).
    static func reducedCarouselValue(_ overridden: String) -> ValueReader {
        switch overridden {
        case "carousel.item_spacing": override(\.reduced.carousel.itemSpacing) { json($0) }
        case "carousel.arc": override(\.reduced.carousel.arc) { json($0) }
        case "carousel.radius": override(\.reduced.carousel.radius) { json($0) }
        case "carousel.angle": override(\.reduced.carousel.angle) { json($0) }
        case "carousel.tilt": override(\.reduced.carousel.tilt) { json($0) }
        case "carousel.count": override(\.reduced.carousel.count) { .integer(Int64($0)) }
        case "carousel.visible_items": override(\.reduced.carousel.visibleItems) { .integer(Int64($0)) }
        // Unbounded is `null` on the wire, as `Carousel` writes it.
        case "carousel.fade_min": override(\.reduced.carousel.fadeMin) { $0.isInfinite ? .null : json($0) }
        case "carousel.fade_max": override(\.reduced.carousel.fadeMax) { $0.isInfinite ? .null : json($0) }
        case "carousel.fade_range": override(\.reduced.carousel.fadeRange) { json($0) }
        case "carousel.fade_min_alpha": override(\.reduced.carousel.fadeMinAlpha) { json($0) }
        case "carousel.show_backfaces": override(\.reduced.carousel.showBackfaces) { .bool($0) }
        case "carousel.vertical": override(\.reduced.carousel.vertical) { .bool($0) }
        case "carousel.viewpoint": override(\.reduced.carousel.viewpoint) { json($0) }
        default: preconditionFailure("\(overridden) has no override in [reduced]: add its reader here")
        }
    }

    /// A reader of the optional at `path`, written by `write` when it is set.
    static func override<T>(
        _ path: any KeyPath<Parameters, T?> & Sendable, _ write: @escaping @Sendable (T) -> JSONValue
    ) -> ValueReader {
        let read = reader(path)
        return { read(&$0).map(write) }
    }
}
