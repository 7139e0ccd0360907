import Foundation
import InertiaFormat
import TestSupport
import Testing

@testable import InertiaTool

/// The built tool on deeply nested documents, with the stack of an app's background thread.
@Suite("Stack safety of the built tool")
struct BuiltToolStackTests {
  /// Runs the built tool on a document nested to the default limit with the main thread's stack
  /// limited to 512 KiB (`ulimit -s 512`), in a child process so that an overflow could not take the
  /// test run down.
  @Test(
    "depth 512 on a 512 KiB stack",
    .enabled(if: builtConvertTool != nil, "inertia-convert is not built beside the tests"),
    arguments: ["arrays.inertia", "maps.inertia", "integer-keyed-maps.inertia", "arrays.json", "maps.json"])
  func limitDepthOnSmallStack(_ name: String) throws {
    let directory = try TemporaryDirectory()
    let value = name.hasPrefix("integer") ? mapsWithIntegerKeys(512) : nested(512, maps: name.hasPrefix("maps"))
    let bytes =
      name.hasSuffix(".json")
      ? try JSONWriter(options: .init(style: .compact)).write(value) : MessagePackWriter().write(value)
    let input = try directory.write(name, bytes)
    for arguments in [["to-json"], ["to-json", "--extended"], ["to-msgpack"]]
    where !(name.hasPrefix("integer") && arguments == ["to-json"]) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      let command = ["-c", "ulimit -s 512 && exec \"$0\" \"$@\"", builtConvertTool!.path]
      process.arguments = command + arguments + [input, "-o", directory.file("out")]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(arguments) \(name)")
    }
  }
}
