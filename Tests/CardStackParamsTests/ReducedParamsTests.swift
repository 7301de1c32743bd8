import CardLayout
import CardStackProtocol
import CardStackWire
import Foundation
import Testing

@testable import CardStackParams

/// Reduce Motion in the file: `animation.reduce_motion`, the `[reduced]` tables with the
/// file's own names, ranges and messages, `get_schema` and the wire form.
@Suite struct ReducedParamsTests {
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

    @Test func leftOutItIsOffWithNoOverrides() throws {
        let p = try resolve("[layout]\ncards = 5\n")
        #expect(!p.animation.reduceMotion)
        #expect(p.reduced == Parameters.Reduced())
    }

    @Test func everyTableIsRead() throws {
        let p = try resolve(
            """
            [animation]
            reduce_motion = true
            spring = "bouncy"

            [reduced]
            crossfade = 0

            [reduced.animation]
            fps = 30
            deceleration = 0.99
            snap = false
            duration = 0.2
            remove_duration = 0.1
            insert_duration = 0.15
            move_duration = 0.25
            curve = "linear"
            spring = { duration = 0.4, bounce = 0 }
            slowdown = 2

            [reduced.layout]
            m34 = 0
            scale_step = 0.05
            flip_range = [1.0, 1.0]

            [reduced.carousel]
            tilt = 0
            item_spacing = 0.5
            fade_min = -inf
            viewpoint = [0, 10]
            """)
        #expect(p.animation.reduceMotion)
        #expect(p.reduced.crossfade == 0)
        let a = p.reduced.animation
        #expect(a.fps == 30 && a.deceleration == 0.99 && a.snap == false && a.duration == 0.2)
        #expect(a.removeDuration == 0.1 && a.insertDuration == 0.15 && a.moveDuration == 0.25)
        #expect(a.curve == .linear && a.spring == Spring(duration: 0.4, bounce: 0) && a.slowdown == 2)
        #expect(
            p.reduced.layout.m34 == 0 && p.reduced.layout.scaleStep == 0.05 && p.reduced.layout.flipRange == [1, 1])
        #expect(p.reduced.carousel.tilt == 0 && p.reduced.carousel.itemSpacing == 0.5)
        #expect(p.reduced.carousel.fadeMin == -.infinity && p.reduced.carousel.viewpoint == [0, 10])
        #expect(p.animation.spring == Spring(named: "bouncy"), "the file's own keys stay the file's")
        #expect(p.animation.duration == Parameters.Animation().duration)
        #expect(p.inEffect.animation.duration == 0.2 && p.inEffect.animation.fps == 30)
    }

    @Test func everyCarouselOptionReachesTheOverride() throws {
        // A carousel key the copy forgets would be read and silently dropped.
        for key in ParamsSchema.carouselKeys.map(\.name) {
            let value = key == "viewpoint" ? "[1, 2]" : ["show_backfaces", "vertical"].contains(key) ? "true" : "1"
            let p = try resolve("[reduced.carousel]\n\(key) = \(value)\n")
            #expect(p.reduced.carousel != Parameters.Carousel(), "reduced.carousel.\(key)")
            #expect(p.carousel == Parameters.Carousel(), "[carousel] itself is untouched by \(key)")
        }
        for key in ParamsSchema.animationMotionKeys.map(\.name) {
            let value = key == "curve" ? "\"linear\"" : key == "spring" ? "\"smooth\"" : "2"
            let p = try resolve("[reduced.animation]\n\(key) = \(value)\n")
            #expect(p.reduced.animation != Parameters.Reduced.Animation(), "reduced.animation.\(key)")
        }
    }

    @Test(arguments: [
        ("[reduced.animation]\nduration = 0\n", "reduced.animation.duration", "must be > 0, got 0"),
        ("[reduced.animation]\ndurration = 1\n", "reduced.animation.durration", "did you mean duration?"),
        (
            "[reduced.animation]\nreduce_motion = true\n", "reduced.animation.reduce_motion",
            "set animation.reduce_motion"
        ),
        ("[reduced.layout]\nspacing = 10\n", "reduced.layout.spacing", "cannot be reduced"),
        ("[reduced.layout]\nflip_range = [1.1, 1.0]\n", "reduced.layout.flip_range", "0 <= f0 <= f1"),
        ("[reduced.carousel]\ntilt = 5\n", "reduced.carousel.tilt", "must be in [-2, 2], got 5"),
        ("[reduced]\ncrossfade = -1\n", "reduced.crossfade", "must be >= 0, got -1"),
        ("[reduced]\ncrossfade = 11\n", "reduced.crossfade", "in [0, 10]"),
        ("[reduced]\nanimation = 3\n", "reduced.animation", "must be a table ([reduced.animation])"),
        ("[reduced]\nscroll = {}\n", "reduced.scroll", "unknown key reduced.scroll"),
        ("[animation]\nreduce_motion = 1\n", "animation.reduce_motion", "must be true or false"),
    ])
    func errorsNameTheKeyAndWhy(text: String, key: String, words: String) throws {
        let e = try #require(error(text))
        #expect(e.key == key)
        #expect(e.message.contains(words), "\(e.message)")
        #expect(e.position?.line == 2 || e.position?.line == 1, "\(e.message)")
    }

    @Test func getSchemaListsEveryReducedKeyWithItsRange() throws {
        let keys = ParamsSchema.schemaInfo.keys
        let named = Dictionary(keys.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let motion = try #require(named["animation.reduce_motion"])
        #expect(motion.type == "boolean" && motion.default == .bool(false))
        let crossfade = try #require(named["reduced.crossfade"])
        #expect(crossfade.min == 0 && crossfade.max == 10 && crossfade.default == .number(0.25))
        let duration = try #require(named["reduced.animation.duration"])
        #expect(duration.type == "number" && duration.max == 10 && duration.minInclusive == false)
        #expect(named["reduced.layout.flip_range"]?.type == "array")
        #expect(named["reduced.carousel.tilt"]?.min == -2)
        #expect(named["reduced.animation.snap"]?.type == "boolean")
        #expect(named["reduced.animation"] == nil && named["reduced.layout.spacing"] == nil)
        #expect(ParamsSchema.knownKeys.contains("reduced.animation.spring"))
    }

    @Test func theWireWriterWritesWhatCodableWrites() throws {
        var p = Parameters()
        p.animation.reduceMotion = true
        p.reduced.crossfade = 0.5
        p.reduced.animation.fps = 30
        p.reduced.animation.snap = false
        p.reduced.animation.duration = 0.2
        p.reduced.animation.curve = .bezier(0.1, 0.2, 0.3, 0.4)
        p.reduced.animation.spring = Spring(mass: 1, stiffness: 100, damping: 20)
        p.reduced.animation.slowdown = 3
        p.reduced.layout.flipRange = [1, 1]
        p.reduced.layout.m34 = 0
        p.reduced.carousel.fadeMax = .infinity
        p.reduced.carousel.count = 7
        for params in [p, Parameters()] {
            let fast = try WireJSON.encode(params)
            let generic = try JSONEncoder().encode(params)
            let a = try JSONSerialization.jsonObject(with: Data(fast)) as? NSDictionary
            let b = try JSONSerialization.jsonObject(with: generic) as? NSDictionary
            #expect(a == b)
            #expect(try JSONDecoder().decode(Parameters.self, from: Data(fast)) == params)
        }
    }

    @Test func flattenedKeysNameTheOverrides() {
        var p = Parameters()
        p.reduced.animation.duration = 0.2
        p.reduced.layout.m34 = 0
        let keys = ParamsValues.changedKeys(from: Parameters(), to: p)
        #expect(keys.contains("reduced.animation.duration") && keys.contains("reduced.layout.m34"), "\(keys)")
    }
}

/// `save` writes the override tables' keys into `[reduced.animation]` and its siblings: in the
/// file's own table when it has one, else a new table at the end; the file loads as saved.
@Suite struct ReducedSaveTests {
    @Test func overridesAreSavedIntoTheirOwnTables() throws {
        let text = Array("[layout]\ncards = 11\n\n[reduced.animation]\nduration = 0.5 # mine\n".utf8)
        var target = try ParamsDocument.parameters(from: text).parameters
        target.animation.reduceMotion = true
        target.reduced.animation.duration = 0.2
        target.reduced.animation.fps = 30
        target.reduced.layout.m34 = 0
        target.reduced.crossfade = 0
        let (saved, changed) = try ParamsSaver.save(text, as: target)
        let out = String(decoding: saved, as: UTF8.self)
        #expect(out.contains("[reduced.animation]\nduration = 0.2 # mine\nfps = 30\n"), "\(out)")
        #expect(out.contains("[reduced.layout]\nm34 = 0.0\n"), "\(out)")
        #expect(out.contains("[animation]\nreduce_motion = true\n"), "\(out)")
        #expect(try ParamsDocument.parameters(from: saved).parameters == target)
        #expect(
            Set(changed) == [
                "animation.reduce_motion", "reduced.animation.duration", "reduced.animation.fps",
                "reduced.layout.m34", "reduced.crossfade",
            ])
    }
}
