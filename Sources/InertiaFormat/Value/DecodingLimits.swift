/// Bounds every reader enforces, so that no input can exhaust memory or the stack.
///
/// Every reader checks the same limits the same way: ``MessagePackReader``, ``JSONReader``, the
/// streaming ``Converter`` in both directions, and `inertia-convert` (`--max-depth`).
///
/// - ``maxDepth``: a document may hold at most this many arrays and maps nested inside each other,
///   the top-level container included. With the default of 512, `[[…[]…]]` with 512 brackets is read
///   and 513 fail with "nesting is deeper than the limit of 512 levels", reported at the container
///   that opens level 513. Scalars do not count: `[[1]]` is 2 levels deep. A tagged object of the
///   extended JSON form counts like the value it stands for. The readers do not recurse: each keeps
///   its open containers on an explicit stack of small structs, so a document nested to the limit
///   reads on a thread with a small stack (a 512 KiB secondary thread is plenty), and the limit bounds
///   only that stack's memory and the length of error paths.
/// - ``maxInputSize``: the largest input accepted, in bytes, checked before anything is read
///   ("input of N bytes is larger than the limit of M bytes"). `FileIO.read` checks it too before
///   reading a file.
/// - Length prefixes are not a limit but are always checked: a MessagePack string, binary or
///   extension length, or an array or map count (each element takes at least one byte, each entry
///   two), must fit in the bytes left after its head, so no length can make a reader allocate more
///   than the input's size.
public struct DecodingLimits: Sendable, Equatable {
  /// How many arrays and maps may nest inside each other, the outermost included (default 512).
  /// A real animation file nests about ten levels.
  public var maxDepth: Int
  /// The largest input accepted, in bytes (default 1 GiB).
  public var maxInputSize: Int

  /// Limits; the defaults are what the tools use.
  public init(maxDepth: Int = 512, maxInputSize: Int = 1 << 30) {
    self.maxDepth = maxDepth
    self.maxInputSize = maxInputSize
  }

  /// Depth 512 and 1 GiB of input.
  public static let `default` = DecodingLimits()

  func checkSize(_ count: Int, format: DocumentEncoding) throws(FormatError) {
    if count > maxInputSize {
      throw FormatError(
        code: .inputTooLarge, format: format, offset: 0,
        message: "input of \(count) bytes is larger than the limit of \(maxInputSize) bytes")
    }
  }
}
