import CardLayout

extension SwiftExport {
    /// Reduce Motion (docs/exporting.md, "Reduce Motion"): the reduced variant as
    /// `TunedReducedLayout`, the full file's API over again for `Parameters.reducedVariant()`
    /// (the same text, generated for those parameters), its cross-fade, and `TunedLayout`'s
    /// functions that take `reduceMotion:` and pick one of the two. Under UIKit the setting is
    /// `UIAccessibility.isReduceMotionEnabled` and its change notification; under SwiftUI,
    /// `TunedCardsView` reads `accessibilityReduceMotion` and `animation(reduceMotion:)` picks
    /// the animation.
    static func reducedMotion(_ p: Parameters) -> String {
        // The reduced variant written out flat: every key resolved, the flag off, so the
        // exported parameters are played as they are.
        var r = p.reducedVariant()
        r.animation.reduceMotion = false
        return """

            // MARK: Reduce Motion

            \(reducedLayout(core(r) + motion(r) + scroll(r)).replacingAll(titlesMark, "TunedLayout.parameters.card.titles"))
            extension TunedReducedLayout {
                /// Seconds a `next`'s or `prev`'s cross-fade takes (`reduced.crossfade`); 0: the step
                /// moves along the reduced motion instead.
                public static let crossfade = \(literal(p.reduced.crossfade))

                /// The cards `t` seconds into a `next` or `prev` from `from` to `to`, back to front,
                /// as the daemon draws them with Reduce Motion on: with a cross-fade, the cards at
                /// rest at `from` fading out while those at `to` fade in, in place, eased in and out
                /// as UIKit's cross-dissolve (CardLayout's `Crossfade`); without one, the cards
                /// along the move.
                public static func stepCards(from: Double, to: Double, velocity: Double = 0, at t: Double) -> [TunedCard] {
                    guard crossfade > 0, from != to else { return cards(offset: offset(from: from, to: to, velocity: velocity, at: t)) }
                    let faded = Crossfade.cards(
                        from: Layout.frame(parameters, offset: from).cards, to: Layout.frame(parameters, offset: to).cards,
                        progress: TimingCurve.easeInOut.value(at: t / crossfade))
                    return faded.enumerated().map { TunedCard(placement: $1, zIndex: $0) }
                }

                /// Seconds a step from `from` to `to` takes: the cross-fade, or the move.
                public static func stepDuration(from: Double, to: Double, velocity: Double = 0) -> Double {
                    crossfade > 0 && from != to ? crossfade : moveDuration(from: from, to: to, velocity: velocity)
                }
            }

            extension TunedCard {
                init(placement card: CardPlacement, zIndex: Int) {
                    self.init(
                        item: card.item, index: card.index, transform: card.transform.entries, alpha: card.alpha,
                        position: Point(x: card.position.x, y: card.position.y),
                        size: Size(width: card.size.width, height: card.size.height),
                        anchor: Point(x: card.anchor.x, y: card.anchor.y), zIndex: zIndex)
                }
            }

            \(choices)
            #if canImport(UIKit)
            import UIKit

            \(reducedLayout(timingAPI(r)))
            \(uikitSetting)
            #endif

            #if canImport(SwiftUI)
            import SwiftUI

            extension TunedReducedLayout {
            \(swiftUIAnimation(r))
            }

            extension TunedLayout {
                /// The move's SwiftUI animation for the Reduce Motion setting: read it with
                /// `@Environment(\\.accessibilityReduceMotion) var reduceMotion` and animate with
                /// `withAnimation(TunedLayout.animation(reduceMotion: reduceMotion)) { … }`.
                public static func animation(reduceMotion: Bool) -> Animation {
                    reduceMotion ? TunedReducedLayout.animation : animation
                }
            }
            #endif

            """
    }

    /// `text` (generated for `TunedLayout`) declaring `TunedReducedLayout` instead.
    static func reducedLayout(_ text: String) -> String {
        text.replacingAll("TunedLayout", "TunedReducedLayout")
    }

    /// `TunedLayout`'s functions with a `reduceMotion:` argument: the full variant's when it
    /// is false, `TunedReducedLayout`'s when it is true.
    static let choices = """
        /// Reduce Motion's choice: each function is `TunedLayout`'s own when `reduceMotion` is
        /// false and `TunedReducedLayout`'s when it is true. Pass the system's setting
        /// (UIKit's `UIAccessibility.isReduceMotionEnabled`, SwiftUI's `accessibilityReduceMotion`).
        extension TunedLayout {
            /// The parameters played.
            public static func parameters(reduceMotion: Bool) -> Parameters {
                reduceMotion ? TunedReducedLayout.parameters : parameters
            }

            public static func cards(offset: Double, reduceMotion: Bool) -> [TunedCard] {
                reduceMotion ? TunedReducedLayout.cards(offset: offset) : cards(offset: offset)
            }

            public static func offset(from: Double, to: Double, velocity: Double = 0, at t: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.offset(from: from, to: to, velocity: velocity, at: t)
                    : offset(from: from, to: to, velocity: velocity, at: t)
            }

            public static func position(from: Double, to: Double, velocity: Double = 0, at t: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.position(from: from, to: to, velocity: velocity, at: t)
                    : position(from: from, to: to, velocity: velocity, at: t)
            }

            public static func moveDuration(from: Double, to: Double, velocity: Double = 0, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.moveDuration(from: from, to: to, velocity: velocity)
                    : moveDuration(from: from, to: to, velocity: velocity)
            }

            /// The cards `t` seconds into a step: along the move, or with Reduce Motion on the
            /// reduced variant's (a cross-fade when it has one).
            public static func stepCards(from: Double, to: Double, velocity: Double = 0, at t: Double, reduceMotion: Bool) -> [TunedCard] {
                reduceMotion
                    ? TunedReducedLayout.stepCards(from: from, to: to, velocity: velocity, at: t)
                    : cards(offset: offset(from: from, to: to, velocity: velocity, at: t))
            }

            /// Seconds a step takes: the move, or with Reduce Motion on the cross-fade when there is one.
            public static func stepDuration(from: Double, to: Double, velocity: Double = 0, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.stepDuration(from: from, to: to, velocity: velocity)
                    : moveDuration(from: from, to: to, velocity: velocity)
            }

            public static func stepTarget(from offset: Double, steps: Int, reduceMotion: Bool) -> Double {
                reduceMotion ? TunedReducedLayout.stepTarget(from: offset, steps: steps) : stepTarget(from: offset, steps: steps)
            }

            public static func flingTarget(from offset: Double, velocity: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.flingTarget(from: offset, velocity: velocity)
                    : flingTarget(from: offset, velocity: velocity)
            }

            public static func flingOffset(from offset: Double, velocity: Double, at t: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.flingOffset(from: offset, velocity: velocity, at: t)
                    : flingOffset(from: offset, velocity: velocity, at: t)
            }

            public static func flingPosition(from offset: Double, velocity: Double, at t: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.flingPosition(from: offset, velocity: velocity, at: t)
                    : flingPosition(from: offset, velocity: velocity, at: t)
            }

            public static func flingDuration(from offset: Double, velocity: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.flingDuration(from: offset, velocity: velocity)
                    : flingDuration(from: offset, velocity: velocity)
            }

            public static func restingOffset(from offset: Double, velocity: Double, reduceMotion: Bool) -> Double {
                reduceMotion
                    ? TunedReducedLayout.restingOffset(from: offset, velocity: velocity)
                    : restingOffset(from: offset, velocity: velocity)
            }
        }

        """

    /// UIKit's setting and its change notification, for the adapters and an app's own views.
    static let uikitSetting = """
        extension TunedLayout {
            /// Whether Reduce Motion is on (`UIAccessibility.isReduceMotionEnabled`): the adapters
            /// (the collection view layout, the move animator) play `TunedReducedLayout` then.
            @MainActor public static var reduceMotion: Bool { UIAccessibility.isReduceMotionEnabled }

            /// Calls `changed` with the new setting each time the user turns Reduce Motion on or
            /// off (`UIAccessibility.reduceMotionStatusDidChangeNotification`), until the returned
            /// observer is released.
            @MainActor public static func observeReduceMotion(_ changed: @escaping @MainActor (Bool) -> Void) -> TunedReduceMotionObserver {
                TunedReduceMotionObserver(changed)
            }
        }

        /// Observes `UIAccessibility.reduceMotionStatusDidChangeNotification` while it lives.
        public final class TunedReduceMotionObserver {
            private let token: any NSObjectProtocol

            @MainActor init(_ changed: @escaping @MainActor (Bool) -> Void) {
                token = NotificationCenter.default.addObserver(
                    forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main
                ) { _ in
                    // Posted on the main queue, as asked.
                    MainActor.assumeIsolated { changed(UIAccessibility.isReduceMotionEnabled) }
                }
            }

            deinit { NotificationCenter.default.removeObserver(token) }
        }
        """
}
