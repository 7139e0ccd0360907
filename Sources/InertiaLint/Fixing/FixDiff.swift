import InertiaFormat

/// The unified diff `--diff` prints for a file that fixing changes: of its JSON form, so that it reads
/// the same whichever encoding the file is in.
enum FixDiff {
  /// The diff between the original and fixed bytes, named `a/PATH` and `b/PATH`. JSON input is diffed
  /// as its own text; MessagePack input as the pretty JSON `inertia-convert to-json` prints (the
  /// extended form when plain JSON cannot hold the document).
  static func make(_ result: DocumentFixer.Result, path: String) -> String {
    let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
    return UnifiedDiff.make(
      old: text(result.original, result.encoding), new: text(result.fixed, result.encoding),
      oldName: "a/" + name, newName: "b/" + name)
  }

  private static func text(_ bytes: [UInt8], _ encoding: ParsedDocument.Encoding?) -> String {
    guard encoding == .messagePack else { return String(decoding: bytes, as: UTF8.self) }
    let json =
      (try? Converter.toJSON(messagePack: bytes))
      ?? (try? Converter.toJSON(messagePack: bytes, options: .init(style: .pretty, extended: true)))
      ?? []
    return String(decoding: json, as: UTF8.self)
  }
}
