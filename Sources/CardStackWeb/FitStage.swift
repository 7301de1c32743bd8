import CardStackFit
import CardStackProtocol

/// Where the stage is in a reference as the designer aligned it in the page (`POST /fit`'s
/// `stage`), as `cardstack fit --stage` takes it (docs/fit.md, "Reading a clip").
enum FitStage {
    /// What the page is told when `stage` is not what ``argument(_:sourceRatio:)`` takes.
    static let shape =
        "stage must be [x, y, scale]: the stage's top-left in the reference's pixels and its pixels per point (> 0)\n"

    /// `value`, `[x, y, scale]` in the pixels of the frames the bridge serves, as `--stage`'s
    /// argument in the uploaded clip's own pixels (`sourceRatio` of them to one served pixel),
    /// or nil unless it is three finite numbers within reach, the scale above 0.
    static func argument(_ value: JSONValue, sourceRatio: Double) -> String? {
        guard case .array(let items) = value, items.count == 3 else { return nil }
        let numbers = items.compactMap(FitCorners.number)
        guard numbers.count == 3, numbers[2] > 1e-6 else { return nil }
        return numbers.map { String($0 * sourceRatio) }.joined(separator: ",")
    }

    /// Why the stage of ``argument(_:sourceRatio:)`` cannot be where the stage is in the
    /// uploaded `width` × `height` clip, or nil: ``FitBounds``, as `cardstack fit --stage`
    /// checks it.
    static func problem(_ argument: String, width: Int, height: Int) -> String? {
        let v = argument.split(separator: ",").compactMap { Double($0) }
        guard v.count == 3 else { return shape }
        return FitBounds.stageProblem(x: v[0], y: v[1], scale: v[2], width: width, height: height).map {
            "stage: \($0)\n"
        }
    }
}
