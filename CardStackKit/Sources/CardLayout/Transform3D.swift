import RealModule

/// A 4x4 transform with Core Animation's `CATransform3D` semantics.
///
/// Points are row vectors: `[x, y, z, 1] * M = [X, Y, Z, W]`, translation sits in
/// `m41...m43` and perspective in `m34`. `a.then(b)` is the product `a * b`: `a` acts on
/// the point first. The factories mirror Core Animation's `Make` functions, and
/// `rotated(by:x:y:z:)` mirrors `CATransform3DRotate(t, ...)`, which acts *before* `t`.
///
/// ```swift
/// // CATransform3DScale(CATransform3DRotate(perspective, angle, 1, 0, 0), s, s, 1)
/// let m = Transform3D.scale(s, s, 1).then(.rotation(angle, x: 1, y: 0, z: 0)).then(.perspective(-1 / 2000))
/// ```
public struct Transform3D: Sendable, Equatable, Hashable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    /// Creates a matrix from its 16 entries, row by row (`m11, m12, ..., m44`).
    public init(_ e: [Double]) {
        precondition(e.count == 16, "a 4x4 matrix has 16 entries")
        (m11, m12, m13, m14) = (e[0], e[1], e[2], e[3])
        (m21, m22, m23, m24) = (e[4], e[5], e[6], e[7])
        (m31, m32, m33, m34) = (e[8], e[9], e[10], e[11])
        (m41, m42, m43, m44) = (e[12], e[13], e[14], e[15])
    }

    /// The 16 entries row by row, as they go on the wire.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `CATransform3DMakeTranslation`.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (tx, ty, tz)
        return t
    }

    /// `CATransform3DMakeScale`.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (sx, sy, sz)
        return t
    }

    /// The perspective idiom: identity with `m34 = p` (`p = -1 / eye distance`).
    public static func perspective(_ p: Double) -> Transform3D {
        var t = identity
        t.m34 = p
        return t
    }

    /// `CATransform3DMakeRotation`: `angle` radians about the axis `(x, y, z)`, normalised.
    /// A zero axis gives the identity, as in Core Animation.
    public static func rotation(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = Double.cos(angle)
        let s = Double.sin(angle)
        let t = 1 - c
        return Transform3D([
            c + x * x * t, x * y * t + z * s, x * z * t - y * s, 0,
            x * y * t - z * s, c + y * y * t, y * z * t + x * s, 0,
            x * z * t + y * s, y * z * t - x * s, c + z * z * t, 0,
            0, 0, 0, 1,
        ])
    }

    /// The product `self * next`: `self` acts on a point first, then `next`.
    ///
    /// Each entry is the row-by-column sum taken from 0 in the order k = 1…4, written out
    /// (no arrays: this runs for every card of every frame, in debug builds too).
    public func then(_ next: Transform3D) -> Transform3D {
        let b = next
        var out = self
        (out.m11, out.m12, out.m13, out.m14) = Self.row(m11, m12, m13, m14, b)
        (out.m21, out.m22, out.m23, out.m24) = Self.row(m21, m22, m23, m24, b)
        (out.m31, out.m32, out.m33, out.m34) = Self.row(m31, m32, m33, m34, b)
        (out.m41, out.m42, out.m43, out.m44) = Self.row(m41, m42, m43, m44, b)
        return out
    }

    /// The row `(a1, a2, a3, a4)` times `b`.
    @inline(__always)
    static func row(
        _ a1: Double, _ a2: Double, _ a3: Double, _ a4: Double, _ b: Transform3D
    ) -> (Double, Double, Double, Double) {
        (
            0 + a1 * b.m11 + a2 * b.m21 + a3 * b.m31 + a4 * b.m41,
            0 + a1 * b.m12 + a2 * b.m22 + a3 * b.m32 + a4 * b.m42,
            0 + a1 * b.m13 + a2 * b.m23 + a3 * b.m33 + a4 * b.m43,
            0 + a1 * b.m14 + a2 * b.m24 + a3 * b.m34 + a4 * b.m44
        )
    }

    /// Whether all 16 entries are finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// `CATransform3DRotate(self, ...)`: the rotation acts on the point before `self`.
    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle, x: x, y: y, z: z).then(self)
    }

    /// `CATransform3DScale(self, ...)`: the scale acts on the point before `self`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).then(self)
    }

    /// `CATransform3DTranslate(self, ...)`: the translation acts on the point before `self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).then(self)
    }

    /// `[x, y, z, 1] * self`, before the perspective divide.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (
            x * m11 + y * m21 + z * m31 + m41,
            x * m12 + y * m22 + z * m32 + m42,
            x * m13 + y * m23 + z * m33 + m43,
            x * m14 + y * m24 + z * m34 + m44
        )
    }

    /// Where the point `(x, y, 0)` lands on screen after the divide, or `nil` when it is
    /// behind the eye (`W <= 0`).
    public func project(x: Double, y: Double) -> Point? {
        let p = apply(x: x, y: y, z: 0)
        guard p.w > 0 else { return nil }
        return Point(p.x / p.w, p.y / p.w)
    }
}

/// A point in viewport points (y down).
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
