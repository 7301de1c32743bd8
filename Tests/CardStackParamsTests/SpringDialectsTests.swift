import CardLayout
import CardStackProtocol
import Testing

@testable import CardStackParams

/// `animation.spring` in every dialect (docs/parameters.md, "Springs in every dialect"): each
/// is the same spring as its damping ratio and response, and keeps the words it came in.
@Suite struct SpringDialectsTests {
    func spring(_ value: String) throws -> Spring {
        let text = "[animation]\nspring = \(value)\n"
        return try #require(
            try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml").parameters.animation.spring)
    }

    func same(_ a: Spring, _ zeta: Double, _ response: Double) -> Bool {
        abs(a.dampingRatio - zeta) <= 1e-9 && abs(a.response - response) <= 1e-9
    }

    @Test(arguments: [
        ("{ duration = 0.5, bounce = 0.2 }", 0.8, 0.5),
        ("{ duration = 0.35, bounce = 0 }", 1.0, 0.35),
        ("{ duration = 0.4, bounce = -0.5 }", 2.0, 0.4),
        ("{ bounce = 0.3 }", 0.7, 0.5),
        ("{ mass = 1, stiffness = 100, damping = 10 }", 0.5, 2 * Double.pi / 10),
        ("{ mass = 2, stiffness = 200, damping = 20 }", 0.5, 2 * Double.pi / 10),
        ("{ stiffness = 157.91367041742973, damping = 17.592918860102841 }", 0.7, 0.5),
        ("\"smooth\"", 1.0, 0.5), ("\"snappy\"", 0.85, 0.5), ("\"bouncy\"", 0.7, 0.5),
        ("{ damping_ratio = 0.7 }", 0.7, 0.5), ("{}", 0.825, 0.5),
    ])
    func everyDialectIsTheSameSpring(value: String, zeta: Double, response: Double) throws {
        let s = try spring(value)
        #expect(same(s, zeta, response), "\(value): \(s)")
        // Its readings in every other dialect come back to it.
        #expect(same(Spring(duration: s.duration, bounce: s.bounce), zeta, response))
        #expect(same(Spring(mass: s.mass, stiffness: s.stiffness, damping: s.damping), zeta, response))
    }

    @Test func eachKeepsTheWordsItCameIn() throws {
        #expect(try spring("{ duration = 0.5, bounce = 0.2 }").written == .durationBounce(duration: 0.5, bounce: 0.2))
        #expect(
            try spring("{ mass = 1, stiffness = 100, damping = 10 }").written
                == .physical(mass: 1, stiffness: 100, damping: 10))
        #expect(try spring("\"snappy\"").written == .named("snappy"))
        #expect(try spring("{ damping_ratio = 0.7, response = 0.35 }").written == .dampingRatio)
        let b = try spring("{ duration = 0.5, bounce = 0.2 }")
        #expect(b.duration == 0.5 && b.bounce == 0.2, "the numbers as written, not 1 − ζ")
        #expect(Spring.snappy.bounce == 0.15 && Spring.bouncy.duration == 0.5 && Spring.smooth.dampingRatio == 1)
        // Apple's own example (the SwiftUI `Spring` overview): duration 0.5, bounce 0.3 is
        // mass 1, stiffness 157.9, damping 17.6; mass 1, stiffness 100, damping 10 is 0.63 s, 0.5.
        let apple = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(apple.stiffness - 157.9) < 0.05 && abs(apple.damping - 17.6) < 0.05 && apple.mass == 1)
        let uikit = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(uikit.duration - 0.63) < 0.005 && abs(uikit.bounce - 0.5) < 1e-12)
    }

    @Test func flattenAndSaveWriteTheDialectGiven() throws {
        let text = "[animation]\nduration = 0.3\n"
        var target = try ParamsDocument.parameters(from: Array(text.utf8), path: "t").parameters
        for (spring, line) in [
            (Spring(duration: 0.5, bounce: 0.2), "spring = { duration = 0.5, bounce = 0.2 }"),
            (Spring.snappy, "spring = \"snappy\""),
            (
                Spring(mass: 2, stiffness: 300, damping: 12.5),
                "spring = { mass = 2.0, stiffness = 300.0, damping = 12.5 }"
            ),
            (Spring(dampingRatio: 0.7, response: 0.35), "spring = { damping_ratio = 0.7, response = 0.35 }"),
        ] {
            target.animation.spring = spring
            let (bytes, changed) = try ParamsSaver.save(Array(text.utf8), as: target)
            #expect(String(decoding: bytes, as: UTF8.self) == "[animation]\nduration = 0.3\n\(line)\n")
            #expect(changed == ["animation.spring"])
            let back = try ParamsDocument.parameters(from: bytes, path: "t").parameters.animation.spring
            #expect(back == spring)
        }
    }

    @Test func mixingDialectsSaysSo() throws {
        let text = "[animation]\nspring = { damping_ratio = 0.5, duration = 0.3 }\n"
        do {
            _ = try ParamsDocument.parameters(from: Array(text.utf8), path: "t")
            Issue.record("accepted a mixed spring")
        } catch {
            #expect(error.message.contains("written one way") && error.key == "animation.spring.duration", "\(error)")
        }
    }
}
