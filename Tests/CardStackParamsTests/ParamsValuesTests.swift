import CardLayout
import CardStackParams
import CardStackProtocol
import CardStackWire
import Testing

/// ``ParamsValues``: flattened table by table, it gives what the parameters' whole JSON form
/// gives, and ``ParamsValues/Flat`` reports the same changed keys as a full comparison.
@Suite struct ParamsValuesTests {
    /// The flat list read off the whole JSON form, as the daemon made it before the tables.
    func wholeFlatten(_ parameters: Parameters) throws -> [String] {
        guard case .object(let tables) = try JSONParser.parse(WireJSON.encode(parameters)) else { return [] }
        return tables.flatMap { table, value -> [String] in
            guard case .object(let keys) = value else { return [] }
            return keys.flatMap { key, inner -> [String] in
                // `[reduced]`'s override tables are flattened to their keys: `reduced.animation.duration`.
                guard table == "reduced", case .object(let innerKeys) = inner else { return ["\(table).\(key)"] }
                return innerKeys.map { "\(table).\(key).\($0.key)" }
            }
        }
    }

    func variants() -> [Parameters] {
        var out = [Parameters()]
        for style in Style.allCases {
            var p = Parameters()
            p.layout.style = style
            p.carousel.tilt = 0.4
            p.carousel.fadeMax = .infinity
            out.append(p)
        }
        var spring = Parameters()
        spring.animation.spring = Spring(dampingRatio: 0.7, response: 0.4)
        spring.card.titles = ["a", "b"]
        out.append(spring)
        var reduced = Parameters()
        reduced.animation.reduceMotion = true
        reduced.reduced.animation.duration = 0.2
        reduced.reduced.animation.spring = Spring(duration: 0.3, bounce: 0)
        reduced.reduced.layout.m34 = 0
        reduced.reduced.carousel.tilt = 0
        reduced.reduced.crossfade = 0
        out.append(reduced)
        return out
    }

    @Test func tableByTableGivesTheWholeFormsKeysInItsOrder() throws {
        for parameters in variants() {
            #expect(ParamsValues.flatten(parameters).map(\.key) == (try wholeFlatten(parameters)))
        }
    }

    @Test func aFlatSetReportsWhatAFullComparisonReports() {
        let all = variants()
        for old in all {
            var flat = ParamsValues.Flat(all[0])
            for new in all {
                flat.update(to: new)
                #expect(flat.changedKeys(from: ParamsValues.Flat(old)) == ParamsValues.changedKeys(from: old, to: new))
                var moved = new
                moved.layout.spacing += 1
                moved.carousel.tilt = nil
                flat.update(to: moved)
                #expect(
                    flat.changedKeys(from: ParamsValues.Flat(old)) == ParamsValues.changedKeys(from: old, to: moved))
            }
        }
    }

    /// `a` with `b`'s stored table for the schema's table `name`.
    func swapped(_ name: String, of a: Parameters, from b: Parameters) -> Parameters {
        var p = a
        switch name {
        case "layout": p.layout = b.layout
        case "card": p.card = b.card
        case "viewport": p.viewport = b.viewport
        case "animation": p.animation = b.animation
        case "carousel": p.carousel = b.carousel
        case "scroll": p.scroll = b.scroll
        case "reduced": p.reduced = b.reduced
        default: Issue.record("the schema's table \(name) has no stored table of Parameters here")
        }
        return p
    }

    /// What lets a set that changes one key write and compare one table: each table's keys
    /// read its own stored table of `Parameters` and nothing else.
    @Test func eachTableReadsItsOwnStoredTableAlone() {
        var rich = variants().last!
        rich.layout.spacing = 44
        rich.card.width = 123
        rich.card.cornerRadius = 8
        rich.viewport.height = 500
        rich.animation.fps = 30
        rich.carousel.arc = 1
        rich.scroll.model = .icarousel
        let all = variants() + [rich]
        for a in all {
            for b in all {
                let before = ParamsSchema.values(in: a)
                let other = ParamsSchema.values(in: b)
                for (t, name) in ParamsSchema.tableNames.enumerated() {
                    let mixed = ParamsSchema.values(in: swapped(name, of: a, from: b))
                    for j in mixed.indices {
                        let want = j == t ? other[j] : before[j]
                        #expect(mixed[j].map(\.key) == want.map(\.key) && mixed[j].map(\.value) == want.map(\.value))
                    }
                    #expect(ParamsSchema.sameTable(t, a, swapped(name, of: a, from: a)))
                    #expect(ParamsSchema.sameTable(t, a, b) == (before[t].map(\.value) == other[t].map(\.value)))
                }
            }
        }
    }

    @Test func aKeyOnlyTheOldSetHasComesAfterTheChangedOnes() {
        var old = Parameters()
        old.carousel.tilt = 0.4
        var new = Parameters()
        new.layout.spacing = 31
        #expect(
            ParamsValues.Flat(new).changedKeys(from: ParamsValues.Flat(old)) == ["layout.spacing", "carousel.tilt"])
    }
}
