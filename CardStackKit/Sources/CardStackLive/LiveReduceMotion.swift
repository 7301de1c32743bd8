#if canImport(UIKit)
    import Foundation
    import UIKit

    /// Hands the phone's Reduce Motion setting to a follower: `UIAccessibility.isReduceMotionEnabled`
    /// at once, then again at each `UIAccessibility.reduceMotionStatusDidChangeNotification`,
    /// while it lives. `LiveCollectionViewLayout` and `LiveModel` keep one; an app's own view
    /// can too. (Elsewhere pass the value: ``LiveFollower/Options/reduceMotion`` and
    /// ``LiveFollower/setReduceMotion(_:)``.)
    public final class LiveReduceMotion {
        private let token: any NSObjectProtocol

        @MainActor public init(follower: LiveFollower) {
            follower.setReduceMotion(UIAccessibility.isReduceMotionEnabled)
            token = NotificationCenter.default.addObserver(
                forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: .main
            ) { [weak follower] _ in
                // Posted on the main queue, as asked.
                MainActor.assumeIsolated { follower?.setReduceMotion(UIAccessibility.isReduceMotionEnabled) }
            }
        }

        deinit { NotificationCenter.default.removeObserver(token) }
    }
#endif
