import CardLayout
import CardStackProtocol

extension TokensExport {
    /// `cardstack.reduced-motion`: what an app plays when Reduce Motion is on
    /// (`prefers-reduced-motion: reduce` on the web): the `animation` group's tokens for the
    /// reduced variant (`Parameters.reducedVariant()`), and the step's cross-fade as a
    /// `duration` token (0 ms: the step moves along the reduced motion).
    static func reducedMotion(
        _ parameters: Parameters, offset: Double, animate: ExportAnimation, origin: ExportOrigin
    ) -> JSONValue {
        var r = parameters.reducedVariant()
        r.animation.reduceMotion = false
        var tokens = animationTokens(r, offset: offset, animate: animate, origin: origin)
        tokens[0] = (
            "$description",
            .string(
                "The motion with Reduce Motion on ([reduced] over [animation] of cardstack), from \(origin.summary); "
                    + "times at speed 1 (slowdown left out).")
        )
        let crossfade = parameters.reduced.crossfade
        tokens.insert(
            (
                "crossfade",
                duration(
                    crossfade,
                    crossfade > 0
                        ? "A next, prev, snap or scroll_to as a cross-fade in place: the cards before fade out, those after fade in, linearly."
                        : "No cross-fade: a step moves along the reduced motion.")
            ), at: 1)
        return .object(tokens)
    }
}
