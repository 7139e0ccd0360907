/// The two encodings of a document: MessagePack, as the editor writes it, and its JSON form.
public enum DocumentEncoding: String, Sendable, CaseIterable {
  case messagePack = "MessagePack"
  case json = "JSON"

  /// The encoding a document's content shows: JSON when the first byte that is not JSON whitespace (or a UTF-8 byte order mark) opens a JSON
  /// value that a MessagePack file would not start with: `[`, `{`, `"`, a digit, `-`, `t`, `f` or `n`.
  /// An `.inertia` file starts with an array head (0x90...0x9f, 0xdc, 0xdd), never with those bytes
  /// except where a fixint, fixstr or fixmap overlaps them, which is no animation file.
  public static func detect(_ bytes: [UInt8]) -> DocumentEncoding {
    withBytes(bytes) { detect($0) }
  }

  /// The encoding a document's bytes show, as ``detect(_:)-([UInt8])`` tells it.
  public static func detect(_ bytes: UnsafeRawBufferPointer) -> DocumentEncoding {
    detect(ByteView(bytes))
  }

  static func detect(_ bytes: ByteView) -> DocumentEncoding {
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D:
        i += 1
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "-"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        // A bare MessagePack fixint or fixstr would also start so, but only when the file is that one
        // byte's value; a lone whitespace-led scalar is far likelier to be JSON.
        return .json
      default:
        return .messagePack
      }
    }
    return .messagePack
  }
}
