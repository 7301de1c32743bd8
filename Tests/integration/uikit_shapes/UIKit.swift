// swift-format-ignore-file
// (These mirror the names of Apple's frameworks and of iCarousel, which the rules would rename.)
// The shapes of the UIKit and Core Animation API the exported adapters use, declared as
// UIKit declares them, so `swiftc -typecheck` can check the adapters on Linux, where the
// SDK does not exist. Not an implementation: nothing here runs.

public typealias CGFloat = Double

public struct CGPoint: Equatable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = CGPoint(x: 0, y: 0)
}

public struct CGSize: Equatable {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
    public static let zero = CGSize(width: 0, height: 0)
}

public struct CGRect: Equatable {
    public var origin: CGPoint
    public var size: CGSize
    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }
}

public struct IndexPath: Hashable {
    public var item: Int
    public var section: Int
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }
}

public struct CATransform3D {
    public var m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44: CGFloat
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { fatalError() }
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D { fatalError() }
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { fatalError() }

open class NSObject {
    public init() {}
}

// The scroll physics the exported `configureScrolling` sets, and the delegate method its
// `TunedCollectionViewLayout.ScrollDelegate` implements (UIScrollView.h). In the SDK
// UIScrollView is a main-actor UIView; here a plain class, so a test can make one and drive
// the delegate.
open class UIScrollView: NSObject {
    public struct DecelerationRate: Hashable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
    open var contentOffset = CGPoint.zero
    open var bounds = CGRect(origin: .zero, size: .zero)
    open var decelerationRate = DecelerationRate.normal
    open var bounces = true
    open var isPagingEnabled = false
}

/// Every method is optional in Objective-C; the one the export implements is listed.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
}

open class UICollectionView: UIScrollView {
    open var numberOfSections: Int { 0 }
    open func numberOfItems(inSection section: Int) -> Int { 0 }
}

open class UICollectionViewLayoutAttributes: NSObject {
    public init(forCellWith indexPath: IndexPath) { self.indexPath = indexPath }
    open var indexPath: IndexPath
    open var size = CGSize.zero
    open var center = CGPoint.zero
    open var transform3D = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0,
        m43: 0, m44: 1)
    open var alpha: CGFloat = 1
    open var zIndex = 0
}

@MainActor open class UICollectionViewLayout: NSObject {
    open var collectionView: UICollectionView? { nil }
    open var collectionViewContentSize: CGSize { .zero }
    open func prepare() {}
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint { proposedContentOffset }
    open func invalidateLayout() { invalidations += 1 }
    // Not UIKit's: how many times the layout was invalidated, for a test to read.
    public var invalidations = 0
}

// Timing: what the exported motion adapters hand to UIKit and Core Animation.
public typealias TimeInterval = Double
public typealias CFTimeInterval = Double

// Foundation's run loop, which UIKit re-exports: where a display link is added.
open class RunLoop: NSObject {
    public struct Mode: Hashable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("kCFRunLoopDefaultMode")
        public static let common = Mode("kCFRunLoopCommonModes")
    }
    public static let main = RunLoop()
}

public struct CGVector: Equatable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
}

public protocol UITimingCurveProvider {}

@MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
    @available(iOS 17.0, *)
    public convenience init(duration: TimeInterval, bounce: CGFloat, initialVelocity: CGVector = CGVector(dx: 0, dy: 0)) {
        self.init(mass: 1, stiffness: 100, damping: 10, initialVelocity: initialVelocity)
    }
}

@MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {}
}

public enum UIViewAnimatingPosition: Int {
    case end, start, current
}

@MainActor open class UIViewPropertyAnimator: NSObject {
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {}
    open func addAnimations(_ animation: @escaping () -> Void) {}
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    open func startAnimation() {}
}

@MainActor open class UIView: NSObject {
    public struct AnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }
    @available(iOS 17.0, *)
    open class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0, initialSpringVelocity: CGFloat = 0.0,
        delay: TimeInterval = 0.0, options: UIView.AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {}
}

open class CAMediaTimingFunction: NSObject {
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

open class CABasicAnimation: NSObject {
    public init(keyPath path: String?) { keyPath = path }
    open var keyPath: String?
    open var fromValue: Any?
    open var toValue: Any?
    open var duration: CFTimeInterval = 0
    open var timingFunction: CAMediaTimingFunction?
}

open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
    @available(iOS 17.0, *)
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) { self.init(keyPath: nil) }
}

// The look (issue 35): a card's layer and its colours.
public final class CGColor {}

open class UIColor: NSObject {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { fatalError() }
    open var cgColor: CGColor { fatalError() }
}

open class CALayer: NSObject {
    open var backgroundColor: CGColor?
    open var cornerRadius: CGFloat = 0
    open var masksToBounds = false
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowColor: CGColor?
    open var isDoubleSided = true
}

// Reduce Motion (issue 49): Foundation's notifications, which UIKit re-exports, and
// UIAccessibility's setting with the notification posted when it changes. These do run: a
// test links them to drive the exported adapters with the setting on and off.
public protocol NSObjectProtocol: AnyObject {}

open class NSNotification: NSObject {
    public struct Name: Hashable, RawRepresentable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

public struct Notification {
    public typealias Name = NSNotification.Name
    public var name: Notification.Name
    public var object: Any?
    public init(name: Notification.Name, object: Any? = nil) {
        self.name = name
        self.object = object
    }
}

open class OperationQueue: NSObject {
    public static let main = OperationQueue()
}

open class NotificationCenter: NSObject {
    public static let `default` = NotificationCenter()
    private final class Observer: NSObject, NSObjectProtocol {
        let name: Notification.Name?
        let block: @Sendable (Notification) -> Void
        init(name: Notification.Name?, block: @escaping @Sendable (Notification) -> Void) {
            self.name = name
            self.block = block
        }
    }
    private var observers: [Observer] = []
    open func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol {
        let observer = Observer(name: name, block: block)
        observers.append(observer)
        return observer
    }
    open func removeObserver(_ observer: Any) {
        observers.removeAll { $0 === (observer as AnyObject) }
    }
    open func post(name aName: NSNotification.Name, object anObject: Any?) {
        for observer in observers where observer.name == nil || observer.name == aName {
            observer.block(Notification(name: aName, object: anObject))
        }
    }
}

public enum UIAccessibility {
    @MainActor public static var isReduceMotionEnabled: Bool { reduceMotion }
    public static let reduceMotionStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityReduceMotionStatusDidChangeNotification")

    // Not the SDK's: what the system does when the user turns the setting on or off in
    // Settings › Accessibility › Motion: the value changes, then the notification is posted.
    @MainActor private static var reduceMotion = false
    @MainActor public static func simulateReduceMotion(_ on: Bool) {
        reduceMotion = on
        NotificationCenter.default.post(name: reduceMotionStatusDidChangeNotification, object: nil)
    }
}
