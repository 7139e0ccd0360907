import Foundation
import Testing

/// Headless Chromium, through `Tests/Browser/chromium.sh`, which installs Debian's `chromium-headless-shell`
/// when it is missing. Pixels are read back in the browser: each SVG is loaded as an `<img>` (as GitHub shows
/// one), drawn into a canvas, and the colours at the asked points are printed as JSON in the page, so no image
/// decoder is needed here.
enum Browser {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Browser/chromium.sh")

  /// Whether a browser runs here, after installing one if it can. Worked out once.
  static let isAvailable: Bool = (try? run(["--check"]).status) == 0

  /// One image to load, and the points (in the SVG's own coordinates) to read.
  struct Probe {
    var name: String
    var svg: String
    var points: [(x: Double, y: Double)]
  }

  /// An RGBA colour, each component 0...255.
  typealias Colour = [Int]

  /// Loads every probe's SVG as an image and reads its colours; `nil` for an image that did not load.
  static func colours(_ probes: [Probe]) throws -> [String: [Colour]?] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "inertia-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var specs: [String] = []
    for probe in probes {
      let origin = viewBoxOrigin(probe.svg)
      let points = probe.points.map { "[\($0.x - origin.x), \($0.y - origin.y)]" }.joined(separator: ",")
      let source = "data:image/svg+xml;base64,\(Data(probe.svg.utf8).base64EncodedString())"
      specs.append(#"{"name": "\#(probe.name)", "src": "\#(source)", "points": [\#(points)]}"#)
    }
    let page = directory.appendingPathComponent("page.html")
    try """
    <!DOCTYPE html><html><body><pre id="pixels">pending</pre><script>
    const probes = [\(specs.joined(separator: ",\n"))];
    const results = {};
    let left = probes.length;
    function done() { if (--left == 0) document.getElementById("pixels").textContent = JSON.stringify(results); }
    for (const probe of probes) {
      const image = new Image();
      image.onload = () => {
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        results[probe.name] = probe.points.map(([x, y]) =>
          Array.from(context.getImageData(Math.floor(x), Math.floor(y), 1, 1).data));
        done();
      };
      image.onerror = () => { results[probe.name] = null; done(); };
      image.src = probe.src;
    }
    </script></body></html>
    """.write(to: page, atomically: true, encoding: .utf8)
    let (status, output) = try run([page.path])
    guard status == 0, let start = output.range(of: "<pre id=\"pixels\">"),
      let end = output.range(of: "</pre>", range: start.upperBound..<output.endIndex)
    else {
      throw BrowserFailure(message: "chromium.sh exited with \(status): \(output.prefix(500))")
    }
    let json = output[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&quot;", with: "\"")
    let decoded = try JSONDecoder().decode([String: [[Int]]?].self, from: Data(json.utf8))
    return decoded
  }

  struct BrowserFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The top-left corner of an SVG's `viewBox`: where its pixel (0, 0) is.
  static func viewBoxOrigin(_ svg: String) -> (x: Double, y: Double) {
    guard let range = svg.range(of: "viewBox=\"") else { return (0, 0) }
    let numbers = svg[range.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? (numbers[0], numbers[1]) : (0, 0)
  }

  private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script.path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
