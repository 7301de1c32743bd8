import CardLayout
import Testing

@testable import CardStackFit

/// Moves made by cardstack's own layout from hidden numbers, fitted back.
@Suite struct MotionFitTests {
    /// The trajectory of `point` under `animation` starting at `start`, sampled at 60 fps.
    func trajectory(
        _ parameters: Parameters, point: CardPoint, start: Double, frames: Int = 45, to: Double = 30
    ) -> [TrackSample] {
        let motion = Motion.step(from: 0, to: to, animation: parameters.animation)
        return (0..<frames).map { k in
            let t = Double(k) / 60
            let offset = t <= start ? 0 : motion.position(at: t - start)
            return TrackSample(time: t, point: point.position(in: Layout.frame(parameters, offset: offset))!)
        }
    }

    @Test func recoversASpring() throws {
        var hidden = Parameters()
        hidden.animation.spring = Spring(dampingRatio: 0.72, response: 0.42)
        let point = CardPoint(item: 1, u: 0.05, v: 0.02)
        let samples = trajectory(hidden, point: point, start: 0.05)
        let guess = CardPoint(item: 1, u: 0.06, v: 0.03)
        let fit = try MotionFit(parameters: Parameters(), from: 0, to: 30, samples: samples, point: guess).fit(.spring)
        let spring = try #require(fit.animation.spring)
        #expect(abs(spring.response / 0.42 - 1) < 0.03)
        #expect(abs(spring.dampingRatio - 0.72) < 0.03)
        #expect(abs(fit.start - 0.05) < 1.0 / 60)
        #expect(fit.residual.mean < 0.1)
    }

    @Test func recoversABezierAndItsDuration() throws {
        var hidden = Parameters()
        hidden.animation.curve = .bezier(0.3, 0.1, 0.2, 1)
        hidden.animation.duration = 0.4
        // A carousel: the card slides sideways, a card width per card.
        hidden.layout.style = .linear
        var base = Parameters()
        base.layout.style = .linear
        let point = CardPoint(item: 0, u: 0.5, v: 0.5)
        let samples = trajectory(hidden, point: point, start: 0.1, frames: 40)
        let fit = try MotionFit(parameters: base, from: 0, to: 30, samples: samples, point: point).fit(.curve)
        #expect(abs(fit.animation.duration - 0.4) < 1.0 / 60)
        #expect(abs(fit.start - 0.1) < 1.0 / 60)
        #expect(fit.residual.worst < 1)
        // The curve itself, over the move: within a point of the hidden one.
        let model = MotionFit(parameters: base, from: 0, to: 30, samples: samples, point: fit.point)
        let again = model.model(fit.animation, start: fit.start, point: point)
        for (a, s) in zip(again, samples) { #expect(distance(a!, s.point) < 1) }
    }

    @Test func aNamedCurveComesBackByName() throws {
        var hidden = Parameters()
        hidden.animation.curve = .easeInOut
        hidden.animation.duration = 0.5
        let point = CardPoint(item: 1, u: 0.03, v: 0.02)
        let samples = trajectory(hidden, point: point, start: 0, frames: 40)
        let fit = try MotionFit(parameters: Parameters(), from: 0, to: 30, samples: samples, point: point).fit(.curve)
        #expect(fit.animation.curve == .easeInOut)
        #expect(abs(fit.animation.duration - 0.5) < 1.0 / 60)
    }

    @Test func noMotionIsAnError() {
        let still = (0..<10).map { TrackSample(time: Double($0) / 60, point: Point(10, 10)) }
        let fit = MotionFit(
            parameters: Parameters(), from: 0, to: 30, samples: still, point: CardPoint(item: 1, u: 0, v: 0))
        #expect(throws: FitError.self) { try fit.fit(.spring) }
        let one = MotionFit(
            parameters: Parameters(), from: 0, to: 30, samples: Array(still.prefix(1)),
            point: CardPoint(item: 1, u: 0, v: 0))
        #expect(throws: FitError.self) { try one.fit(.curve) }
    }

    @Test func aPointIsFoundOnTheTopmostCard() throws {
        let frame = Layout.frame(Parameters(), offset: 0)
        let target = CardPoint(item: 1, u: 0.2, v: 0.02)
        let found = try #require(CardPoint.topmost(at: target.position(in: frame)!, in: frame))
        #expect(found.point.item == 1)
        #expect(abs(found.point.u - 0.2) < 1e-3 && abs(found.point.v - 0.02) < 1e-3)
    }
}
