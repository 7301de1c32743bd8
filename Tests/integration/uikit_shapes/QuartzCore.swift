// swift-format-ignore-file
// (These mirror the names of Apple's frameworks, which the rules would rename.)
// QuartzCore's shape for the exported SwiftUI view, which imports it for CATransform3D: the
// Core Animation declarations live in UIKit.swift here, as UIKit re-exports them on iOS.
// Not an implementation: nothing here runs.
@_exported import UIKit
