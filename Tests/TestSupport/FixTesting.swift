import Foundation
import InertiaFormat
import InertiaLint

/// What the fixing tests share: predictable identifiers, and MessagePack written byte by byte.
package enum FixTesting {
  /// The `n`th identifier a test linter makes: `00000000-0000-4000-8000-00000000000n`.
  package static func identifier(_ n: Int) -> String {
    let digits = String(n, radix: 16, uppercase: true)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
  }

  /// A linter whose fresh identifiers are 1, 2, 3… in the order it makes them.
  package static func linter() -> Linter {
    var linter = Linter()
    let counter = IndexDispenser()
    linter.makeIdentifier = { identifier(counter.next() + 1) }
    return linter
  }

  /// A fixer with a predictable linter.
  package static func fixer(unsafe: Bool = false) -> DocumentFixer {
    DocumentFixer(linter: linter(), includesUnsafe: unsafe)
  }

  // MARK: MessagePack by hand

  /// A string as `fixstr`.
  package static func fixstr(_ text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    precondition(utf8.count < 32)
    return [0xA0 | UInt8(utf8.count)] + utf8
  }

  /// A string as `str8`, whatever its length (non-canonical for short strings).
  package static func str8(_ text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    return [0xD9, UInt8(utf8.count)] + utf8
  }

  /// A float64.
  package static func float64(_ value: Double) -> [UInt8] {
    [0xCB] + withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) }
  }

  /// The pose every keyframe carries, as canonical MessagePack.
  package static let pose: [UInt8] = MessagePackWriter().write(
    ["scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1])
}

extension Collection where Element == UInt8 {
  /// The text, for JSON documents.
  package var text: String { String(decoding: self, as: UTF8.self) }
}
