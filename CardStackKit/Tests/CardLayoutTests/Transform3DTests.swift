import CardLayout
import Foundation
import Testing

@Suite struct Transform3DTests {
    let degree = Double.pi / 180

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

    @Test func rotationAboutXSendsYTowardTheViewer() {
        // Row vectors: [0, 1, 0] * Rx(90°) = [0, 0, 1]: +y turns toward +z (the viewer).
        let p = Transform3D.rotation(90 * degree, x: 1, y: 0, z: 0).apply(x: 0, y: 1, z: 0)
        #expect(close(p.x, 0) && close(p.y, 0) && close(p.z, 1) && p.w == 1)
    }

    @Test func rotationEntriesFollowCoreAnimation() {
        let a = 30 * degree
        let rx = Transform3D.rotation(a, x: 1, y: 0, z: 0)
        #expect(close(rx.m22, cos(a)) && close(rx.m23, sin(a)) && close(rx.m32, -sin(a)) && close(rx.m33, cos(a)))
        let ry = Transform3D.rotation(a, x: 0, y: 1, z: 0)
        #expect(close(ry.m11, cos(a)) && close(ry.m13, -sin(a)) && close(ry.m31, sin(a)))
        let rz = Transform3D.rotation(a, x: 0, y: 0, z: 2)  // the axis is normalised
        #expect(close(rz.m11, cos(a)) && close(rz.m12, sin(a)) && close(rz.m21, -sin(a)))
        #expect(Transform3D.rotation(a, x: 0, y: 0, z: 0) == .identity)
    }

    @Test func compositionActsLeftFirst() {
        // Translate then scale: (1, 0) -> (11, 0) -> (22, 0). Scale then translate: (2, 0) -> (12, 0).
        let ts = Transform3D.translation(10, 0, 0).then(.scale(2, 2, 1))
        let st = Transform3D.scale(2, 2, 1).then(.translation(10, 0, 0))
        #expect(ts.apply(x: 1, y: 0, z: 0).x == 22)
        #expect(st.apply(x: 1, y: 0, z: 0).x == 12)
        // CATransform3DScale(t, ...) acts before t.
        #expect(Transform3D.translation(10, 0, 0).scaled(2, 2, 1) == st)
        #expect(ts.entries == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 20, 0, 0, 1])
    }

    @Test func perspectiveDivide() {
        // A point 500 pt toward the viewer with m34 = -1/2000 has W = 1 - 500/2000 = 0.75.
        let p = Transform3D.translation(0, 0, 500).then(.perspective(-1.0 / 2000))
        let q = p.apply(x: 30, y: 60, z: 0)
        #expect(close(q.w, 0.75))
        let screen = p.project(x: 30, y: 60)
        #expect(close(screen!.x, 40) && close(screen!.y, 80))
        // At or beyond the eye there is no projection.
        #expect(Transform3D.translation(0, 0, 2000).then(.perspective(-1.0 / 2000)).project(x: 0, y: 0) == nil)
    }

    @Test func theSeedsFlipMatrix() {
        // CATransform3DRotate(perspective(-1/2000), -179.999°, 1, 0, 0) = Rx · P.
        let angle = -179.999 * degree
        let m = Transform3D.perspective(-1.0 / 2000).rotated(by: angle, x: 1, y: 0, z: 0)
        let c = cos(angle)
        let s = sin(angle)
        let expected: [Double] = [
            1, 0, 0, 0,
            0, c, s, -s / 2000,
            0, -s, c, -c / 2000,
            0, 0, 0, 1,
        ]
        for (a, b) in zip(m.entries, expected) { #expect(close(a, b)) }
        // The top edge of a 400-pt card hinged at its bottom swings down to just below the hinge.
        let top = m.apply(x: 0, y: -400, z: 0)
        #expect(close(top.w, 1 + 400 * s / 2000))
        #expect(close(top.y / top.w, -400 * c / (1 + 400 * s / 2000), 1e-9))
        #expect(abs(top.y / top.w - 400) < 0.01)
    }
}
