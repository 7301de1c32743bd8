import CardLayout
import CardStackProtocol
import CardStackWire
import Testing

/// `[reduced]` (Reduce Motion's overrides) written by hand from the schema's entries: byte for
/// byte what `Parameters.Reduced`'s `Codable` conformance writes, each override read from
/// `[reduced]` and not from the file's key it stands in for.
extension ParametersEncodingTests {
    @Test func everyReducedOverride() throws {
        var params = Parameters()
        params.animation.reduceMotion = true
        try expectSameBytes(params)
        var a = Parameters.Reduced.Animation()
        a.fps = 30
        a.deceleration = 0.99
        a.snap = false
        a.duration = 0.2
        a.removeDuration = 0.125
        a.insertDuration = 1
        a.moveDuration = 0.75
        a.curve = .bezier(0.1, 0, 0.9, 1)
        a.spring = Spring(duration: 0.4, bounce: 0)
        a.slowdown = 3
        params.reduced.animation = a
        params.reduced.layout.m34 = 0
        params.reduced.layout.scaleStep = 0.05
        params.reduced.layout.flipRange = [0.5, 0.5]
        params.reduced.carousel = .everyOption(tilt: 0)
        params.reduced.crossfade = 0
        try expectSameBytes(params)
        // The file's own keys differ from the overrides: each side is read from its own table.
        #expect(params.animation.duration != a.duration)
        params.animation.reduceMotion = false
        params.reduced.animation.curve = .linear
        params.reduced.animation.spring = Spring(mass: 1, stiffness: 100, damping: 10)
        params.reduced.carousel.fadeMin = -2.5
        try expectSameBytes(params)
    }

    /// Each override alone: no stray comma in its table or around the empty ones.
    @Test func eachReducedOverrideAlone() throws {
        let sets: [@Sendable (inout Parameters) -> Void] = [
            { $0.reduced.animation.fps = 60 }, { $0.reduced.animation.deceleration = 0.5 },
            { $0.reduced.animation.snap = true }, { $0.reduced.animation.duration = 0.5 },
            { $0.reduced.animation.removeDuration = 0.5 }, { $0.reduced.animation.insertDuration = 0.5 },
            { $0.reduced.animation.moveDuration = 0.5 }, { $0.reduced.animation.curve = .easeOut },
            { $0.reduced.animation.spring = Spring(dampingRatio: 1, response: 0.3) },
            { $0.reduced.animation.slowdown = 2 }, { $0.reduced.layout.m34 = -0.002 },
            { $0.reduced.layout.scaleStep = 0.5 }, { $0.reduced.layout.flipRange = [0, 2] },
            { $0.reduced.carousel.itemSpacing = 0.5 }, { $0.reduced.carousel.arc = 1 },
            { $0.reduced.carousel.radius = -10 }, { $0.reduced.carousel.angle = 0.5 },
            { $0.reduced.carousel.tilt = 0.5 }, { $0.reduced.carousel.count = 3 },
            { $0.reduced.carousel.visibleItems = 0 }, { $0.reduced.carousel.fadeMin = -.infinity },
            { $0.reduced.carousel.fadeMax = 0.5 }, { $0.reduced.carousel.fadeRange = 0.5 },
            { $0.reduced.carousel.fadeMinAlpha = 0.5 }, { $0.reduced.carousel.showBackfaces = true },
            { $0.reduced.carousel.vertical = false }, { $0.reduced.carousel.viewpoint = [1, 2] },
            { $0.reduced.crossfade = 10 },
        ]
        for set in sets {
            var params = Parameters()
            set(&params)
            try expectSameBytes(params)
        }
    }
}
