import ArchLintKit
import ArchLintRules
import Foundation
import XCTest

final class GlobTests: XCTestCase {
    func matches(_ pattern: String, _ path: String) -> Bool { Glob(parsing: pattern).matches(path) }

    func testNamePatternsMatchPathsWithThatSegmentAnywhere() {
        // `Domain`, `AppEntry.swift`: a path matches when one of its segments is one of the
        // names, at any depth, the file name included. `Tests/`, `{Data,Net}/`: a folder of
        // that name, so one of the segments before the last.
        let patterns: [(String, Set<String>, insideOnly: Bool)] = [
            ("Tests/", ["Tests"], true), ("Domain", ["Domain"], false), ("{Data,Net}/", ["Data", "Net"], true),
            ("AppEntry.swift", ["AppEntry.swift"], false), ("Données/", ["Données"], true), ("**/Tests/**", ["Tests"], true),
            ("./Pods/", ["Pods"], true),
        ]
        var generator = SplitMix(seed: 3)
        let pieces = ["Tests", "Domain", "Data", "Net", "AppEntry.swift", "Données", "Pods", "Test", "Tests.swift", "x.swift", "DataKit", ""]
        for _ in 0..<400 {
            let segments = (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let path = (generator.next() % 4 == 0 ? "/" : "") + segments.joined(separator: "/")
            let folders = segments.filter { !$0.isEmpty }.dropLast()
            for (pattern, names, insideOnly) in patterns {
                let expected = insideOnly ? folders.contains { names.contains($0) } : segments.contains { names.contains($0) }
                XCTAssertEqual(matches(pattern, path), expected, "\(pattern) \(path)")
            }
        }
    }

    func testWildcardSegmentPatternsMatchPathsWithSuchASegmentAnywhere() {
        // `*App.swift`, `.build*/`, `{Notes,T*}/`: a path matches when one of its segments
        // matches (`*` within the segment, `?` one character), at any depth, and for a
        // pattern ending in `/` one before the last (a folder's name, not the file's); the
        // same patterns anchored at the root (`/…/`) go through the general matcher.
        let patterns: [(String, String)] = [
            ("*App.swift", #"[^/]*App\.swift"#), (".build*/", #"\.build[^/]*"#), ("{Notes,T*}/", #"(Notes|T[^/]*)"#),
            ("Ap?/", #"Ap[^/]"#), ("*Tests/", #"[^/]*Tests"#),
        ]
        var generator = SplitMix(seed: 5)
        let pieces = ["App.swift", "NotesApp.swift", "AppModel.swift", ".build", ".build-release", "build", "Notes", "Tags", "T",
                      "Apé", "App", "Ap", "AppTests", "Tests", "x.swift", "é"]
        for _ in 0..<400 {
            let segments = (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            let path = segments.joined(separator: "/")
            for (pattern, segmentExpression) in patterns {
                let expression = try! NSRegularExpression(pattern: "^" + segmentExpression + "$")
                let candidates = pattern.hasSuffix("/") ? segments.dropLast() : segments[...]
                let expected = candidates.contains { segment in
                    expression.firstMatch(in: segment, range: NSRange(segment.startIndex..., in: segment)) != nil
                }
                XCTAssertEqual(matches(pattern, path), expected, "\(pattern) \(path)")
                let rooted = segments.count > 1 && expression.firstMatch(in: segments[0], range: NSRange(segments[0].startIndex..., in: segments[0])) != nil
                let anchored = "/" + pattern.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/"
                XCTAssertEqual(matches(anchored, path), rooted, "\(anchored) \(path)")
            }
        }
    }

    func testDirectoryPatternsMatchAtAnyDepth() {
        XCTAssertTrue(matches("Domain/", "Domain/Note.swift"))
        XCTAssertTrue(matches("Domain/", "Sources/App/Domain/Entities/Note.swift"))
        XCTAssertFalse(matches("Domain/", "Sources/DomainKit/Note.swift"))
        XCTAssertFalse(matches("Domain/", "Sources/App/Domain.swift"))
    }

    func testPatternsEndingInASlashMatchInsideAFolderOnly() {
        // A file whose own name fits the folder pattern is not inside such a folder; a name
        // without a slash still matches a file of that name.
        let cases: [(pattern: String, path: String, matches: Bool)] = [
            (".build*/", "Sources/.build.swift", false), (".build*/", ".build.swift", false),
            (".build*/", "Sources/.build.swift/Inner.swift", true), ("Generated*/", "App/GeneratedModels.swift", false),
            ("Generated*/", "App/GeneratedModels/Note.swift", true), ("Tests/", "App/Tests", false), ("Tests/**", "App/Tests", false),
            ("Tests/**", "App/Tests/x.swift", true), ("/Features/*/", "Features/Notes.swift", false),
            ("/Features/*/", "Features/Notes/View.swift", true), ("App/*View*/", "App/NotesView.swift", false),
            ("App/*View*/", "App/NotesViews/List.swift", true), (".build*", "Sources/.build.swift", true), ("*App.swift", "NotesApp.swift", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(matches(pattern, path), expected, "\(pattern) \(path)")
        }
    }

    func testNamePatterns() {
        XCTAssertTrue(matches("*App.swift", "Sources/NotesApp.swift"))
        XCTAssertTrue(matches("*App.swift", "NotesApp.swift"))
        XCTAssertFalse(matches("*App.swift", "Sources/AppModel.swift"))
        XCTAssertTrue(matches("*Tests/", "Tests/AppTests/X.swift"))
        XCTAssertTrue(matches(".build*/", ".build-release/debug/x.swift"))
    }

    func testAnchoredAndDoubleStarPatterns() {
        XCTAssertTrue(matches("/Sources/**/*.swift", "Sources/A/B/c.swift"))
        XCTAssertFalse(matches("/Sources/**/*.swift", "Other/Sources/c.swift"))
        XCTAssertTrue(matches("**/*.swift", "a.swift"))
        XCTAssertTrue(matches("Features/{Notes,Tags}/", "App/Features/Tags/View.swift"))
        XCTAssertFalse(matches("Features/{Notes,Tags}/", "App/Features/Trash/View.swift"))
        XCTAssertTrue(matches("Sources/Ap?/", "Sources/App/x.swift"))
    }

    func testLiteralSegmentsMatchWholeSegmentsOnly() {
        // Segments without `*` or `?` are compared as bytes: same length, same bytes.
        XCTAssertFalse(matches("Domain/", "Sources/Domains/Note.swift"))
        XCTAssertFalse(matches("Domain/", "Sources/Domai/Note.swift"))
        XCTAssertFalse(matches("Domain/", "Sources/domain/Note.swift"))
        XCTAssertTrue(matches("Données/", "App/Données/Note.swift"))
        XCTAssertFalse(matches("Données/", "App/Donnees/Note.swift"))
        XCTAssertTrue(matches("/App/Data/", "App/Data/Remote/Client.swift"))
        XCTAssertFalse(matches("/App/Data/", "Other/App/Data/Client.swift"))
        XCTAssertTrue(matches("AppEntry.swift", "Sources/App/AppEntry.swift"))
        XCTAssertFalse(matches("AppEntry.swift", "Sources/App/MyAppEntry.swift"))
        // Braces: all literal alternatives, or some with wildcards.
        XCTAssertTrue(matches("{Notes,Tags}/", "App/Tags/View.swift"))
        XCTAssertFalse(matches("{Notes,Tags}/", "App/Tag/View.swift"))
        XCTAssertTrue(matches("{Notes,T*}/", "App/Tools/View.swift"))
        XCTAssertFalse(matches("{Notes,T*}/", "App/Note/View.swift"))
    }

    func testWildcardSegmentsAgainstTheirLiteralEnds() {
        // The literal start and end of a wildcard segment are checked first: they must not
        // turn away a match, also when they overlap in a short name or `?` takes a
        // character of several bytes.
        XCTAssertTrue(matches("*App.swift", "App.swift"))
        XCTAssertFalse(matches("*App.swift", "pp.swift"))
        XCTAssertTrue(matches("a*a/", "x/aa/y.swift"))
        XCTAssertFalse(matches("a*a/", "x/a/y.swift"))
        XCTAssertTrue(matches("Ap?/", "x/Apé/y.swift"))
        XCTAssertTrue(matches("?pp/", "x/épp/y.swift"))
        XCTAssertFalse(matches("?pp/", "x/pp/y.swift"))
        XCTAssertTrue(matches("Fe*s/", "x/Features/y.swift"))
        XCTAssertFalse(matches("Fe*s/", "x/Feature/y.swift"))
        XCTAssertTrue(matches("*Tests/", "Tests/x.swift"))
        XCTAssertTrue(matches("*", "x.swift"))
    }

    func testAPatternNamingAFolderCoversWhatIsInsideIt() {
        // As in .gitignore, with or without the trailing slash, anchored or not.
        for pattern in ["Sources/App/Generated", "**/Generated", "/Sources/App/Generated", "Sources/App/Generated/", "Generated"] {
            XCTAssertTrue(matches(pattern, "Sources/App/Generated/APIClient.swift"), pattern)
            XCTAssertFalse(matches(pattern, "Sources/App/Screens/HomeScreen.swift"), pattern)
        }
        // `X/*` covers everything below X, in include, exclude and layers alike.
        XCTAssertTrue(matches("Sources/App/*", "Sources/App/Screens/HomeScreen.swift"))
        XCTAssertTrue(matches("Sources/App/*", "Sources/App/AppDelegate.swift"))
        XCTAssertFalse(matches("Sources/App/*", "Sources/Shared/Log.swift"))
        // A pattern naming a file still names only that file.
        XCTAssertTrue(matches("Sources/App/AppDelegate.swift", "Sources/App/AppDelegate.swift"))
        XCTAssertFalse(matches("Sources/App/AppDelegate.swift", "Sources/App/AppDelegate+Push.swift"))
        XCTAssertFalse(matches("Sources/App/Generated/", "Sources/App/Generated"), "a trailing slash names folders only")
    }

    func testMalformedPatternsAreRejected() {
        if case .success = Glob.parse("Features/{Notes/") { XCTFail("unbalanced brace accepted") }
        if case .success = Glob.parse("[a-z]/") { XCTFail("character class accepted") }
        if case .success = Glob.parse("") { XCTFail("empty pattern accepted") }
        if case .success = Glob.parse("Domain/../Domain/") { XCTFail("a '..' after a folder accepted") }
        if case .failure = Glob.parse("../Shared/") { XCTFail("a leading '..' (a folder beside the project) refused") }
    }
}

extension Glob {
    init(parsing pattern: String) {
        guard case .success(let glob) = Glob.parse(pattern) else { fatalError("bad test pattern \(pattern)") }
        self = glob
    }
}

final class ConfigurationTests: XCTestCase {
    let rules = RuleRegistry.descriptions

    func load(_ text: String, profile: String? = nil) -> Result<Configuration, ConfigurationErrors> {
        ConfigurationLoader.load(text: text, file: ".archlint.json", profileOverride: profile, rules: rules)
    }

    func errors(_ text: String) -> [String] {
        if case .failure(let failure) = load(text) { return failure.errors.map(\.description) }
        XCTFail("expected configuration errors")
        return []
    }

    func testEmptyConfigurationIsTheArcanaProfile() throws {
        let configuration = try load("{}").get()
        XCTAssertEqual(configuration.profile, "arcana")
        XCTAssertEqual(configuration.layers.map(\.name), ["Presentation", "Domain", "Data", "Core", "CompositionRoot"])
        XCTAssertEqual(configuration.layer(forPath: "App/Domain/Note.swift"), "Domain")
        XCTAssertEqual(configuration.layer(forPath: "ArcanaData/Repo.swift"), "Data")
        XCTAssertEqual(configuration.layer(forPath: "App/NotesApp.swift"), "CompositionRoot")
        XCTAssertEqual(configuration.layer(forPath: "App/DI/Container.swift"), "CompositionRoot")
        XCTAssertNil(configuration.layer(forPath: "App/Support/Helpers.swift"))
        XCTAssertEqual(configuration.layer(forModule: "ArcanaDomain")?.name, "Domain")
        XCTAssertTrue(configuration.mayDepend("Presentation", on: "Domain"))
        XCTAssertFalse(configuration.mayDepend("Presentation", on: "Data"))
        XCTAssertTrue(configuration.mayDepend("CompositionRoot", on: "Data"))
        XCTAssertFalse(configuration.mayDepend("Core", on: "Domain"))
        XCTAssertEqual(configuration.layer(named: "Domain")?.forbiddenImports, ["SwiftUI", "UIKit", "AppKit", "SwiftData", "Combine"])
    }

    func testArcLabsProfile() throws {
        let configuration = try load("// comment\n{ \"profile\": \"arc-labs\", }").get()
        XCTAssertEqual(configuration.layers.map(\.name), ["Presentation", "Domain", "Data", "CompositionRoot"])
        XCTAssertFalse(configuration.mayDepend("Domain", on: "Data"))
        XCTAssertTrue(configuration.mayDepend("Data", on: "Domain"))
        XCTAssertEqual(configuration.layer(forPath: "AppDependencies.swift"), "CompositionRoot")
        let mainActor = BlanketMainActorRule.description
        XCTAssertEqual(configuration.severity(of: mainActor), .error)
        XCTAssertEqual(configuration.options(of: mainActor).strings("noMainActorAtAll"), ["Domain", "Data"])
        let arcana = try load("{}").get()
        XCTAssertEqual(arcana.severity(of: mainActor), .warning)
        XCTAssertEqual(arcana.options(of: mainActor).strings("layers"), ["Domain"])
    }

    func testProfileOverrideFromTheCommandLine() throws {
        XCTAssertEqual(try load("{ \"profile\": \"arcana\" }", profile: "arc-labs").get().profile, "arc-labs")
    }

    func testOverridesOfLayersExcludesAndRules() throws {
        let configuration = try load("""
            {
              "profile": "arcana",
              "exclude": [],
              "layers": [
                { "name": "UI", "paths": ["Screens/"], "mayDependOn": ["Logic"] },
                { "name": "Logic", "paths": ["Logic/"], "modules": ["LogicKit"], "forbiddenImports": ["SwiftUI"] },
              ],
              "rules": {
                "layer-dependency": { "severity": "warning" },
                "blanket-main-actor": { "layers": ["Logic"] },
                "protocol-impl-parity": "off",
              },
            }
            """).get()
        XCTAssertTrue(configuration.exclude.isEmpty)
        XCTAssertTrue(configuration.isIncluded("Tests/AppTests/X.swift"), "an empty exclude lints everything")
        XCTAssertEqual(configuration.layers.map(\.name), ["UI", "Logic"])
        XCTAssertEqual(configuration.layer(forPath: "App/Screens/Home.swift"), "UI")
        XCTAssertEqual(configuration.severity(of: LayerDependencyRule.description), .warning)
        XCTAssertEqual(configuration.severity(of: ProtocolImplParityRule.description), .off)
        XCTAssertEqual(configuration.options(of: BlanketMainActorRule.description).strings("layers"), ["Logic"])
        XCTAssertEqual(configuration.severity(of: ServiceRepositoryMethodRule.description), .error, "unmentioned rules keep the profile default")
    }

    func testDefaultExcludes() throws {
        let configuration = try load("{}").get()
        for path in [".build/debug/x.swift", "Pods/A/x.swift", "Tests/AppTests/x.swift", "App/NotesTests/x.swift", "App/UITests/x.swift",
                     "DerivedData/x.swift", ".git/x.swift", "Carthage/x.swift", ".swiftpm/x.swift"] {
            XCTAssertFalse(configuration.isIncluded(path), path)
        }
        XCTAssertTrue(configuration.isIncluded("App/Domain/Note.swift"))
        XCTAssertTrue(configuration.isIncluded("App/Testing/Note.swift"))
        // Files named like the folders: `.build*/` and `*Tests/` name folders only.
        XCTAssertTrue(configuration.isIncluded("App/.build.swift"))
        XCTAssertTrue(configuration.isIncluded("App/NotesTests.swift"))
        XCTAssertFalse(configuration.excludesDirectory("App/Notes"))
        XCTAssertTrue(configuration.excludesDirectory("App/.build-release"))
        XCTAssertTrue(configuration.excludesDirectory("App/NotesTests"))
    }

    func testErrorsNameTheFileTheKeyAndWhatWasExpected() {
        XCTAssertEqual(errors("{ \"layer\": [] }"), [".archlint.json: 'layer': unknown key (did you mean 'layers'?); expected one of: $schema, profile, include, exclude, layers, rules"])
        XCTAssertEqual(errors("{ \"profile\": \"arcane\" }"), [".archlint.json: 'profile': unknown profile 'arcane' (did you mean 'arcana'?); expected one of: arcana, arc-labs"])
        XCTAssertEqual(errors("{ \"include\": \"**/*.swift\" }"), [".archlint.json: 'include': expected an array of glob strings, found a string"])
        XCTAssertEqual(errors("{ \"exclude\": [\"Pods/{\"] }"), [".archlint.json: 'exclude[0]': invalid glob 'Pods/{': unbalanced braces"])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"paths\": [\"A/\"], \"mayDependOn\": [\"B\"] }] }"),
                       [".archlint.json: 'layers[0].mayDependOn[0]': unknown layer 'B'; defined layers: A"])
        // The misspelled key is the one error: not also "layer 'A' has neither 'paths'…".
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"path\": [\"A/\"] }] }"), [
            ".archlint.json: 'layers[0].path': unknown key (did you mean 'paths'?); expected one of: name, paths, modules, mayDependOn, forbiddenImports",
        ])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"paths\": [1] }] }"), [
            ".archlint.json: 'layers[0].paths[0]': expected a glob string, found a number",
        ])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"modules\": \"ArcanaDomain\" }] }").count, 1)
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"paths\": [] }] }"), [
            ".archlint.json: 'layers[0]': layer 'A' has neither 'paths' (its files) nor 'modules' (the imports that reach it), so nothing belongs to it",
        ])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\" }] }"), [
            ".archlint.json: 'layers[0]': layer 'A' has neither 'paths' (its files) nor 'modules' (the imports that reach it), so nothing belongs to it",
        ])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"*\", \"paths\": [\"A/\"], \"modules\": [\"\"], \"forbiddenImports\": [\"UIKit\", \"\"] }] }"), [
            ".archlint.json: 'layers[0].modules[0]': expected a module name, found an empty string",
            ".archlint.json: 'layers[0].forbiddenImports[1]': expected a module name, found an empty string",
            ".archlint.json: 'layers[0].name': '*' cannot name a layer: in 'mayDependOn' it means every layer",
        ])
        XCTAssertEqual(errors("{ \"layers\": [{ \"name\": \"A\", \"paths\": [\"A/\"], \"modules\": [\"Shared\"] }, { \"name\": \"B\", \"paths\": [\"B/\"], \"modules\": [\"BKit\", \"Shared\"] }] }"),
                       [".archlint.json: 'layers[1].modules[1]': module 'Shared' is already a module of layer 'A'; a module belongs to one layer"])
        XCTAssertEqual(errors("{ \"rules\": { \"layer-dependancy\": { \"severity\": \"error\" } } }"),
                       [".archlint.json: 'rules.layer-dependancy': unknown rule id 'layer-dependancy' (did you mean 'layer-dependency'?); `archlint rules` lists them"])
        XCTAssertEqual(errors("{ \"rules\": { \"layer-dependency\": { \"severity\": \"fatal\" } } }"),
                       [".archlint.json: 'rules.layer-dependency.severity': expected one of: error, warning, note, off; found \"fatal\""])
        XCTAssertEqual(errors("{ \"rules\": { \"layer-dependency\": { \"severity\": \"eror\" } } }"),
                       [".archlint.json: 'rules.layer-dependency.severity': expected one of: error, warning, note, off; found \"eror\" (did you mean 'error'?)"])
        XCTAssertEqual(errors("{ \"rules\": { \"layer-dependency\": \"of\" } }"),
                       [".archlint.json: 'rules.layer-dependency': expected a severity (error, warning, note, off) or an object, found \"of\" (did you mean 'off'?)"])
        XCTAssertEqual(errors("{ \"rules\": { \"empty-action\": { \"severty\": \"off\" } } }"),
                       [".archlint.json: 'rules.empty-action.severty': unknown option of rule 'empty-action' (did you mean 'severity'?); expected one of: severity"])
        XCTAssertEqual(errors("{ \"rules\": { \"protocol-impl-parity\": { \"requireImplementation\": \"yes\" } } }"),
                       [".archlint.json: 'rules.protocol-impl-parity.requireImplementation': expected a boolean, found a string"])
        XCTAssertEqual(errors("{ \"rules\": { \"blanket-main-actor\": { \"layers\": [\"Domian\"] } } }"),
                       [".archlint.json: 'rules.blanket-main-actor.layers[0]': unknown layer 'Domian' (did you mean 'Domain'?); defined layers: Presentation, Domain, Data, Core, CompositionRoot"])
        XCTAssertTrue(errors("{ \"rules\": { \"blanket-main-actor\": { \"colour\": 1 } } }")[0].contains("unknown option of rule 'blanket-main-actor'"))
        XCTAssertEqual(errors("[1, 2]"), [".archlint.json: must be a JSON object, found an array"])
        XCTAssertEqual(errors("{ \"$schema\": 5 }"), [".archlint.json: '$schema': expected a string (the address of archlint's JSON Schema), found a number"])
    }

    /// An `exclude` replaces the defaults: the README's example keeps them all, so that a
    /// copy of it does not start linting `Pods/` or `DerivedData/`.
    func testTheREADMEsExampleExcludeKeepsTheDefaults() throws {
        let readme = try String(contentsOf: EndToEndTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let line = try XCTUnwrap(readme.split(separator: "\n").first { $0.contains("\"exclude\": [") })
        for pattern in Configuration.defaultExcludePatterns {
            XCTAssertTrue(line.contains("\"\(pattern)\""), "README's example exclude lacks \(pattern): \(line)")
        }
    }

    func testSyntaxErrorsSayWhere() {
        XCTAssertEqual(errors("{\n  \"profile\": \"arcana\"\n  \"layers\": []\n}"),
                       [".archlint.json: is not valid JSON: line 3, column 3: expected ',' or '}' after a value, found '\"'"])
        XCTAssertEqual(errors("{\n  // layers come later\n  \"rules\": { \"layer-dependency\": { \"severity\": eror } }\n}"),
                       [".archlint.json: is not valid JSON: line 3, column 48: expected a value (an object, array, string, number, true, false or null), found 'eror'"])
        XCTAssertEqual(errors(""), [".archlint.json: is not valid JSON: line 1, column 1: the file is empty; expected an object"])
    }

    func testValuesFoundationCannotHoldAreNamedWithTheirKeyAndWhatIsWrong() {
        let cases: [(String, String)] = [
            (#"{"rules": {"unimplemented-code": 1e400}}"#,
             "'rules.unimplemented-code': line 1, column 34: the number 1e400 is out of range: numbers go up to about 1.8e308"),
            (#"{"rules": {"unimplemented-code": 1e-400}}"#,
             "'rules.unimplemented-code': line 1, column 34: the number 1e-400 is out of range: it is too small to tell from 0 (numbers go down to about 5e-324)"),
            (#"{"rules": {"unimplemented-code": 0x7FFFFFFFFFFFFFFF}}"#,
             "'rules.unimplemented-code': line 1, column 34: the number 0x7FFFFFFFFFFFFFFF is out of range: a hexadecimal number can have at most 53 significant bits"),
            (#"{"rules": {"unimplemented-code": {"allowedMessages": ["Coming soon", "\ud83d"]}}}"#,
             #"'rules.unimplemented-code.allowedMessages[1]': line 1, column 71: '\ud83d' is the first half of a UTF-16 surrogate pair, without the second; write the character itself, or both halves (\ud83d\ude00 is 😀)"#),
            (#"{"rules": {"unimplemented-code": {"allowedMessages": ["\ude00 later"]}}}"#,
             #"'rules.unimplemented-code.allowedMessages[0]': line 1, column 56: '\ude00' is the second half of a UTF-16 surrogate pair, without the first; write the character itself, or both halves (\ud83d\ude00 is 😀)"#),
            (#"{"rules": {"unimplemented-code": {"allowedMessages": ["\u0000"]}}}"#,
             #"'rules.unimplemented-code.allowedMessages[0]': line 1, column 56: '\u0000' is the NUL character, which a string cannot hold here"#),
            (#"{"exclude": ["Generated\qFiles/"]}"#,
             #"'exclude[0]': line 1, column 24: '\q' is not a known escape; write the character itself, or one of \" \\ \/ \b \f \n \r \t \uXXXX"#),
            ("{\"exclude\": [\"Generated\tFiles/\"]}", "'exclude[0]': line 1, column 24: a tab inside a string; write it as \\t"),
        ]
        for (text, expected) in cases {
            let found = errors(text)
            XCTAssertEqual(found, [".archlint.json: \(expected)"], text)
            XCTAssertFalse(found.joined().contains("DecodingError"))
        }
        // What Foundation takes is no problem: a whole surrogate pair, `\x41`, a small number.
        XCTAssertEqual(try load(#"{"exclude": ["\ud83d\ude00/", "\x41pp/", "A\'s/"], "rules": {"unimplemented-code": {"allowedMessages": ["\u00e9"]}}}"#).get().exclude.map(\.pattern),
                       ["😀/", "App/", "A's/"])
    }

    func testAKeyGivenTwiceIsAnErrorThatSaysWhere() throws {
        XCTAssertEqual(errors("{\n  \"rules\": {\n    \"layer-dependency\": \"warning\",\n    \"layer-dependency\": \"off\",\n  },\n}"),
                       [".archlint.json: 'rules.layer-dependency': is given twice (again at line 4, column 5); keep one of them"])
        XCTAssertEqual(errors("{ profile: 'arcana', 'profile': \"arc-labs\" }"),
                       [".archlint.json: 'profile': is given twice (again at line 1, column 22); keep one of them"])
        XCTAssertEqual(errors(#"{ "layers": [ { "name": "A", "paths": ["a/"] }, { "name": "B", "name": "C" } ] }"#),
                       [#".archlint.json: 'layers[1].name': is given twice (again at line 1, column 64); keep one of them"#])
        // The same key in different objects is fine.
        _ = try load(#"{ "layers": [ { "name": "UI", "paths": ["UI/"] }, { "name": "Model", "paths": ["Model/"] } ] }"#).get()
        // A key spelled with escapes is the same key.
        XCTAssertEqual(errors(#"{ "profile": "arcana", "\u0070rofile": "arc-labs" }"#),
                       [".archlint.json: 'profile': is given twice (again at line 1, column 24); keep one of them"])
        XCTAssertEqual(errors(#"{ "rules": { "layer-dependency": "off", 'layer\x2ddependency': "warning" } }"#),
                       [".archlint.json: 'rules.layer-dependency': is given twice (again at line 1, column 41); keep one of them"])
    }

    func testCyclicMayDependOnIsAllowed() throws {
        let configuration = try load("{ \"layers\": [{ \"name\": \"A\", \"paths\": [\"A/\"], \"mayDependOn\": [\"B\"] }, { \"name\": \"B\", \"paths\": [\"B/\"], \"mayDependOn\": [\"A\"] }] }").get()
        XCTAssertTrue(configuration.mayDepend("A", on: "B"))
        XCTAssertTrue(configuration.mayDepend("B", on: "A"))
    }

    func testDiscoveryFindsTheNearestFileWalkingUp() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("App/Features/Notes")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: root.appendingPathComponent(".archlint.json"))
        XCTAssertEqual(ConfigurationLoader.discover(from: nested.path).map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                       root.appendingPathComponent(".archlint.json").standardizedFileURL.path)
        try Data("{}".utf8).write(to: root.appendingPathComponent("App/.archlint.json"))
        XCTAssertEqual(ConfigurationLoader.discover(from: nested.path).map { URL(fileURLWithPath: $0).lastPathComponent }, ".archlint.json")
        XCTAssertTrue(ConfigurationLoader.discover(from: nested.path)?.hasSuffix("App/.archlint.json") ?? false)
    }

    func testStarterConfigurationsLoadBackAsTheirProfiles() throws {
        for profile in Profiles.names {
            let text = try XCTUnwrap(Profiles.starterConfiguration(profile, rules: rules))
            XCTAssertTrue(text.contains("\"$schema\""))
            let loaded = try load(text).get()
            let builtIn = try XCTUnwrap(Profiles.configuration(profile))
            XCTAssertEqual(loaded.profile, profile)
            XCTAssertEqual(loaded.layers, builtIn.layers)
            for rule in rules {
                XCTAssertEqual(loaded.severity(of: rule), builtIn.severity(of: rule), "\(profile) \(rule.id)")
                XCTAssertEqual(loaded.options(of: rule).values, builtIn.options(of: rule).values, "\(profile) \(rule.id)")
            }
        }
    }

    /// `archlint.schema.json` is generated from the rule descriptions; regenerate it with
    /// `swift run archlint schema > archlint.schema.json` when a rule or option changes.
    func testSchemaFileIsUpToDateAndValidJSON() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("archlint.schema.json")
        let generated = ConfigurationSchema.json(rules: rules)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(generated.utf8)))
        let committed = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(committed, generated, "archlint.schema.json is stale: run `swift run archlint schema > archlint.schema.json`")
    }
}

final class LayerFoldersTests: XCTestCase {
    func testFoldersCountOnlyInsideTheLayersOwnFolder() {
        var configuration = Configuration(profile: "arcana")
        configuration.layers = [
            Layer(name: "Domain", paths: [Glob(parsing: "Domain/")]),
            Layer(name: "Stores", paths: [Glob(parsing: "Data/Repositories/")]),
            Layer(name: "Loose", paths: [Glob(parsing: "*Kit/")]),
        ]
        let folders = LayerFolders(configuration)
        let repositories: Set<String> = ["Repositories"]
        XCTAssertTrue(folders.isInFolder("App/Domain/Repositories/NoteRepository.swift", layer: "Domain", folders: repositories))
        XCTAssertFalse(folders.isInFolder("Features/Repositories/Domain/Entities/Star.swift", layer: "Domain", folders: repositories),
                       "a feature folder above Domain's folder")
        XCTAssertTrue(folders.isInFolder("Features/Repositories/Domain/Repositories/Star.swift", layer: "Domain", folders: repositories))
        XCTAssertTrue(folders.isInFolder("App/Data/Repositories/NoteStore.swift", layer: "Stores", folders: repositories),
                      "a glob that names the folder itself does not make it the layer's own folder")
        XCTAssertTrue(folders.isInFolder("Repositories/NotesKit/Store.swift", layer: "Loose", folders: repositories),
                      "a layer matched by wildcards only: every folder counts")
        XCTAssertTrue(folders.isInFolder("Repositories/Star.swift", layer: nil, folders: repositories))
    }
}
