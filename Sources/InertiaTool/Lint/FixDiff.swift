import InertiaFormat
import InertiaLint

/// The unified diff `--diff` prints for a file that fixing changes: of its JSON form, so that it reads
/// the same whichever encoding the file is in.
enum FixDiff {
  /// The diff between the original and fixed bytes, named `a/PATH` and `b/PATH`. JSON input is diffed
  /// as its own text; MessagePack input as the pretty JSON `inertia-convert to-json` prints, or in the
  /// extended form (both sides alike) when plain JSON cannot hold either document.
  static func make(_ result: DocumentFixer.Result, path: String) -> String {
    let name = FilePath.isAbsolute(path) ? String(path.unicodeScalars.dropFirst()) : path
    let old: [UInt8]
    let new: [UInt8]
    if result.encoding == .messagePack {
      if let plainOld = try? Converter.toJSON(messagePack: result.original),
        let plainNew = try? Converter.toJSON(messagePack: result.fixed)
      {
        (old, new) = (plainOld, plainNew)
      } else {
        let extended = JSONWriter.Options(style: .pretty, extended: true)
        old = (try? Converter.toJSON(messagePack: result.original, options: extended)) ?? []
        new = (try? Converter.toJSON(messagePack: result.fixed, options: extended)) ?? []
      }
    } else {
      (old, new) = (result.original, result.fixed)
    }
    return UnifiedDiff.make(
      old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self),
      oldName: "a/" + name, newName: "b/" + name)
  }
}
