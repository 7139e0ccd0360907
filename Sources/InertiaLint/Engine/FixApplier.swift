import InertiaFormat

/// Applies fixes to a file's bytes by re-encoding each replaced value in place.
///
/// Nothing but the replaced values' bytes changes: the bytes between them are copied as they are, so a
/// MessagePack file keeps its non-canonical encodings and unknown fields, and a JSON file its layout.
public enum FixApplier {
  /// One replacement made: the fix, and where its new bytes lie in the output.
  public struct Splice: Sendable, Equatable {
    /// The fix applied. Its ``Fix/byteRange`` is where the old value lay in the input.
    public var fix: Fix
    /// The fix's position in the list handed to ``splice(_:into:encoding:)``.
    public var index: Int
    /// Where the replacement lies in the output.
    public var newRange: Range<Int>
  }

  /// The bytes with every fix applied. A fix whose bytes overlap one applied before it is left out, unless it
  /// is the same fix (several findings sharing one, such as a map's repeated keys dropped at once), which is
  /// applied with it.
  /// - Parameters:
  ///   - fixes: the fixes, in any order.
  ///   - bytes: the input the fixes were found in.
  ///   - encoding: the input's encoding, which the replacements are written in.
  /// - Returns: the new bytes and the fixes applied, each copy of a shared fix included.
  public static func apply(_ fixes: [Fix], to bytes: [UInt8], encoding: DocumentEncoding)
    -> (bytes: [UInt8], applied: [Fix])
  {
    let (result, splices) = splice(fixes, into: bytes, encoding: encoding)
    guard fixes.count > splices.count else { return (result, splices.map(\.fix)) }
    var copies: [Int: Int] = [:]
    var byStart: [Int: Int] = [:]
    for (number, splice) in splices.enumerated() { byStart[splice.fix.byteRange.lowerBound] = number }
    let spliced = Set(splices.map(\.index))
    for (index, fix) in fixes.enumerated() where !spliced.contains(index) {
      if let number = byStart[fix.byteRange.lowerBound], splices[number].fix == fix { copies[number, default: 0] += 1 }
    }
    return (result, splices.enumerated().flatMap { Array(repeating: $1.fix, count: 1 + (copies[$0] ?? 0)) })
  }

  /// The bytes with every fix applied, and where each replacement went.
  ///
  /// Fixes are applied in the order of their positions. One that overlaps a fix applied before it, or
  /// whose replacement the encoding cannot hold (a NaN in JSON), is left out; a later run can apply it.
  /// - Returns: the new bytes, and one splice per fix applied, in the order of their positions.
  public static func splice(_ fixes: [Fix], into bytes: [UInt8], encoding: DocumentEncoding)
    -> (bytes: [UInt8], splices: [Splice])
  {
    var chosen: [(index: Int, fix: Fix, bytes: [UInt8])] = []
    let order = fixes.indices.sorted {
      (fixes[$0].byteRange.lowerBound, $0) < (fixes[$1].byteRange.lowerBound, $1)
    }
    for index in order {
      let fix = fixes[index]
      guard fix.byteRange.lowerBound >= 0, fix.byteRange.upperBound <= bytes.count else { continue }
      if let last = chosen.last, last.fix.byteRange.upperBound > fix.byteRange.lowerBound { continue }
      guard let replacement = encoded(fix, encoding) else { continue }
      chosen.append((index, fix, replacement))
    }
    guard !chosen.isEmpty else { return (bytes, []) }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + chosen.reduce(0) { $0 + $1.bytes.count })
    var splices: [Splice] = []
    splices.reserveCapacity(chosen.count)
    var copied = 0
    for (index, fix, replacement) in chosen {
      result.append(contentsOf: bytes[copied..<fix.byteRange.lowerBound])
      let start = result.count
      result.append(contentsOf: replacement)
      splices.append(Splice(fix: fix, index: index, newRange: start..<result.count))
      copied = fix.byteRange.upperBound
    }
    result.append(contentsOf: bytes[copied...])
    return (result, splices)
  }

  /// A fix's replacement in an encoding: the bytes the rule wrote (``Fix/replacementBytes``), or its value
  /// encoded (``encoded(_:_:)-(MessagePackValue,_)``).
  static func encoded(_ fix: Fix, _ encoding: DocumentEncoding) -> [UInt8]? {
    fix.replacementBytes ?? encoded(fix.replacement, encoding)
  }

  /// A replacement value in an encoding: compact JSON (`0.001`, a string quoted and escaped), `nil` when JSON
  /// cannot hold it; or MessagePack as the editor's encoder writes a value of its kind, which is canonical
  /// except for an integer: in the signed formats msgpack-swift writes a Swift `Int` in (200 is `d1 00 c8`,
  /// not `cc c8`), as the editor writes the one integer field, `zIndex`. A float keeps its width: a rule
  /// chooses it as the editor would (``FindingSink/fix(_:_:replacing:withNumber:as:)``).
  static func encoded(_ value: MessagePackValue, _ encoding: DocumentEncoding) -> [UInt8]? {
    switch encoding {
    case .messagePack:
      if case .int(let integer) = value { return InertiaNumberRule.signedBytes(integer) }
      return MessagePackWriter().write(value)
    case .json: return try? JSONWriter(options: .init(style: .compact)).write(value)
    }
  }
}
