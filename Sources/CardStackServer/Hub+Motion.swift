import CardLayout

extension Hub {
    /// A `next`, `prev`, `snap` or animated `scroll_to` from the offset to `end`, shaped by
    /// `[animation]`: its duration and curve, or its spring, which takes over the velocity of
    /// the move it interrupts.
    func stepMotion(to end: Double) -> Motion {
        let settings = parameters.animation
        let velocity = animation.map { $0.motion.velocity(at: clock - $0.start) } ?? 0
        return Motion(from: offset, to: end, duration: settings.duration, animation: settings, velocity: velocity)
    }

    /// A fling toward `end`: the scroll view's deceleration, or, with a spring and `snap`
    /// on, the spring starting at the fling's velocity. Both run `slowdown` times slower.
    func flingMotion(to end: Double, velocity: Double) -> Motion {
        let settings = parameters.animation
        if settings.spring != nil, settings.snap {
            return Motion(from: offset, to: end, duration: settings.duration, animation: settings, velocity: velocity)
        }
        var motion = Motion.fling(from: offset, to: end, deceleration: settings.deceleration)
        motion.slowdown = settings.slowdown
        return motion
    }
}
