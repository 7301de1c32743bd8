import CardLayout

extension SwiftExport {
    /// SwiftUI: the move as an `Animation` and a view that places the cards of any offset
    /// with a projection effect, under `#if canImport(SwiftUI)`.
    static func swiftUI(_ p: Parameters) -> String {
        let animation = swiftUIAnimation(p)
        return """

            #if canImport(SwiftUI)
            import SwiftUI
            import QuartzCore

            extension TunedLayout {
            \(animation)
            }

            /// The tuned cards at `offset` without UIKit: `content(item)` draws card `item`, placed
            /// by `TunedCardPlacement`. Animate `offset` with `withAnimation(TunedLayout.animation)`
            /// (or drive it from `TunedLayout.offset(from:to:velocity:at:)` in a `TimelineView` for
            /// the exact curve). With Reduce Motion on (`accessibilityReduceMotion`), the cards are
            /// the reduced variant's (`TunedReducedLayout`; animate with
            /// `TunedLayout.animation(reduceMotion:)`).
            public struct TunedCardsView<Content: View>: View {
                public var offset: Double
                public var content: (Int) -> Content
                @Environment(\\.accessibilityReduceMotion) private var reduceMotion

                public init(offset: Double, @ViewBuilder content: @escaping (Int) -> Content) {
                    self.offset = offset
                    self.content = content
                }

                /// The cards drawn, back to front: the variant the Reduce Motion setting asks for.
                public var cards: [TunedCard] { TunedLayout.cards(offset: offset, reduceMotion: reduceMotion) }

                public var body: some View {
                    ZStack(alignment: .topLeading) {
                        ForEach(cards, id: \\.index) { card in
                            content(card.item).modifier(TunedCardPlacement(card: card))
                        }
                    }
                    .frame(
                        width: CGFloat(TunedLayout.viewport.width), height: CGFloat(TunedLayout.viewport.height),
                        alignment: .topLeading)
                }
            }

            /// Places one card as the frame does: its size, its 3D transform about its anchor as a
            /// `projectionEffect`, its alpha and draw order, its top-left corner at `card.origin`.
            public struct TunedCardPlacement: ViewModifier {
                public var card: TunedCard

                public init(card: TunedCard) { self.card = card }

                public func body(content: Content) -> some View {
                    let m = card.cornerTransform
                    let transform = CATransform3D(
                        m11: CGFloat(m[0]), m12: CGFloat(m[1]), m13: CGFloat(m[2]), m14: CGFloat(m[3]),
                        m21: CGFloat(m[4]), m22: CGFloat(m[5]), m23: CGFloat(m[6]), m24: CGFloat(m[7]),
                        m31: CGFloat(m[8]), m32: CGFloat(m[9]), m33: CGFloat(m[10]), m34: CGFloat(m[11]),
                        m41: CGFloat(m[12]), m42: CGFloat(m[13]), m43: CGFloat(m[14]), m44: CGFloat(m[15]))
                    return content
                        .frame(width: CGFloat(card.size.width), height: CGFloat(card.size.height))
                        .projectionEffect(ProjectionTransform(transform))
                        .opacity(card.alpha)
                        .offset(x: CGFloat(card.origin.x), y: CGFloat(card.origin.y))
                        .zIndex(Double(card.zIndex))
                }
            }
            #endif

            """
    }

    /// `TunedLayout.animation`'s declaration: the tuned spring or curve as a SwiftUI
    /// `Animation` (the reduced variant's is this one's text for its parameters).
    static func swiftUIAnimation(_ p: Parameters) -> String {
        let animation: String
        if p.animation.spring != nil {
            animation = """
                    /// The tuned spring: iOS 17's `.spring(duration:bounce:)`, else
                    /// `.spring(response:dampingFraction:blendDuration:)` (the same spring).
                    public static var animation: Animation {
                        if #available(iOS 17, *) {
                            return .spring(duration: springDuration, bounce: bounce)
                        }
                        return .spring(response: response, dampingFraction: dampingRatio, blendDuration: 0)
                    }
                """
        } else {
            let note =
                p.animation.curve == .decelerate
                ? "the nearest cubic Bézier to `decelerate` (its error is in `controlPoint1`'s comment)"
                : "the tuned curve"
            animation = """
                    /// The move over `duration` seconds along \(note): `.timingCurve(x1, y1, x2, y2, duration:)`.
                    public static var animation: Animation {
                        .timingCurve(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y, duration: duration)
                    }
                """
        }
        return animation
    }
}
