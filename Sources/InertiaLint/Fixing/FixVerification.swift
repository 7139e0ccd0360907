import InertiaFormat

/// Checks a fixed file before it is written: it must read back, in the same encoding, as the original
/// with exactly the replacements made and nothing else changed.
///
/// The two documents are walked in parallel, the original's values located by their positions in the
/// original input (so a repeated key is told apart from its first occurrence):
///
/// - a value whose bytes a fix replaced must read back as the fix's replacement, kind included (an
///   integer is not a float);
/// - a value with a replaced value inside it must be the same kind of container with the same number of
///   elements or entries and the same head bytes, and its children are compared one by one, in order;
/// - every other value must encode exactly as before, so keys keep their order, duplicates stay, and
///   integers and floats keep their kinds;
/// - every byte of the input outside the replaced values (MessagePack encodings, JSON whitespace) must be
///   unchanged.
///
/// The `fix` fuzz target and ``DocumentFixer`` share this check.
public enum FixVerification {
  /// Why a fixed file failed the check.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What differs, and where.
    public var description: String

    init(_ description: String) {
      self.description = description
    }
  }

  /// Checks that `fixed` is `original` with `fixes` applied and nothing else changed.
  /// - Parameters:
  ///   - original: the document the fixes were found in.
  ///   - fixed: the bytes to be written.
  ///   - fixes: the fixes applied, whose byte ranges are positions in `original`'s input.
  /// - Returns: the fixed document, read.
  /// - Throws: ``Failure`` naming the first difference.
  public static func verify(original: IndexedDocument, fixed: [UInt8], fixes: [Fix]) throws(Failure)
    -> IndexedDocument
  {
    try verified(original: original, fixed: fixed, fixes: fixes).document
  }

  /// ``verify(original:fixed:fixes:)``, saying which values were replaced when the fixed document is indexed
  /// from the original's, its values numbered as the original's (``IndexedDocument/replacingValues(_:with:limits:)``):
  /// `replaced` is `nil` when it was read anew.
  static func verified(original: IndexedDocument, fixed: [UInt8], fixes: [Fix]) throws(Failure)
    -> (document: IndexedDocument, replaced: [IndexedDocument.Node]?)
  {
    let fixes = fixes.sorted { $0.byteRange.lowerBound < $1.byteRange.lowerBound }
    for (a, b) in zip(fixes, fixes.dropFirst()) where a.byteRange.upperBound > b.byteRange.lowerBound {
      throw Failure("fixes at bytes \(a.byteRange) and \(b.byteRange) overlap")
    }
    if let (document, nodes) = replacedValues(original: original, fixed: fixed, fixes: fixes) {
      return (document, nodes)
    }
    let document: IndexedDocument
    do {
      document = try IndexedDocument.read(fixed, as: original.encoding)
    } catch {
      throw Failure("the fixed file does not read back: \(error)")
    }
    var walk = ParallelWalk(old: original, new: document, fixes: fixes)
    try walk.run()
    try checkUnchangedBytes(original, document, replaced: walk.replaced)
    return (document, nil)
  }

  /// The check of a MessagePack file whose fixes (in order) each replace one value that is not an array or
  /// map by another, as nearly every fix does: the fixed document is indexed from the original's
  /// (``IndexedDocument/replacingValues(_:with:limits:)``, which reads each new value and compares every
  /// byte outside them), and each new value must read back as its fix's replacement, kind included. That
  /// is the whole check for such fixes, without reading the fixed file again. `nil` when the fixes are not
  /// all such or something differs: the whole check then runs and names what differs.
  private static func replacedValues(original: IndexedDocument, fixed: [UInt8], fixes: [Fix]) -> (
    IndexedDocument, [IndexedDocument.Node]
  )? {
    guard original.encoding == .messagePack else { return nil }
    var nodes: [IndexedDocument.Node] = []
    nodes.reserveCapacity(fixes.count)
    for fix in fixes {
      guard let node = original.node(startingAt: fix.byteRange.lowerBound),
        original.messagePackRange(of: node) == fix.byteRange
      else { return nil }
      nodes.append(node)
    }
    guard let document = original.replacingValues(nodes, with: fixed) else { return nil }
    for (node, fix) in zip(nodes, fixes) where document.value(of: node) != fix.replacement { return nil }
    return (document, nodes)
  }

  /// Checks that the bytes between the replaced values are the same in both inputs.
  private static func checkUnchangedBytes(
    _ old: IndexedDocument, _ new: IndexedDocument, replaced: [(old: Range<Int>, new: Range<Int>)]
  ) throws(Failure) {
    var oldStart = 0
    var newStart = 0
    let ends = (old: old.inputCount..<old.inputCount, new: new.inputCount..<new.inputCount)
    for (oldRange, newRange) in replaced + [ends] {
      guard old.inputBytes(oldStart..<oldRange.lowerBound, equal: new, newStart..<newRange.lowerBound) else {
        throw Failure("bytes outside the fixed values changed between offsets \(oldStart) and \(oldRange.lowerBound)")
      }
      oldStart = oldRange.upperBound
      newStart = newRange.upperBound
    }
  }

  /// The parallel walk of the original and fixed documents.
  private struct ParallelWalk {
    let old: IndexedDocument
    let new: IndexedDocument
    let fixes: [Fix]
    /// The next fix not yet met.
    var next = 0
    /// Where each fixed value lay in the original input and lies in the fixed one, in order.
    var replaced: [(old: Range<Int>, new: Range<Int>)] = []

    init(old: IndexedDocument, new: IndexedDocument, fixes: [Fix]) {
      self.old = old
      self.new = new
      self.fixes = fixes
    }

    /// A container being compared child by child: the next child on each side.
    private struct Frame {
      let oldParent: IndexedDocument.Node
      let newParent: IndexedDocument.Node
      var oldChild: IndexedDocument.Node?
      var newChild: IndexedDocument.Node?
    }

    mutating func run() throws(Failure) {
      guard let oldRoot = old.root, let newRoot = new.root else {
        throw Failure("the fixed file holds no document")
      }
      // Iterative, so that a document nested as deeply as the readers allow is walked in constant stack.
      var stack: [Frame] = []
      if let frame = try compare(oldRoot, newRoot) { stack.append(frame) }
      while !stack.isEmpty {
        let top = stack.count - 1
        guard let oldChild = stack[top].oldChild, let newChild = stack[top].newChild else {
          if stack[top].oldChild != nil || stack[top].newChild != nil {
            throw Failure("a container at offset \(old.byteRange(of: stack[top].oldParent).lowerBound) changed size")
          }
          stack.removeLast()
          continue
        }
        stack[top].oldChild = old.nextSibling(of: oldChild, in: stack[top].oldParent)
        stack[top].newChild = new.nextSibling(of: newChild, in: stack[top].newParent)
        if let frame = try compare(oldChild, newChild) { stack.append(frame) }
      }
      if next < fixes.count {
        throw Failure("the fix at bytes \(fixes[next].byteRange) does not replace a whole value")
      }
    }

    /// Compares one value of each document; returns a frame when their children must be compared.
    private mutating func compare(_ oldNode: IndexedDocument.Node, _ newNode: IndexedDocument.Node) throws(Failure)
      -> Frame?
    {
      let range = old.byteRange(of: oldNode)
      if next < fixes.count, fixes[next].byteRange.lowerBound < range.lowerBound {
        throw Failure("the fix at bytes \(fixes[next].byteRange) does not replace a whole value")
      }
      if next < fixes.count, fixes[next].byteRange == range {
        let value = new.value(of: newNode)
        guard value == fixes[next].replacement else {
          throw Failure(
            "the value at offset \(range.lowerBound) reads back as \(value), not the replacement "
              + "\(fixes[next].replacement)")
        }
        replaced.append((range, new.byteRange(of: newNode)))
        next += 1
        return nil
      }
      let containsFix = next < fixes.count && fixes[next].byteRange.upperBound <= range.upperBound
      let oldBytes = old.messagePackRange(of: oldNode)
      let newBytes = new.messagePackRange(of: newNode)
      guard containsFix else {
        guard old.messagePackBytes(oldBytes, equal: new, newBytes) else {
          throw Failure("the value at offset \(range.lowerBound) changed, and no fix replaced it")
        }
        return nil
      }
      let kind = old.kind(of: oldNode)
      guard kind == .array || kind == .map, new.kind(of: newNode) == kind,
        old.count(of: oldNode) == new.count(of: newNode)
      else {
        throw Failure("the value at offset \(range.lowerBound) changed kind or size")
      }
      let oldChild = old.firstChild(of: oldNode)
      let newChild = new.firstChild(of: newNode)
      // The container's own head (its format byte and count) must be the same bytes.
      let oldHead =
        oldBytes.lowerBound..<(oldChild.map { old.messagePackRange(of: $0).lowerBound } ?? oldBytes.upperBound)
      let newHead =
        newBytes.lowerBound..<(newChild.map { new.messagePackRange(of: $0).lowerBound } ?? newBytes.upperBound)
      guard old.messagePackBytes(oldHead, equal: new, newHead) else {
        throw Failure("the head of the container at offset \(range.lowerBound) changed")
      }
      return Frame(oldParent: oldNode, newParent: newNode, oldChild: oldChild, newChild: newChild)
    }
  }
}
