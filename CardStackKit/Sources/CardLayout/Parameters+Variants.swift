extension Parameters {
    /// The parameters the daemon plays: the reduced variant when `animation.reduce_motion`
    /// is on, else these.
    public var inEffect: Parameters { animation.reduceMotion ? reducedVariant() : self }

    /// These parameters with Reduce Motion off: the full motion.
    public func fullVariant() -> Parameters {
        var p = self
        p.animation.reduceMotion = false
        return p
    }

    /// These parameters with Reduce Motion on: every `[reduced]` key over the file's own, and
    /// for a key `[reduced]` leaves out, the default below (docs/parameters.md, "Reduce
    /// Motion"), else the file's value.
    ///
    /// - `layout.m34` 0: no perspective, nothing swings toward the viewer.
    /// - `layout.flip_range` collapsed onto its start: the stack's and the flip's front card
    ///   leaves without flipping toward the viewer.
    /// - `carousel.tilt` 0: cover flow and the time machine lie flat.
    /// - `animation.spring` the same spring with bounce 0 (no overshoot), and a Bézier
    ///   `animation.curve` with its control points' y held in [0, 1] (no overshoot).
    public func reducedVariant() -> Parameters {
        var p = self
        p.animation.reduceMotion = true
        let r = reduced

        p.layout.scaleStep = r.layout.scaleStep ?? layout.scaleStep
        p.layout.m34 = r.layout.m34 ?? 0
        p.layout.flipRange = r.layout.flipRange ?? [layout.flipRange[0], layout.flipRange[0]]

        p.carousel.take(
            r.carousel, \.itemSpacing, \.arc, \.radius, \.angle, \.count, \.visibleItems, \.fadeMin, \.fadeMax,
            \.fadeRange, \.fadeMinAlpha, \.showBackfaces, \.vertical, \.viewpoint)
        p.carousel.tilt = r.carousel.tilt ?? 0

        let a = r.animation
        p.animation.fps = a.fps ?? animation.fps
        p.animation.deceleration = a.deceleration ?? animation.deceleration
        p.animation.snap = a.snap ?? animation.snap
        p.animation.duration = a.duration ?? animation.duration
        p.animation.removeDuration = a.removeDuration ?? animation.removeDuration
        p.animation.insertDuration = a.insertDuration ?? animation.insertDuration
        p.animation.moveDuration = a.moveDuration ?? animation.moveDuration
        p.animation.curve = a.curve ?? animation.curve.withoutOvershoot
        p.animation.spring = a.spring ?? animation.spring.map(\.withoutBounce)
        p.animation.slowdown = a.slowdown ?? animation.slowdown
        return p
    }
}

extension Parameters.Carousel {
    /// Each option at `paths` that `top` sets (`[reduced.carousel]`'s) taken over this one's.
    mutating func take<each Value>(_ top: Self, _ paths: repeat WritableKeyPath<Self, (each Value)?>) {
        for path in repeat each paths {
            self[keyPath: path] = top[keyPath: path] ?? self[keyPath: path]
        }
    }
}

extension Spring {
    /// The same spring with no overshoot: bounce 0 (ζ = 1) at the same duration when it
    /// bounces, else itself (a critically or overdamped spring already lands without one).
    public var withoutBounce: Spring {
        dampingRatio < 1 ? Spring(duration: response, bounce: 0) : self
    }
}

extension TimingCurve {
    /// The curve with no overshoot: a Bézier's control points' y held in [0, 1] (a curve
    /// with both y there never leaves [0, 1]); the named curves already stay there.
    public var withoutOvershoot: TimingCurve {
        guard case .bezier(let x1, let y1, let x2, let y2) = self else { return self }
        return .bezier(x1, min(max(y1, 0), 1), x2, min(max(y2, 0), 1))
    }
}
