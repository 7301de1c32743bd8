import CardLayout
import Testing

@testable import CardStackViewer

@Suite struct StatusLineTests {
    @Test func defaultParameters() {
        let fields = StatusLine.paramsFields(Parameters())
        #expect(
            StatusLine.text(StatusLine().spans(fields, now: 0))
                == "stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1 · cards 11")
    }

    @Test func liveValues() {
        let fields = StatusLine.runtimeFields(revision: 3, offset: 15, front: 2, fps: 60, skipped: 4)
        #expect(
            StatusLine.text(StatusLine().spans(fields, now: 0)) == "rev 3 · offset 15.0 · front 2 · 60 fps · skipped 4")
        let empty = StatusLine.runtimeFields(revision: nil, offset: nil, front: nil, fps: 0, skipped: 0)
        #expect(StatusLine.text(StatusLine().spans(empty, now: 0)) == "rev – · offset – · front – · 0 fps · skipped 0")
    }

    @Test(arguments: [
        (-0.0005, "-1/2000"), (0.001, "1/1000"), (-1.0 / 3000, "-1/3000"), (0, "0"), (-0.00123, "-0.00123"),
    ])
    func m34(value: Double, text: String) {
        #expect(StatusLine.m34(value) == text)
    }

    @Test func decimals() {
        #expect(StatusLine.decimal(30) == "30")
        #expect(StatusLine.decimal(1.1, minimumFraction: 1) == "1.1")
        #expect(StatusLine.decimal(1, minimumFraction: 1) == "1.0")
        #expect(StatusLine.decimal(0.30000000000000004) == "0.3")
        #expect(StatusLine.decimal(-2.5) == "-2.5")
        #expect(StatusLine.decimal(-0.00001) == "0")
        #expect(StatusLine.decimal(29.96, minimumFraction: 1, maximumFraction: 1) == "30.0")
    }

    /// A changed value is highlighted for 1.5 s from the moment it was seen; the first
    /// value and untracked values never are.
    @Test func highlightsChangesForAWhile() {
        var p = Parameters()
        var status = StatusLine()
        status.observe(StatusLine.paramsFields(p), now: 10)
        #expect(status.spans(StatusLine.paramsFields(p), now: 10).allSatisfy { !$0.highlighted })
        p.layout.spacing = 40
        status.observe(StatusLine.paramsFields(p), now: 11)
        let during = status.spans(StatusLine.paramsFields(p), now: 12.4)
        #expect(during.filter(\.highlighted).map(\.text) == ["spacing 40"])
        #expect(status.spans(StatusLine.paramsFields(p), now: 12.5).allSatisfy { !$0.highlighted })
        status.observe(StatusLine.runtimeFields(revision: 1, offset: 0, front: 0, fps: 0, skipped: 0), now: 20)
        status.observe(StatusLine.runtimeFields(revision: 1, offset: 9, front: 0, fps: 30, skipped: 0), now: 21)
        #expect(!status.isHighlighted("offset", now: 21))
    }
}
