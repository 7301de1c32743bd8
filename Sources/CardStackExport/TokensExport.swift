import CardLayout
import CardStackProtocol

/// `export --format tokens`: the motion as W3C Design Tokens Community Group JSON, for
/// design-token pipelines (Style Dictionary, Tokens Studio, …).
///
/// Under `cardstack.animation`: `duration` tokens for the step and edit durations; the curve
/// as a `cubicBezier` token (for `decelerate`, the nearest Bézier, its error in its
/// description and the exact curve named in `$extensions`); the spring as its parameters
/// (response and settle time as durations, damping ratio, and UIKit's mass, stiffness and
/// damping as numbers) and as sampled keyframes (progress at times, no Bézier) of the
/// transition `--animate` names (`next` by default) from the export's offset.
public enum TokensExport {
    public static func text(_ parameters: Parameters, offset: Double, animate: ExportAnimation, origin: ExportOrigin)
        -> String
    {
        var groups: [(key: String, value: JSONValue)] = [
            ("animation", .object(animationTokens(parameters, offset: offset, animate: animate, origin: origin)))
        ]
        groups.append(("scroll", scroll(parameters)))
        if let look = LookExport.tokens(parameters.card) { groups.append(("card", look)) }
        groups.append(("reduced-motion", reducedMotion(parameters, offset: offset, animate: animate, origin: origin)))
        // Every computed number to 13 significant digits (ExportNumber: no float noise).
        let root = ExportNumber.rounded(.object([("cardstack", .object(groups))]))
        return ((try? PrettyJSON.encode(root)) ?? "{}") + "\n"
    }

    /// The `animation` group's tokens for `parameters` (the reduced variant's group holds the
    /// same for its parameters, TokensExport+Reduced.swift).
    static func animationTokens(
        _ parameters: Parameters, offset: Double, animate: ExportAnimation, origin: ExportOrigin
    ) -> [(key: String, value: JSONValue)] {
        let a = parameters.animation
        var animation: [(key: String, value: JSONValue)] = [
            (
                "$description",
                .string("[animation] of cardstack, from \(origin.summary); times at speed 1 (slowdown left out).")
            ),
            ("duration", duration(a.duration, "A next, prev, snap or scroll_to along the curve.")),
            ("remove-duration", duration(a.removeDuration, "A deck edit: removing a card.")),
            ("insert-duration", duration(a.insertDuration, "A deck edit: inserting a card.")),
            ("move-duration", duration(a.moveDuration, "A deck edit: moving a card.")),
        ]
        if let points = a.curve.controlPoints {
            animation.append(
                (
                    "curve",
                    token(
                        "cubicBezier", .array(points.map(JSONValue.number)),
                        "The move's timing curve (\(a.curve.name ?? "custom")).")
                ))
        } else {
            let fit = BezierFit.nearestToDecelerate
            animation.append(
                (
                    "curve",
                    token(
                        "cubicBezier", .array(fit.points.map(JSONValue.number)),
                        "The nearest cubic Bézier to cardstack's decelerate curve; it strays up to \(SwiftExport.rounded(fit.error * 100)) % of the move's length from it.",
                        extensions: [
                            ("com.cardstack.curve", .string("decelerate")),
                            ("com.cardstack.deceleration", .number(a.deceleration)),
                        ])
                ))
        }
        let transition = ExportTransition(parameters, from: offset, animate: animate)
        if let spring = a.spring {
            animation.append(
                (
                    "spring",
                    .object([
                        (
                            "$description",
                            .string(
                                "iOS 17: Spring(duration:bounce:); SwiftUI (iOS 13): .spring(response:dampingFraction:); UIKit and Core Animation: mass, stiffness, damping. Written in the file as \(spring.written.dialect)."
                            )
                        ),
                        ("duration", duration(spring.duration, "iOS 17's perceptual duration (the response).")),
                        (
                            "bounce",
                            token(
                                "number", .number(spring.bounce),
                                "iOS 17's bounce: 0 critically damped, up to 1 undamped, negative overdamped.")
                        ),
                        ("response", duration(spring.response, "Period of the undamped oscillation.")),
                        (
                            "damping-ratio",
                            token(
                                "number", .number(spring.dampingRatio), "Below 1 it overshoots; 1 is critically damped."
                            )
                        ),
                        ("mass", token("number", .number(spring.mass), "UIKit's and Core Animation's mass.")),
                        ("stiffness", token("number", .number(spring.stiffness), "mass · (2π / response)².")),
                        (
                            "damping",
                            token(
                                "number", .number(spring.damping), "2 · damping ratio · √(stiffness · mass).")
                        ),
                        (
                            "settle-duration",
                            duration(
                                transition.duration,
                                "How long `\(transition.animate.text)` from offset \(offset) runs until the spring is at rest."
                            )
                        ),
                        ("keyframes", keyframes(transition)),
                    ])
                ))
        } else {
            animation.append(("keyframes", keyframes(transition)))
        }
        return animation
    }

    /// A token of `type` with `value` and a description.
    static func token(
        _ type: String, _ value: JSONValue, _ description: String, extensions: [(key: String, value: JSONValue)] = []
    ) -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = [
            ("$type", .string(type)), ("$value", value), ("$description", .string(description)),
        ]
        if !extensions.isEmpty { entries.append(("$extensions", .object(extensions))) }
        return .object(entries)
    }

    /// A `duration` token in milliseconds.
    static func duration(_ seconds: Double, _ description: String) -> JSONValue {
        token("duration", .object([("value", .number(seconds * 1000)), ("unit", .string("ms"))]), description)
    }

    /// The transition's progress (0 at its start, 1 at its end) at `animation.fps` moments a
    /// second, as a group of `number` tokens (`k000`, `k001`, …, in time order) whose time is in
    /// their `$extensions`.
    static func keyframes(_ transition: ExportTransition) -> JSONValue {
        let motion = (from: transition.from, to: transition.to)
        let count = max(Int((transition.duration * Double(transition.parameters.animation.fps)).rounded(.up)), 1)
        var entries: [(key: String, value: JSONValue)] = [
            (
                "$description",
                .string(
                    "`\(transition.animate.text)` from offset \(ExportNumber.rounded(motion.from)) to \(ExportNumber.rounded(motion.to)): progress (0 → 1, past 1 when it overshoots) at each time, sampled \(transition.parameters.animation.fps) times a second; no Bézier."
                )
            ),
            ("$type", .string("number")),
        ]
        for k in 0...count {
            let t = transition.duration * Double(k) / Double(count)
            let progress =
                motion.from == motion.to
                ? 1 : (transition.move.position(at: t) - motion.from) / (motion.to - motion.from)
            let digits = String(k)
            let name = "k" + String(repeating: "0", count: String(count).count - digits.count) + digits
            entries.append(
                (
                    name,
                    .object([
                        ("$value", .number(progress)),
                        (
                            "$extensions",
                            .object([
                                (
                                    "com.cardstack.time",
                                    .object([("value", .number(t * 1000)), ("unit", .string("ms"))])
                                )
                            ])
                        ),
                    ])
                ))
        }
        return .object(entries)
    }
}
