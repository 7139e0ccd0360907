import InertiaFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `inertia-convert textconv FILE`: a file as JSON text for git to diff, which never fails on what the
/// file holds.
///
/// git runs a diff driver's textconv on every version of a file it shows, and treats any failure as fatal
/// (`fatal: unable to read files to diff`), so one broken version anywhere in history would stop
/// `git log -p` at that commit for good. This command therefore exits 0 whenever it can read the file:
/// values plain JSON cannot hold are written in the extended form, and a file that does not parse gets
/// a header of `#` lines naming the error and its position, then what can be read of it (the JSON read
/// before the error and the rest in hex, or a JSON file's own text), so two broken versions still diff
/// line by line. A file it cannot read at all (missing, unreadable, a directory) is the one failure:
/// there is nothing true to show, and git's error then names the real problem.
///
/// It does nothing but convert: no lint, no second pass. Memory stays bounded for any input: the input
/// (mapped when large), JSON held up to ``Bounds/heldOutput`` so a failure's header can come first, and
/// dumps of at most ``Bounds/dump`` bytes; the output stops at ``Bounds/output(forInputOf:)``.
package enum TextconvCommand {
  static let arguments = ArgumentParser([
    CommandOption("-h", "--help", help: "Show this help."),
    CommandOption("-V", "--version", help: "Show the version."),
  ])

  package static let usage = """
    Usage: inertia-convert textconv FILE|-

    Prints FILE as JSON for git to diff, and never fails while FILE can be read, since git stops on
    any failing textconv. Set it up with:

      echo '*.inertia diff=inertia' >> .gitattributes
      git config diff.inertia.textconv "inertia-convert textconv"

    A valid file prints as to-json --extended prints it: values plain JSON cannot hold (NaN, the
    infinities, bin, ext, non-string keys) in the extended form. A file that does not parse prints
    a header of lines starting with '#', naming the error and its position, then what can be read:
    for MessagePack the JSON read before the error and the rest of the file in hex, for JSON its
    text, at most 64 KiB of either (the header says when it is cut). A file larger than the
    converter's 1 GiB limit shows its first 64 KiB in hex. The output stops (saying so) at 64 MiB
    plus 16 times the file's size, so a small hostile file cannot flood git.

    Options:
    \(arguments.help)

    Exit status: 0 whenever FILE could be read, whatever it holds; 2 when it cannot be read
    (missing, unreadable, a directory) and for a usage error.
    """

  /// How much a run holds and prints; tests make them small.
  package struct Bounds: Sendable {
    /// The most bytes of a broken file shown in hex, or as text.
    package var dump = 64 << 10
    /// How much JSON is held before any is written, so that a failure found within it is reported in
    /// a header above it; a longer output streams, and a failure is then reported where it is found.
    package var heldOutput = 4 << 20
    /// The output of a file of `size` bytes stops after this many bytes: 64 MiB, and 16 bytes for
    /// each byte of the file (pretty JSON of an animation file runs to about 3 times its size).
    package var outputBase = 64 << 20
    package var outputPerInputByte = 16

    package init() {}

    func output(forInputOf size: Int) -> Int { outputBase + outputPerInputByte * size }
  }

  /// Runs `textconv` with the arguments after the command's name.
  package static func run(
    arguments: [String], stdout: CommandOutput, stderr: (String) -> Void,
    limits: DecodingLimits = .default, bounds: Bounds = Bounds()
  ) -> Int32 {
    let path: String
    switch ToolCommand.textconv.options(arguments, stdout: stdout, stderr: stderr, read: file(from:)) {
    case .success(let file): path = file
    case .failure(let exit): return exit.status
    }
    do {
      if path != "-", let size = regularFileSize(path), size > limits.maxInputSize {
        try showHead(of: path, size: size, limits: limits, bounds: bounds, stdout: stdout)
        return 0
      }
      try FileIO.withContents(of: path, as: .textconvInput, maxSize: limits.maxInputSize) { bytes in
        show(bytes, limits: limits, bounds: bounds, stdout: stdout)
      }
      return 0
    } catch let error as FileIOError {
      stderr(error.description)
    } catch {
      stderr("\(path): \(error)")
    }
    return 2
  }

  /// The one file a command line's elements name (see ``CommandRequest``), as git gives it.
  static func file(from elements: [ArgumentParser.Element]) throws(UsageError) -> String {
    let files = elements.compactMap { element -> String? in
      if case .operand(let file) = element { return file }
      return nil
    }
    guard files.count == 1 else { throw UsageError("textconv takes one FILE, as git gives it") }
    return files[0]
  }

  // MARK: Converting

  /// Writes a file's JSON form, or what can be read of it.
  static func show(
    _ bytes: UnsafeRawBufferPointer, limits: DecodingLimits, bounds: Bounds, stdout: CommandOutput
  ) {
    guard DocumentEncoding.detect(bytes) == .json else {
      showMessagePack(bytes, fileSize: bytes.count, limits: limits, bounds: bounds, stdout: stdout)
      return
    }
    let messagePack: ByteBuffer
    do {
      messagePack = try Converter.toMessagePack(json: bytes, extended: false, limits: limits)
    } catch {
      showText(bytes, error: error, bounds: bounds, stdout: stdout)
      return
    }
    // Shown as the same JSON a MessagePack file holding it would be, whatever the text's layout; its
    // output bounded by, and its message naming, the file's own size.
    showMessagePack(messagePack.bytes, fileSize: bytes.count, limits: limits, bounds: bounds, stdout: stdout)
  }

  /// Writes MessagePack as pretty extended JSON; a failure gets the header above the JSON read before
  /// it (or, once the JSON has outgrown what is held, where it is found), then the rest in hex.
  private static func showMessagePack(
    _ bytes: UnsafeRawBufferPointer, fileSize: Int, limits: DecodingLimits, bounds: Bounds,
    stdout: CommandOutput
  ) {
    let outputLimit = bounds.output(forInputOf: fileSize)
    var written = 0
    var endsLine = true
    var stopped = false
    do {
      let out = ByteBuffer(
        streamingTo: { (chunk) throws(FileIOError) in
          guard written + chunk.count <= outputLimit else {
            stopped = true
            throw FileIOError(path: "<stdout>", operation: "write", reason: "the textconv output limit")
          }
          stdout.write(chunk)
          written += chunk.count
          endsLine = chunk.last == 0x0A
        }, chunkSize: bounds.heldOutput)
      var failure: FormatError?
      do {
        try Converter.toJSON(
          messagePack: bytes, options: JSONWriter.Options(style: .pretty, extended: true), limits: limits,
          appendingTo: out)
        try out.flush()
      } catch let error as FormatError {
        failure = error
      } catch {
        // Only the output limit throws here: standard output's own failures end the process.
      }
      let tail = ByteBuffer(capacity: 4096)
      if stopped {
        if !endsLine { tail.append(0x0A) }
        tail.append("# inertia-convert textconv: output stopped after \(written) bytes, the limit for a file of ")
        tail.append("\(fileSize) bytes\n")
        if let failure { tail.append("# then: \(TextEscaping.line(failure.description))\n") }
        stdout.write(tail)
        return
      }
      guard let failure else { return }
      let offset = min(max(failure.hasPosition ? failure.offset : 0, 0), bytes.count)
      let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
      let shown = min(rest.count, bounds.dump)
      var partial = out.count
      while partial > 0 && (out.bytes[partial - 1] == 0x20 || out.bytes[partial - 1] == 0x0A) { partial -= 1 }
      if written == 0 {
        // Nothing written yet: the header goes first.
        var what: String
        switch (partial > 0, rest.count > 0) {
        case (false, false): what = "the file is empty"
        case (false, true): what = "below: " + count(shown, of: rest.count, "its") + " in hex"
        case (true, false): what = "below: the JSON read before offset \(offset), where the file ends"
        case (true, true):
          what =
            "below: the JSON read before offset \(offset), then " + count(shown, of: rest.count, "the")
            + " from there in hex"
        }
        appendHeader(failure.description, what, to: tail)
      }
      // The JSON held, which carries on the line written last, if any; then the line ends.
      tail.append(UnsafeRawBufferPointer(rebasing: out.bytes[..<partial]))
      if partial > 0 || !endsLine { tail.append(0x0A) }
      if written > 0 {
        // The JSON above was too long to hold: the failure is reported where it is found.
        appendHeader(failure.description, "above: the JSON read before offset \(offset)", to: tail)
      }
      if shown > 0 {
        if partial > 0 || written > 0 { tail.append("# from offset \(offset), in hex:\n") }
        HexDump.append(UnsafeRawBufferPointer(rebasing: rest[..<shown]), offset: offset, to: tail)
        if shown < rest.count { tail.append("# \(rest.count - shown) more bytes not shown\n") }
      }
      stdout.write(tail)
    }
  }

  /// Writes the header and the text of a JSON file that does not parse: each line with control characters
  /// and bytes that are not UTF-8 escaped (see ``TextEscaping``), at most ``Bounds/dump`` bytes of it.
  private static func showText(
    _ bytes: UnsafeRawBufferPointer, error: FormatError, bounds: Bounds, stdout: CommandOutput
  ) {
    var shown = min(bytes.count, bounds.dump)
    if shown < bytes.count, let lastBreak = bytes[..<shown].lastIndex(of: 0x0A) { shown = lastBreak + 1 }
    let out = ByteBuffer(capacity: shown + shown / 8 + 4096)
    appendHeader(
      error.description,
      "below: " + count(shown, of: bytes.count, "its") + " of text, control characters and bytes "
        + "that are not UTF-8 escaped",
      to: out)
    for line in bytes[..<shown].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(
      bytes[..<shown].last == 0x0A ? 1 : 0)
    {
      out.append(TextEscaping.line(PathText.decode(line)))
      out.append(0x0A)
    }
    if shown < bytes.count { out.append("# \(bytes.count - shown) more bytes not shown\n") }
    stdout.write(out)
  }

  /// Writes the header and the first bytes, in hex, of a file larger than the converter reads.
  private static func showHead(
    of path: String, size: Int, limits: DecodingLimits, bounds: Bounds, stdout: CommandOutput
  ) throws(FileIOError) {
    let fd = try FileIO.openForReading(path, as: .textconvInput).fd
    defer { close(fd) }
    let head = ByteBuffer(capacity: bounds.dump)
    while head.count < bounds.dump {
      let n = head.append(readingFrom: fd, upTo: bounds.dump - head.count)
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw FileIOError(path: path, operation: "read", errno: errno) }
      if n == 0 { break }
    }
    let out = ByteBuffer(capacity: head.count * 5 + 4096)
    out.append("# inertia-convert textconv: not converted: it is \(size) bytes, ")
    out.append("larger than the limit of \(limits.maxInputSize) bytes\n")
    out.append("# below: " + count(head.count, of: size, "its") + " in hex\n")
    HexDump.append(head.bytes, offset: 0, to: out)
    out.append("# \(size - head.count) more bytes not shown\n")
    stdout.write(out)
  }

  // MARK: Pieces

  /// The three lines above what is shown of a file that does not parse.
  private static func appendHeader(_ error: String, _ what: String, to out: ByteBuffer) {
    out.append("# inertia-convert textconv: this file does not parse; showing what can be read\n")
    out.append("# \(TextEscaping.line(error))\n")
    out.append("# \(what)\n")
  }

  /// `its 12 bytes`, or `the first 65536 of its 70000 bytes` when not all are shown.
  private static func count(_ shown: Int, of total: Int, _ article: String) -> String {
    let bytes = total == 1 ? "1 byte" : "\(total) bytes"
    return shown < total ? "the first \(shown) of \(article) \(bytes)" : "\(article) \(bytes)"
  }

  /// The size of a regular file, or `nil` for anything else (the read then reports it).
  private static func regularFileSize(_ path: String) -> Int? {
    var info = stat()
    guard PathText.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    return Int(info.st_size)
  }
}
