import Foundation
import Testing

@testable import CardStackWeb

/// The page's modules as the bridge serves them: by their names under /js/ and nothing else,
/// each named in page.html's import map with the run's token.
@Suite struct PageFilesTests {
    @Test func aModuleIsFoundByItsNameUnderJSAndNoOtherPath() {
        #expect(PageFiles.module(at: "/js/page.js") == PageFiles.modules["page.js"])
        #expect(PageFiles.module(at: "/js/looks.js") != nil)
        for path in [
            "/js/", "/js/nothing.js", "/js/../page.html", "/js/page.css", "/page.js", "/js/page.js/x", "js/page.js",
        ] {
            #expect(PageFiles.module(at: path[...]) == nil, "\(path)")
        }
    }

    @Test func theImportMapNamesEveryModuleWithTheToken() throws {
        let map = PageFiles.importMap(token: "abc123")
        let decoded = try JSONSerialization.jsonObject(with: Data(map.utf8)) as? [String: [String: String]]
        let imports = try #require(decoded?["imports"])
        #expect(imports.count == PageFiles.modules.count)
        for name in PageFiles.modules.keys {
            #expect(imports["/js/\(name)"] == "/js/\(name)?token=abc123")
        }
    }

    @Test func theHTMLLoadsTheEntryModuleAfterTheImportMap() throws {
        let html = PageFiles.html
        let map = try #require(html.range(of: "<script type=\"importmap\">__IMPORTS__</script>"))
        let entry = try #require(html.range(of: "<script type=\"module\" src=\"js/page.js?token=__TOKEN__\"></script>"))
        #expect(map.upperBound <= entry.lowerBound)
    }
}
