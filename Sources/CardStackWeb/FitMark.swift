import CardStackFit
import CardStackProtocol

/// The point a designer marked on the reference in the page's "Mark a point" (`POST /fit`'s
/// `mark`), as `cardstack fit --mark X,Y@F` takes it (docs/fit.md, "Reading a clip").
enum FitMark {
    /// What the page is told when `mark` is not what ``argument(_:sourceRatio:width:height:frames:)``
    /// takes.
    static let shape =
        "mark must be {\"x\": X, \"y\": Y, \"frame\": N}: a point in the reference's pixels as served "
        + "and the number of the frame it was marked in\n"

    /// A mark the fit cannot take, said as the page is told.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// `value`, `{x, y, frame}` in the pixels of the frames the bridge serves, as `--mark`'s
    /// argument `X,Y@F` in the uploaded `width` × `height` clip's own pixels (`sourceRatio` of
    /// them to one served pixel). The point must lie inside the clip (``FitBounds``, as
    /// `cardstack fit --mark` checks it) and `frame` be one of the reference's `frames`.
    static func argument(
        _ value: JSONValue, sourceRatio: Double, width: Int, height: Int, frames: Int
    ) -> Result<String, Problem> {
        guard case .object = value, let x = value["x"]?.double, let y = value["y"]?.double,
            case .integer(let frame)? = value["frame"]
        else { return .failure(Problem(description: shape)) }
        let sourceX = x * sourceRatio
        let sourceY = y * sourceRatio
        if let problem = FitBounds.markProblem(x: sourceX, y: sourceY, width: width, height: height) {
            return .failure(Problem(description: "mark: \(problem)\n"))
        }
        guard frame >= 0, frame < frames else {
            return .failure(
                Problem(
                    description: "mark: frame \(frame) is not one of the reference's: it must be an integer "
                        + "from 0 to \(max(frames - 1, 0)) (the frame shown when the point was marked)\n"))
        }
        return .success("\(sourceX),\(sourceY)@\(frame)")
    }
}
