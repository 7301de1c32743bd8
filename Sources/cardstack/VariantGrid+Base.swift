import ArgumentParser
import CardStackClient
import CardStackFiles
import CardStackParams
import CardStackProtocol
import CardStackRender

extension VariantGrid {
    /// The base set's tree: the file's, or the daemon's values in force (`get_params`); and
    /// the parameter file the look's images are relative to.
    static func base(config: String?, connection: ConnectionOptions) throws -> (tree: ParamNode, path: String?) {
        if let config {
            do throws(ParamsError) {
                let bytes = try ParamsFile.read(config)
                return (try ParamsDocument.load(bytes).tree, config)
            } catch {
                printError("cardstack: \(error.inFile(config))")
                throw ExitCode(1)
            }
        }
        let info: ParamsInfo
        do {
            info = try connection.connect().request(.getParams, as: ParamsInfo.self, timeout: connection.timeout)
        } catch {
            throw fail(error)
        }
        var tables: [(key: String, value: JSONValue)] = []
        for (dotted, value) in ParamsValues.flatten(info.params) {
            let parts = dotted.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if let i = tables.firstIndex(where: { $0.key == parts[0] }), case .object(var keys) = tables[i].value {
                keys.append((parts[1], value))
                tables[i].value = .object(keys)
            } else {
                tables.append((parts[0], .object([(parts[1], value)])))
            }
        }
        let tree = ParamNode(json: .object(tables))
        // The values as `get_params` reports them must read back as the same set.
        if (try? ParamsSchema.resolve(tree).parameters) != info.params {
            printError(
                "cardstack: warning: the daemon's values in force do not read back exactly; the cells may differ")
        }
        return (tree, info.path)
    }
}
