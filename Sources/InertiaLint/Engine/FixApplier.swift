import InertiaFormat

/// Applies fixes to a file's bytes by re-encoding each replaced value in place.
///
/// The `--fix` command is still to come; this is what it and the rule correction tests share.
public enum FixApplier {
  /// The bytes with every fix applied. A fix whose bytes overlap one applied before it is left out.
  /// - Parameters:
  ///   - fixes: the fixes, in any order.
  ///   - bytes: the input the fixes were found in.
  ///   - encoding: the input's encoding, which the replacements are written in.
  /// - Returns: the new bytes and the fixes applied.
  public static func apply(_ fixes: [Fix], to bytes: [UInt8], encoding: ParsedDocument.Encoding)
    -> (bytes: [UInt8], applied: [Fix])
  {
    var applied: [Fix] = []
    for fix in fixes.sorted(by: { $0.byteRange.lowerBound < $1.byteRange.lowerBound })
    where applied.last.map({ $0.byteRange.upperBound <= fix.byteRange.lowerBound }) ?? true {
      applied.append(fix)
    }
    var result = bytes
    for fix in applied.reversed() {
      let replacement: [UInt8]
      switch encoding {
      case .messagePack: replacement = MessagePackWriter().write(fix.replacement)
      case .json:
        // A replacement JSON cannot hold (a NaN, say) is no fix; rules never offer one.
        guard let text = try? JSONWriter(options: .init(style: .compact)).write(fix.replacement) else { continue }
        replacement = text
      }
      result.replaceSubrange(fix.byteRange, with: replacement)
    }
    return (result, applied)
  }
}
