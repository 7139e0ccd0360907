import Testing

@testable import InertiaLint

/// Linear time on pathological sources, shown by counting work (each byte read, each token, each byte a
/// look-ahead reads again, each token a finder's walk visits: ``AppSourceUses/findCountingWork(in:language:)``), never by timing:
/// the work at 4n is at most 4.5 times the work at n.
@Suite struct GrowthTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let language: SourceLanguage
    let make: @Sendable (Int) -> String
    var testDescription: String { "\(language.rawValue): \(name)" }
  }

  static let swiftImport = "import Inertia\n"
  static let kotlinImport = "import org.inertiagraphics.inertia.*\n"
  static let reactImport = "import { Inertia, InertiaContainer, useInertia } from 'inertia-react';\n"

  static let cases: [Case] = [
    Case(name: "nested block comments", language: .swift) { n in
      swiftImport + String(repeating: "/*", count: n) + String(repeating: "*/", count: n)
    },
    Case(name: "a long string", language: .swift) { n in
      swiftImport + "let s = \"" + String(repeating: "a\\\"", count: n) + "\""
    },
    Case(name: "many #if blocks", language: .swift) { n in
      swiftImport + String(repeating: "#if DEBUG || os(iOS)\nx\n#elseif !DEBUG\ny\n#else\nz\n#endif\n", count: n)
    },
    Case(name: "interpolations nested to the limit, many times", language: .swift) { n in
      swiftImport
        + String(
          repeating: String(repeating: #""\("#, count: 100) + "x" + String(repeating: #")""#, count: 100) + "\n",
          count: n / 100 + 1)
    },
    Case(name: "slashes that may start regexes", language: .swift) { n in
      swiftImport + "let x = [" + String(repeating: "/a, ", count: n) + "]\nlet y = ["
        + String(repeating: "(/a ", count: n) + "]"
    },
    Case(name: "raw multi-line openings on long lines", language: .swift) { n in
      swiftImport
        + String(repeating: "let s = #\"\"\"" + String(repeating: " x", count: 50) + "\n\"\"\"#\n", count: n / 10 + 1)
    },
    Case(name: "backticks without their pair", language: .swift) { n in
      swiftImport + String(repeating: "`` ", count: n) + "`"
    },
    Case(name: "nested calls", language: .swift) { n in
      swiftImport + String(repeating: "Text(\"a\").inertia(", count: 400) + "\"x\"" + String(repeating: ")", count: 400)
        + String(repeating: "\nx.inertia(f(g(h(\"a\"))))", count: n)
    },
    Case(name: "many receivers and declarations", language: .swift) { n in
      swiftImport + "@Environment(\\.inertiaDataModel) var m\n"
        + String(
          repeating: "func f(a: Int, b: [Int]) { let v = 1; m.trigger(\"x\"); items.map { x, y in x } }\n", count: n)
    },
    Case(name: "nested block comments", language: .kotlin) { n in
      kotlinImport + String(repeating: "/*", count: n) + String(repeating: "*/", count: n)
    },
    Case(name: "templates and raw strings", language: .kotlin) { n in
      kotlinImport + "val s = \"\"\"" + String(repeating: "$a ${b} \"\"", count: n) + "\"\"\"\n"
        + String(repeating: "Inertia(id = \"c${d}\") { }\n", count: n)
    },
    Case(name: "lambdas and parameters", language: .kotlin) { n in
      kotlinImport + "val inertia = LocalInertia.current\n"
        + String(repeating: "items.forEach { a, b, c -> f(x = a) }; inertia.trigger(\"q\")\n", count: n)
    },
    Case(name: "regexes and divisions", language: .javaScript) { n in
      reactImport + String(repeating: "x = a / b / c; y = /re[/]/g.test(s); if (z) /q/.exec(w)\n", count: n)
    },
    Case(name: "JSX elements and text", language: .javaScript) { n in
      reactImport + "const x = <div>" + String(repeating: "<p>Don't {n} it's</p><Inertia id=\"c\" {...p} />", count: n)
        + "</div>;"
    },
    Case(name: "JSX nested to the limit, many times", language: .typeScriptJSX) { n in
      reactImport
        + String(
          repeating: "x = " + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100) + ";\n",
          count: n / 100 + 1)
    },
    Case(name: "generics that are not JSX", language: .typeScriptJSX) { n in
      reactImport + String(repeating: "const f = <T,>(x: T) => x < y; g = <T extends U>(x: T) => x;\n", count: n)
    },
    Case(name: "templates nested in templates", language: .typeScript) { n in
      reactImport + String(repeating: "t = `a ${`b ${`c ${d}`}`}`;\n", count: n)
    },
    Case(name: "destructuring and parameters", language: .javaScript) { n in
      reactImport + "const { trigger } = useInertia();\n"
        + String(repeating: "const { a, b: c } = require('x'); f((p, q) => trigger('t'));\n", count: n)
    },
  ]

  @Test(arguments: cases)
  func workGrowsLinearly(_ testCase: Case) throws {
    let n = 400
    func work(_ count: Int) throws -> Int {
      let bytes = Array(testCase.make(count).utf8)
      let (result, work) = AppSourceUses.findCountingWork(in: bytes, language: testCase.language)
      _ = try result.get()
      return work
    }
    let small = try work(n)
    let large = try work(4 * n)
    #expect(small >= n, "the case does too little work to measure: \(small)")
    #expect(Double(large) <= 4.5 * Double(small), "work \(small) at n, \(large) at 4n")
  }
}
