import InertiaFormat

/// Fixes one document in memory: lints it, applies the fixes allowed, verifies the result, and lints
/// again, for a few rounds while fixing one thing lets another be fixed.
///
/// Most files need one round: every fix replaces one value that no other fix touches. Another round is
/// needed when a fix makes a value visible to another rule, such as an unsafe fix renaming `durations` to
/// `duration`, whose value `non-positive-duration` then repairs, or renaming a misspelt `shapes` whose
/// contents are then checked. Rounds go on until nothing is left to fix. No fix undoes another, and a
/// value fixed once is never fixed again by the same rule, so the rounds end; ``maximumRounds`` is a
/// guard against a rule that breaks this.
///
/// Each round is checked with ``FixVerification`` before the next starts. If any round fails the check,
/// nothing is fixed: the result is the original bytes and findings, with the failure.
public struct DocumentFixer: Sendable {
  /// How many rounds of fixes one document gets at most.
  public static let maximumRounds = 16

  /// The linter that finds the problems and offers the fixes.
  public var linter: Linter
  /// Whether unsafe fixes are applied as well as safe ones.
  public var includesUnsafe: Bool
  /// A seam for tests: changes the fixed bytes before they are verified, to show that a fix that does not
  /// verify is never kept.
  package var tamper: (@Sendable ([UInt8]) -> [UInt8])?

  /// A fixer applying the fixes `linter`'s rules offer: the safe ones, and the unsafe ones too if asked.
  ///
  /// The fixer lints with no limit on findings per rule (``Linter/maxFindingsPerRule``), so that it fixes
  /// every one; a report may limit what it lists (``Finding/limited(_:to:)``).
  public init(linter: Linter, includesUnsafe: Bool = false) {
    var linter = linter
    linter.maxFindingsPerRule = 0
    self.linter = linter
    self.includesUnsafe = includesUnsafe
  }

  /// What fixing a document came to.
  public struct Result: Sendable {
    /// The bytes as they were.
    public var original: [UInt8]
    /// The bytes with every fix applied; the original when nothing was fixed.
    public var fixed: [UInt8]
    /// The document's encoding, or `nil` when it could not be read (and so was not fixed).
    public var encoding: DocumentEncoding?
    /// The findings that were fixed, with ``Finding/isFixed`` set, placed in ``fixed``.
    public var fixedFindings: [Finding]
    /// The findings left in ``fixed``, placed in it.
    public var remainingFindings: [Finding]
    /// The findings of the original bytes, before anything was fixed.
    ///
    /// Of a document that was fixed, worked out when first read: the fixer lints the original with the
    /// rules that fix only, and the others never need to see it unless the fixed bytes are not used.
    public var originalFindings: [Finding] {
      get { originalLint.findings }
      set { originalLint = OriginalFindings(newValue) }
    }
    /// ``originalFindings``, known or to be worked out.
    var originalLint: OriginalFindings
    /// How many findings the linter's ``Linter/suppression`` left out of ``remainingFindings``: left as
    /// they are, unfixed.
    public var suppressedCount = 0
    /// Why nothing was fixed, when the fixed bytes failed verification.
    public var failure: FixVerification.Failure?
    /// The replacements made in each round.
    public var rounds: [[FixApplier.Splice]]
    /// The round in which each fixed finding was found (its position is in that round's input).
    var fixedRounds: [Int]

    /// Whether the fixed bytes differ from the original.
    public var isChanged: Bool { !rounds.isEmpty }

    /// The fixed and remaining findings placed in the original bytes instead, for a run that writes
    /// nothing: a value that was replaced is placed where the old value starts.
    public var findingsInOriginal: (fixed: [Finding], remaining: [Finding]) {
      guard isChanged else { return (fixedFindings, remainingFindings) }
      var fixed = fixedFindings
      for index in fixed.indices {
        fixed[index].offset = Self.offset(fixed[index].offset, from: rounds.count, to: 0, through: rounds)
      }
      var remaining = remainingFindings
      for index in remaining.indices {
        remaining[index].offset = Self.offset(remaining[index].offset, from: rounds.count, to: 0, through: rounds)
      }
      if encoding == .json {
        DocumentFixer.placeLines(&fixed, in: original)
        DocumentFixer.placeLines(&remaining, in: original)
      }
      return (fixed, remaining)
    }

    /// Moves an offset from the bytes after `from` rounds to the bytes after `to` rounds. An offset inside
    /// a replaced value moves to the start of the value that replaces it (or that it replaced).
    static func offset(_ offset: Int, from: Int, to: Int, through rounds: [[FixApplier.Splice]]) -> Int {
      var offset = offset
      if from < to {
        for round in rounds[from..<to] {
          offset = move(offset, round, forward: true)
        }
      } else {
        for round in rounds[to..<from].reversed() {
          offset = move(offset, round, forward: false)
        }
      }
      return offset
    }

    /// Moves an offset across one round's replacements, found by binary search (they are in order).
    private static func move(_ offset: Int, _ splices: [FixApplier.Splice], forward: Bool) -> Int {
      func source(_ splice: FixApplier.Splice) -> Range<Int> { forward ? splice.fix.byteRange : splice.newRange }
      func target(_ splice: FixApplier.Splice) -> Range<Int> { forward ? splice.newRange : splice.fix.byteRange }
      // The last replacement that starts at or before the offset.
      var low = 0
      var high = splices.count
      while low < high {
        let middle = (low + high) / 2
        if source(splices[middle]).lowerBound <= offset { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return offset }
      let splice = splices[low - 1]
      if offset < source(splice).upperBound { return target(splice).lowerBound }
      return offset + target(splice).upperBound - source(splice).upperBound
    }
  }

  /// Fixes a document given as bytes, in whichever encoding its content shows.
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - file: the name findings carry.
  ///   - fileName: the file's own name, whose stem is its container id; `nil` for unnamed input.
  public func fix(_ bytes: [UInt8], file: String, fileName: String?) -> Result {
    var result = Result(
      original: bytes, fixed: bytes, encoding: nil, fixedFindings: [], remainingFindings: [],
      originalLint: OriginalFindings([]), failure: nil, rounds: [], fixedRounds: [])
    var document: IndexedDocument
    do {
      document = try IndexedDocument.read(bytes)
    } catch {
      // Not a document: the linter reports it, and there is nothing to fix.
      let linted = linter.linted(FileContents(copying: bytes), file: file, fileName: fileName)
      result.remainingFindings = linted.findings
      result.originalFindings = result.remainingFindings
      result.suppressedCount = linted.suppressedCount
      return result
    }
    let encoding = document.encoding
    result.encoding = encoding
    // The rules that may fix lint first, and the others only once nothing is left to fix: on the original
    // when nothing is fixed, on the last round's document otherwise. What lints both ways is worked out
    // once (the document's index, its outline), and a fixed file is linted whole once, not once a round.
    let fixes: (Linter.EnabledRule) -> Bool = { rule in
      switch rule.fixSafety {
      case .safe?: true
      case .unsafe?: includesUnsafe
      case nil: false
      }
    }
    var part = linter.beginLint(document, file: file, fileName: fileName)
    linter.lint(&part, including: fixes)
    var findings = linter.finished(part).findings
    var current = bytes
    // The values fixed so far, and the same as a set once a finding of a later round needs them looked up
    // (which few do: hashing every pointer fixed would mostly be for nothing).
    var fixedValues: [FixedValue] = []
    var fixedSet: Set<FixedValue> = []
    var inSet = 0  // how many of `fixedValues` are in `fixedSet`
    func wasFixed(_ value: FixedValue) -> Bool {
      fixedSet.formUnion(fixedValues[inSet...])
      inSet = fixedValues.count
      return fixedSet.contains(value)
    }
    for round in 0..<Self.maximumRounds {
      var candidates: [Int] = []
      for index in findings.indices {
        guard let fix = findings[index].fix, fix.safety == .safe || includesUnsafe,
          fixedValues.isEmpty || !wasFixed(FixedValue(ruleID: findings[index].ruleID, pointer: fix.pointer)),
          // A replacement that writes the bytes already there fixes nothing.
          FixApplier.encoded(fix, encoding).map({ !current[fix.byteRange].elementsEqual($0) }) ?? false
        else { continue }
        candidates.append(index)
      }
      if candidates.isEmpty { break }
      let (spliced, splices) = FixApplier.splice(
        candidates.map { findings[$0].fix! }, into: current, encoding: encoding)
      if splices.isEmpty { break }
      let candidate = tamper?(spliced) ?? spliced
      // The outline of the fixed document, from the original's when only values were replaced (nearly
      // always): made again otherwise, by the first rule that needs it.
      var outline: DocumentOutline?
      do {
        let verified = try FixVerification.verified(original: document, fixed: candidate, fixes: splices.map(\.fix))
        if let replaced = verified.replaced {
          outline = part.inputs.outline?.replacingValues(replaced, in: verified.document)
        }
        document = verified.document
      } catch {
        // Worked out again rather than kept through the rounds: a file that fails verification is rare.
        let original = linter.linted(FileContents(copying: bytes), file: file, fileName: fileName)
        result.originalFindings = original.findings
        result.remainingFindings = original.findings
        result.suppressedCount = original.suppressedCount
        result.failure = error
        return result
      }
      // A fix several findings share (a map's repeated keys, dropped at once) fixes each of them: the
      // splicer applies it once and leaves the copies out as overlapping.
      var sharers: [Int: [Int]] = [:]
      if candidates.count > splices.count {
        let applied = Set(splices.map(\.index))
        var byStart: [Int: Int] = [:]
        for (number, splice) in splices.enumerated() { byStart[splice.fix.byteRange.lowerBound] = number }
        for (position, index) in candidates.enumerated() where !applied.contains(position) {
          guard let fix = findings[index].fix, let number = byStart[fix.byteRange.lowerBound],
            splices[number].fix == fix
          else { continue }
          sharers[number, default: []].append(index)
        }
      }
      for (number, splice) in splices.enumerated() {
        for index in [candidates[splice.index]] + (sharers[number] ?? []) {
          var finding = findings[index]
          finding.isFixed = true
          fixedValues.append(FixedValue(ruleID: finding.ruleID, pointer: splice.fix.pointer))
          result.fixedFindings.append(finding)
          result.fixedRounds.append(round)
        }
      }
      result.rounds.append(splices)
      current = candidate
      part = linter.beginLint(document, file: file, fileName: fileName, outline: outline)
      linter.lint(&part, including: fixes)
      findings = linter.finished(part).findings
    }
    linter.lint(&part) { _ in true }  // the rules not run yet
    let linted = linter.finished(part)
    findings = linted.findings
    result.suppressedCount = linted.suppressedCount
    if result.isChanged {
      let linter = self.linter
      result.originalLint = OriginalFindings {
        linter.linted(FileContents(copying: bytes), file: file, fileName: fileName).findings
      }
    } else {
      result.originalFindings = findings
    }
    guard result.isChanged else {
      result.remainingFindings = findings
      return result
    }
    result.fixed = current
    result.remainingFindings = findings
    // Place the fixed findings in the fixed bytes: each where the value that replaced the old one starts.
    for index in result.fixedFindings.indices {
      result.fixedFindings[index].offset = Result.offset(
        result.fixedFindings[index].offset, from: result.fixedRounds[index], to: result.rounds.count,
        through: result.rounds)
    }
    if encoding == .json { Self.placeLines(&result.fixedFindings, in: current) }
    return result
  }

  /// The findings of a document's original bytes, known, or worked out once when first asked for.
  final class OriginalFindings: Sendable {
    private let known: Locked<[Finding]?>
    private let make: @Sendable () -> [Finding]

    init(_ findings: [Finding]) {
      known = Locked(findings)
      make = { findings }
    }

    init(_ make: @escaping @Sendable () -> [Finding]) {
      known = Locked(nil)
      self.make = make
    }

    var findings: [Finding] {
      known.withLock { known in
        if let known { return known }
        let made = make()
        known = made
        return made
      }
    }
  }

  /// A value fixed by a rule, which later rounds leave alone.
  private struct FixedValue: Hashable {
    let ruleID: String
    let pointer: JSONPointer
  }

  /// Fills in the lines and columns of findings in JSON text from their offsets.
  static func placeLines(_ findings: inout [Finding], in bytes: [UInt8]) {
    guard !findings.isEmpty else { return }
    let lines = LineIndex(bytes)
    for index in findings.indices {
      (findings[index].line, findings[index].column) = lines.location(ofOffset: findings[index].offset, in: bytes)
    }
  }
}
