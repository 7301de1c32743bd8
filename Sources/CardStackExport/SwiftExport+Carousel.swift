import CardLayout

extension SwiftExport {
    /// iCarousel's type names in Swift.
    static func typeName(_ type: CarouselType) -> String {
        switch type {
        case .linear: ".linear"
        case .rotary: ".rotary"
        case .invertedRotary: ".invertedRotary"
        case .cylinder: ".cylinder"
        case .invertedCylinder: ".invertedCylinder"
        case .wheel: ".wheel"
        case .invertedWheel: ".invertedWheel"
        case .coverflow: ".coverFlow"
        case .coverflow2: ".coverFlow2"
        case .timeMachine: ".timeMachine"
        case .invertedTimeMachine: ".invertedTimeMachine"
        }
    }

    /// The iCarousel delegate: the type and its options for a carousel type, or `.custom`
    /// with the layout's own transforms (switcher9) when `type` is nil.
    static func carouselAdapter(_ p: Parameters, type: CarouselType?) -> String {
        var options = ""
        if let type {
            let o = CarouselOptions(type, p)
            func number(_ x: Double) -> String {
                x.isFinite ? "\(x)" : (x < 0 ? "-CGFloat.infinity" : "CGFloat.infinity")
            }
            options = """
                        case .wrap: return \(p.layout.wrap ? 1 : 0)
                        case .spacing: return \(number(o.spacing))
                        case .arc: return \(number(o.arc))
                        case .radius: return \(number(o.radius))
                        case .angle: return \(number(o.angle))
                        case .tilt: return \(number(o.tilt))
                        case .count: return \(o.count)
                        case .visibleItems: return \(o.visibleItems)
                        case .fadeMin: return \(number(o.fadeMin))
                        case .fadeMax: return \(number(o.fadeMax))
                        case .fadeRange: return \(number(o.fadeRange))
                        case .fadeMinAlpha: return \(number(o.fadeMinAlpha))
                        case .showBackfaces: return \(o.showBackfaces ? 1 : 0)
                        // A drag of d points moves d * offsetMultiplier / itemWidth items: one per spacing points.
                        case .offsetMultiplier: return \(number(o.itemWidth / p.layout.spacing))
                """
        } else {
            options = """
                        case .wrap: return \(p.layout.wrap ? 1 : 0)
                """
        }
        let custom =
            type == nil
            ? """

                    /// `.custom`: each item's transform from the layout itself, about the item's
                    /// centre, moved from the carousel's centre to where the layout puts it.
                    /// (The layout's alpha cannot go through a transform: fade the item views
                    /// from `TunedLayout.cards(offset:)` if you need it.)
                    public func carousel(
                        _ carousel: iCarousel, itemTransformForOffset offset: CGFloat, baseTransform transform: CATransform3D
                    ) -> CATransform3D {
                        let position = -Double(offset) * TunedLayout.spacing
                        guard let card = TunedLayout.cards(offset: position).last(where: { $0.item == 0 }) else {
                            return CATransform3DMakeScale(0, 0, 1)  // not visible at this offset
                        }
                        let center = card.center, viewport = TunedLayout.viewport
                        return CATransform3DConcat(
                            CATransform3D(tuned: card.centeredTransform),
                            CATransform3DMakeTranslation(
                                CGFloat(center.x - viewport.width / 2), CGFloat(center.y - viewport.height / 2), 0))
                    }
            """ : ""
        return """

            #if canImport(UIKit) && canImport(iCarousel)
            import UIKit
            import iCarousel

            /// iCarousel's delegate for the tuned numbers: `configure(carousel)` sets the type,
            /// perspective and delegate (keep a strong reference to this object: iCarousel's
            /// delegate is weak); the data source stays yours, with
            /// item views of `TunedLayout.parameters.card` size. With iCarousel in a bridging
            /// header instead of a module, drop `&& canImport(iCarousel)` and the import.
            public final class TunedCarouselDelegate: NSObject, iCarouselDelegate {
                public static let carouselType: iCarouselType = \(type.map(typeName) ?? ".custom")

                /// Sets `carousel` up for the tuned numbers: its type, perspective (`layout.m34`),
                /// viewpoint offset, scroll physics (`configureScrolling`), and this object as its delegate.\((p.carousel.vertical ?? false) ? " Set `vertical` (isVertical) to true as well: the carousel was tuned vertical." : "")
                public func configure(_ carousel: iCarousel) {
                    carousel.type = Self.carouselType
                    carousel.perspective = CGFloat(TunedLayout.parameters.layout.m34)
                    carousel.viewpointOffset = CGSize(width: \(literal(p.carousel.viewpoint?.first ?? 0)), height: \(literal(p.carousel.viewpoint?.last ?? 0)))
                    carousel.delegate = self
                    configureScrolling(carousel)
                }

                public func carouselItemWidth(_ carousel: iCarousel) -> CGFloat {
                    CGFloat(\((p.carousel.vertical ?? false) ? "TunedLayout.parameters.card.height" : "TunedLayout.parameters.card.width"))
                }

                public func carousel(_ carousel: iCarousel, valueFor option: iCarouselOption, withDefault value: CGFloat) -> CGFloat {
                    switch option {
            \(options)
                    default: return value
                    }
                }
            \(custom)
            }

            \(type == nil ? transformExtension : "")
            #endif

            """
    }
}
