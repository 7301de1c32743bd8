// swift-format-ignore-file
// (These mirror the names of Apple's frameworks, which the rules would rename.)
// QuartzCore's shape for the exported SwiftUI view, which imports it for CATransform3D (the
// Core Animation declarations it needs live in UIKit.swift here, as UIKit re-exports them on
// iOS), and for the exported display link. Not an implementation: a test links these to run
// the exported animator against a simulated link, but no body does anything.
@_exported import UIKit

// The display link the exported `TunedMoveAnimator` runs on, as QuartzCore declares it. One
// difference: the SDK makes a link with `init(target:selector:)`, which needs the Objective-C
// runtime; here the inherited `init()` lets a test subclass it as a simulated link that
// overrides `timestamp` and `targetTimestamp`.
open class CADisplayLink: NSObject {
    open var timestamp: CFTimeInterval { 0 }
    open var targetTimestamp: CFTimeInterval { 0 }
    open var duration: CFTimeInterval { 0 }
    open var isPaused = false
    @available(iOS 15.0, *)
    open var preferredFrameRateRange = CAFrameRateRange.default
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    open func invalidate() {}
}

@available(iOS 15.0, *)
public struct CAFrameRateRange: Equatable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}
