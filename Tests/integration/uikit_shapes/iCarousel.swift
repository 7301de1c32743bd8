// swift-format-ignore-file
// (These mirror the names of Apple's frameworks and of iCarousel, which the rules would rename.)

// The shapes of iCarousel's delegate API as Swift imports them (iCarousel.h), for
// `swiftc -typecheck` of the exported delegate on Linux. Not an implementation.
import UIKit

open class iCarousel: NSObject {
    open var type = iCarouselType.linear
    open var perspective: CGFloat = -1.0 / 500.0
    open var viewpointOffset = CGSize.zero
    open weak var delegate: (any iCarouselDelegate)?
    // The scroll settings (iCarousel.h), with iCarousel's defaults (setUp).
    open var bounces = true
    open var bounceDistance: CGFloat = 1
    open var decelerationRate: CGFloat = 0.95
    open var scrollSpeed: CGFloat = 1
    open var stopAtItemBoundary = true
    open var scrollToItemBoundary = true
    open var isPagingEnabled = false
}

public enum iCarouselType: Int {
    case linear, rotary, invertedRotary, cylinder, invertedCylinder, wheel, invertedWheel
    case coverFlow, coverFlow2, timeMachine, invertedTimeMachine, custom
}

public enum iCarouselOption: Int {
    case wrap, showBackfaces, offsetMultiplier, visibleItems, count, arc, angle, radius, tilt, spacing
    case fadeMin, fadeMax, fadeRange, fadeMinAlpha
}

/// Every method is optional in Objective-C; the ones the export implements are listed.
public protocol iCarouselDelegate: AnyObject {
    func carouselItemWidth(_ carousel: iCarousel) -> CGFloat
    func carousel(_ carousel: iCarousel, valueFor option: iCarouselOption, withDefault value: CGFloat) -> CGFloat
    func carousel(_ carousel: iCarousel, itemTransformForOffset offset: CGFloat, baseTransform transform: CATransform3D)
        -> CATransform3D
}

extension iCarouselDelegate {
    public func carousel(
        _ carousel: iCarousel, itemTransformForOffset offset: CGFloat, baseTransform transform: CATransform3D
    ) -> CATransform3D {
        transform
    }
}
