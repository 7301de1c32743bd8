import CardLayout

extension SwiftExport {
    /// UIKit's and Core Animation's timing objects for the tuned move, and the display link
    /// animator, under `#if canImport(UIKit)`.
    static func timing(_ p: Parameters) -> String {
        """

        #if canImport(UIKit)
        import UIKit
        import QuartzCore

        \(timingAPI(p))
        \(displayLinkAnimator)
        #endif

        """
    }

    /// The timing objects as an `extension TunedLayout`, every number read from the pure
    /// part's `static let`s (the reduced variant's extension is this one's text for its
    /// parameters, SwiftExport+Reduced.swift).
    static func timingAPI(_ p: Parameters) -> String {
        let a = p.animation
        let provider: String
        let core: String
        if a.spring != nil {
            provider = """
                        // UIKit's initial velocity is relative: points per second over the distance.
                        let distance = to - from
                        let relative = CGVector(dx: CGFloat(distance == 0 ? 0 : velocity / distance), dy: 0)
                        if #available(iOS 17, *) {
                            return UISpringTimingParameters(
                                duration: springDuration, bounce: CGFloat(bounce), initialVelocity: relative)
                        }
                        return UISpringTimingParameters(
                            mass: CGFloat(mass), stiffness: CGFloat(stiffness), damping: CGFloat(damping),
                            initialVelocity: relative)
                """
            core = """
                        let animation: CASpringAnimation
                        if #available(iOS 17, *) {
                            animation = CASpringAnimation(perceptualDuration: springDuration, bounce: CGFloat(bounce))
                            animation.keyPath = keyPath
                        } else {
                            animation = CASpringAnimation(keyPath: keyPath)
                            animation.mass = CGFloat(mass)
                            animation.stiffness = CGFloat(stiffness)
                            animation.damping = CGFloat(damping)
                        }
                        let distance = to - from
                        animation.initialVelocity = CGFloat(distance == 0 ? 0 : velocity / distance)
                        animation.fromValue = from
                        animation.toValue = to
                        animation.duration = moveDuration(from: from, to: to, velocity: velocity)
                        return animation
                """
        } else {
            provider = """
                        UICubicTimingParameters(
                            controlPoint1: CGPoint(x: CGFloat(controlPoint1.x), y: CGFloat(controlPoint1.y)),
                            controlPoint2: CGPoint(x: CGFloat(controlPoint2.x), y: CGFloat(controlPoint2.y)))
                """
            core = """
                        let animation = CABasicAnimation(keyPath: keyPath)
                        animation.timingFunction = CAMediaTimingFunction(
                            controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
                        animation.fromValue = from
                        animation.toValue = to
                        animation.duration = moveDuration(from: from, to: to, velocity: velocity)
                        return animation
                """
        }
        let kind =
            a.spring != nil
            ? "the spring: iOS 17's `UISpringTimingParameters(duration:bounce:initialVelocity:)` with `springDuration` and `bounce`, else `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` with `mass`, `stiffness` and `damping`"
            : (a.curve == .decelerate
                ? "the nearest cubic Bézier to `decelerate` (`controlPoint1`, `controlPoint2`; its error is in their comment: `TunedMoveAnimator` plays the exact curve)"
                : "the curve's cubic Bézier: `UICubicTimingParameters(controlPoint1:controlPoint2:)`")
        return """
            extension TunedLayout {
                /// UIKit's timing for a move from `from` to `to` starting at `velocity` points per
                /// second: \(kind).
                @MainActor
                public static func timingParameters(from: Double, to: Double, velocity: Double = 0) -> any UITimingCurveProvider {
            \(provider)
                }

                /// A property animator for that move, running `moveDuration(from:to:velocity:)`
                /// seconds; add the animations that set the offset (or anything else) to `to`.
                @MainActor
                public static func propertyAnimator(from: Double, to: Double, velocity: Double = 0) -> UIViewPropertyAnimator {
                    UIViewPropertyAnimator(
                        duration: moveDuration(from: from, to: to, velocity: velocity),
                        timingParameters: timingParameters(from: from, to: to, velocity: velocity))
                }

            \(a.spring != nil ? springAnimate : "")
                /// The same move as a Core Animation animation of `keyPath` (\(a.spring != nil ? "`CASpringAnimation`" : "`CABasicAnimation` with a `CAMediaTimingFunction`")).
                @MainActor
                public static func coreAnimation(keyPath: String, from: Double, to: Double, velocity: Double = 0) -> CABasicAnimation {
            \(core)
                }
            }

            """
    }

    /// `UIView.animate` with the tuned spring: iOS 17's own words, else the property animator.
    static let springAnimate = """
            /// Animates `animations` (the views' changes for a move from `from` to `to`) on the
            /// tuned spring: iOS 17's `UIView.animate(springDuration:bounce:initialSpringVelocity:…)`,
            /// else the same spring through `propertyAnimator(from:to:velocity:)`.
            @MainActor
            public static func animate(
                from: Double, to: Double, velocity: Double = 0, animations: @escaping () -> Void,
                completion: ((Bool) -> Void)? = nil
            ) {
                let distance = to - from
                let relative = CGFloat(distance == 0 ? 0 : velocity / distance)
                if #available(iOS 17, *) {
                    UIView.animate(
                        springDuration: springDuration, bounce: CGFloat(bounce), initialSpringVelocity: relative,
                        animations: animations, completion: completion)
                    return
                }
                let animator = propertyAnimator(from: from, to: to, velocity: velocity)
                animator.addAnimations(animations)
                if let completion { animator.addCompletion { completion($0 == .end) } }
                animator.startAnimation()
            }

        """

    /// Sets a collection view's contentOffset every screen refresh from the exact motion:
    /// the one way to play `decelerate` (no UIKit curve is that curve) and a fling exactly.
    /// Each frame is the motion at the display link's `targetTimestamp` (when the frame about
    /// to be drawn will show, not `timestamp`, when the last one did), and the link asks for
    /// up to 120 Hz (docs/exporting.md, "120 Hz on iPhone").
    static let displayLinkAnimator = """
        /// Plays a move on a collection view's contentOffset frame by frame from
        /// `TunedLayout.position(from:to:velocity:at:)` (or a fling from `flingPosition`), driven by
        /// a CADisplayLink: exactly the daemon's curve, whatever it is. Keep a reference while it runs.
        /// Each frame is the move at the link's `targetTimestamp`, the time that frame will be on
        /// screen; the link asks for up to 120 Hz (an iPhone also needs
        /// `CADisableMinimumFrameDurationOnPhone` in the app's Info.plist).
        @MainActor
        public final class TunedMoveAnimator: NSObject {
            private weak var view: UICollectionView?
            private let vertical: Bool
            private let position: (Double) -> Double
            private let duration: Double
            private var link: CADisplayLink?
            private var begun: CFTimeInterval?
            #if DEBUG
            /// Set to `[]` in a debug build to keep every frame drawn as a device trace line
            /// (`{"time", "duration", "offset"}`, the time from the move's start): write them to a
            /// file and `cardstack verify --device FILE GOLDEN --from-move-start` holds them
            /// against a golden recording of the same move (docs/exporting.md, "A device trace").
            public var trace: [String]?
            #endif

            /// A move from the view's offset to `to`, along the axis the layout scrolls.
            public init(view: UICollectionView, to: Double, velocity: Double = 0, vertical: Bool) {
                let from = Double(vertical ? view.contentOffset.y : view.contentOffset.x)
                self.view = view
                self.vertical = vertical
                // The variant the Reduce Motion setting asks for as the move starts.
                let reduced = TunedLayout.reduceMotion
                position = { TunedLayout.position(from: from, to: to, velocity: velocity, at: $0, reduceMotion: reduced) }
                duration = TunedLayout.moveDuration(from: from, to: to, velocity: velocity, reduceMotion: reduced)
            }

            /// A fling at `velocity` points per second from the view's offset.
            public init(view: UICollectionView, flingVelocity velocity: Double, vertical: Bool) {
                let from = Double(vertical ? view.contentOffset.y : view.contentOffset.x)
                self.view = view
                self.vertical = vertical
                let reduced = TunedLayout.reduceMotion
                position = { TunedLayout.flingPosition(from: from, velocity: velocity, at: $0, reduceMotion: reduced) }
                duration = TunedLayout.flingDuration(from: from, velocity: velocity, reduceMotion: reduced)
            }

            #if canImport(ObjectiveC)  // always on iOS; lets the adapters type-check where @objc does not exist
            /// Starts the move on a new display link on the main run loop.
            public func start() {
                run(on: CADisplayLink(target: self, selector: #selector(step(_:))))
            }

            @objc private func step(_ link: CADisplayLink) { advance(link) }
            #endif

            /// Plays the move on `link` (`start()` makes one that calls `advance` every refresh):
            /// asks for 60 to 120 Hz, preferably 120 (iOS 15), and adds it to the main run loop.
            public func run(on link: CADisplayLink) {
                self.link?.invalidate()
                begun = nil
                if #available(iOS 15, *) {
                    link.preferredFrameRateRange = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)
                }
                link.add(to: .main, forMode: .common)
                self.link = link
            }

            public func stop() {
                link?.invalidate()
                link = nil
            }

            /// One refresh: sets the offset the frame about to be drawn shows, the move at
            /// `link.targetTimestamp`. The move starts at the first call's `timestamp` (the frame
            /// on screen then is the move's start), and stops once the move is over.
            public func advance(_ link: CADisplayLink) {
                guard let view else { return stop() }
                let start = begun ?? link.timestamp
                begun = start
                let t = link.targetTimestamp - start
                let offset = CGFloat(position(min(t, duration)))
                view.contentOffset = vertical
                    ? CGPoint(x: view.contentOffset.x, y: offset) : CGPoint(x: offset, y: view.contentOffset.y)
                #if DEBUG
                trace?.append(
                    #"{"time":\\#(t),"duration":\\#(link.targetTimestamp - link.timestamp),"offset":\\#(Double(offset))}"#)
                #endif
                if t >= duration { stop() }
            }
        }
        """
}
