import CardLayout
import Foundation
import Testing

@testable import CardStackParams

/// `[animation]`'s motion keys: read, defaulted, and rejected with line and column.
@Suite struct AnimationParamsTests {
    func resolve(_ text: String) throws(ParamsError) -> Parameters {
        try ParamsDocument.parameters(from: Array(text.utf8), path: "test.toml").parameters
    }

    func error(_ text: String) -> ParamsError? {
        do {
            _ = try resolve(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultsAreTodaysMotion() throws {
        let a = try resolve("").animation
        #expect(a.duration == 0.3 && a.removeDuration == 0.3 && a.insertDuration == 0.4 && a.moveDuration == 0.3)
        #expect(a.curve == .decelerate && a.spring == nil && a.slowdown == 1)
    }

    @Test func everyKeyIsRead() throws {
        let a = try resolve(
            """
            [animation]
            duration = 0.5
            remove_duration = 1
            insert_duration = 0.2
            move_duration = 0.45
            curve = [0.25, 0.1, 0.25, 1.0]
            spring = { damping_ratio = 0.7, response = 0.35 }
            slowdown = 5
            """
        ).animation
        #expect(a.duration == 0.5 && a.removeDuration == 1 && a.insertDuration == 0.2 && a.moveDuration == 0.45)
        #expect(a.curve == .bezier(0.25, 0.1, 0.25, 1))
        #expect(a.spring == Spring(dampingRatio: 0.7, response: 0.35))
        #expect(a.slowdown == 5)
        #expect(try resolve("[animation]\ncurve = \"ease_in_out\"").animation.curve == .easeInOut)
        #expect(
            try resolve("[animation]\nspring = { response = 0.2 }").animation.spring
                == Spring(dampingRatio: 0.825, response: 0.2))
    }

    @Test func theJSONFormReadsBack() throws {
        var p = Parameters()
        p.animation.curve = .bezier(0.1, 0.2, 0.3, 0.4)
        p.animation.spring = Spring(dampingRatio: 1, response: 0.5)
        let json = String(decoding: try JSONEncoder().encode(p.animation), as: UTF8.self)
        #expect(json.contains("\"damping_ratio\"") && json.contains("\"remove_duration\""))
        #expect(try JSONDecoder().decode(Parameters.Animation.self, from: Data(json.utf8)) == p.animation)
    }

    @Test(arguments: [
        ("duration = 0", 12, "animation.duration"),
        ("slowdown = 0.99", 12, "animation.slowdown"),
        ("curve = \"springy\"", 9, "animation.curve"),
        ("curve = [0.1, 0.2, -0.3, 1]", 20, "animation.curve"),
        ("curve = [0.1, 0.2]", 9, "animation.curve"),
        ("spring = { damping_ratio = 0.5, response = 0 }", 44, "animation.spring.response"),
        ("spring = { stiffnes = 100 }", 12, "animation.spring.stiffnes"),
        ("spring = { stiffness = 100 }", 10, "animation.spring"),
        ("spring = { response = 0.5, bounce = 0.1 }", 28, "animation.spring.bounce"),
        ("spring = { duration = 0.5, bounce = -0.95 }", 37, "animation.spring.bounce"),
        ("spring = \"soft\"", 10, "animation.spring"),
        ("move_duration = 11", 17, "animation.move_duration"),
    ])
    func badValuesSayWhere(line: String, column: Int, key: String) throws {
        let e = try #require(error("[layout]\ncards = 5\n[animation]\n\(line)\n"))
        #expect(e.position == SourcePosition(line: 4, column: column), "\(e)")
        #expect(e.key == key)
    }
}
