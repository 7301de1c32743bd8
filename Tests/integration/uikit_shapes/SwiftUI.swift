// swift-format-ignore-file
// (These mirror the names of Apple's frameworks, which the rules would rename.)
// The shapes of the SwiftUI API the exported view and animation use, declared as SwiftUI
// declares them (iOS 17's springs marked so), so `swiftc -typecheck` can check them on Linux.
// Not an implementation: nothing here runs.
@_exported import UIKit

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public struct Alignment {
    public init() {}
    public static let center = Alignment()
    public static let topLeading = Alignment()
}

/// What a modifier returns here; SwiftUI returns its own wrappers.
public struct ModifiedView: View {
    public var body: Never { fatalError() }
}

public struct ZStack<Content: View>: View {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}

public struct ProjectionTransform {
    public init(_ m: CATransform3D) {}
}

public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

extension View {
    public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedView { ModifiedView() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedView { ModifiedView() }
    public func projectionEffect(_ transform: ProjectionTransform) -> ModifiedView { ModifiedView() }
    public func opacity(_ opacity: Double) -> ModifiedView { ModifiedView() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedView { ModifiedView() }
    public func zIndex(_ value: Double) -> ModifiedView { ModifiedView() }
}

public protocol ShapeStyle {}

public struct Color: View, ShapeStyle {
    public enum RGBColorSpace { case sRGB, sRGBLinear, displayP3 }
    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public func opacity(_ opacity: Double) -> Color { self }
    public var body: Never { fatalError() }
}

public protocol Shape: View {}
public protocol InsettableShape: Shape {}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> ModifiedView { ModifiedView() }
}

public struct RoundedRectangle: InsettableShape {
    public init(cornerRadius: CGFloat) {}
    public var body: Never { fatalError() }
}

public struct FillStyle {
    public init() {}
}

extension View {
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> ModifiedView { ModifiedView() }
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> ModifiedView { ModifiedView() }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedView { ModifiedView() }
    public func shadow(color: Color = Color(.sRGBLinear, red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedView { ModifiedView() }
}

public struct Animation {
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { Animation() }
    @available(iOS 17.0, *)
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation { Animation() }
}

// Reduce Motion (issue 49): the environment value a view reads. `Environment` reads the
// values the shapes hold (`EnvironmentValues.simulated`, not SwiftUI's) so a test can build
// a view with the setting on and off and read what it lays out.
public protocol DynamicProperty {}

public struct EnvironmentValues {
    public init() {}
    public var accessibilityReduceMotion: Bool { reduceMotion }
    // Not SwiftUI's: the values every `Environment` reads here, set by a test.
    public var reduceMotion = false
    public static var simulated = EnvironmentValues()
}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.simulated[keyPath: keyPath] }
}
