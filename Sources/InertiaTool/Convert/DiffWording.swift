import InertiaFormat

/// A motion diff in words, as lines for the text and Markdown reports to lay out: one wording for both.
struct DiffWording {
  /// One line of the report, at a depth of indentation.
  struct Line: Equatable {
    /// What the line says happened: it leads the line (`+`, `-`, `~`) and colours it.
    enum Mark: Equatable {
      case none, added, removed, changed, heading
    }
    var depth: Int
    var mark: Mark
    var pieces: [Piece]
  }

  /// A piece of a line: words of ours, or a name from the file (an id), which each report escapes its way.
  enum Piece: Equatable {
    case text(String)
    case name(String)
  }

  typealias Diff = InertiaMotionDiff

  /// The lines describing `diff`; none when the two play the same.
  static func lines(_ diff: InertiaMotionDiff) -> [Line] {
    var lines: [Line] = []
    if diff.loop.isChanged {
      var pieces: [Piece] = [.text("loop " + Seconds.change(diff.loop.before, diff.loop.after) + ": ")]
      pieces += setter(diff.loop.setAfter, diff.loop.durationAfter, now: true)
      pieces.append(.text("; before, "))
      pieces += setter(diff.loop.setBefore, diff.loop.durationBefore, now: false)
      lines.append(Line(depth: 0, mark: .changed, pieces: pieces))
    }
    for change in diff.animations {
      lines += animation(change)
    }
    if !diff.holds.isEmpty {
      let count = diff.holds.count
      lines.append(
        Line(
          depth: 0, mark: .changed,
          pieces: [
            .text(
              "\(count) \(count == 1 ? "track plays as before and holds its" : "tracks play as before and hold their") "
                + "last pose until \(Seconds.change(diff.loop.before, diff.loop.after)), "
                + "because the loop changed:")
          ]))
      for hold in diff.holds.prefix(holdsListed) {
        lines.append(
          Line(depth: 1, mark: .none, pieces: trackName(hold.track) + [.text(" from \(Seconds.text(hold.from))")]))
      }
      if count > holdsListed {
        lines.append(Line(depth: 1, mark: .none, pieces: [.text("and \(count - holdsListed) more")]))
      }
    }
    for match in diff.positionMatches {
      var pieces: [Piece] = [.text("matched by position, since ids are \(match.idsMissing ? "missing" : "repeated"): ")]
      switch match.list {
      case .animations: pieces.append(.text("the animations sharing an id"))
      case .keyframes:
        pieces.append(.text("the keyframes of "))
        pieces += place(match.animation, match.shapePath)
      case .shapes:
        pieces.append(.text("the shapes of "))
        pieces += place(match.animation, match.shapePath)
      }
      lines.append(Line(depth: 0, mark: .none, pieces: pieces))
    }
    return lines
  }

  /// Holds listed one by one; the rest are counted.
  static let holdsListed = 20

  static func setter(_ track: Diff.TrackName?, _ loopDuration: Double, now: Bool) -> [Piece] {
    guard let track else { return [.text("the loop duration, \(Seconds.text(loopDuration))")] }
    return [.text(now ? "now set by " : "set by ")] + trackName(track)
  }

  static func trackName(_ track: Diff.TrackName) -> [Piece] {
    var pieces: [Piece] = []
    if track.isShape {
      pieces += [.text("the track of shape "), id(track.shape), .text(" of ")]
    }
    pieces.append(id(track.animation))
    return pieces
  }

  static func place(_ animation: String?, _ shapePath: [String?]) -> [Piece] {
    var pieces: [Piece] = []
    for shape in shapePath.reversed() { pieces += [.text("shape "), id(shape), .text(" of ")] }
    pieces.append(id(animation))
    return pieces
  }

  static func id(_ id: String?) -> Piece { id.map(Piece.name) ?? .text("(no id)") }

  /// A keyframe's or shape's id, shortened when it is a long UUID: its first block and an ellipsis.
  static func shortID(_ id: String?) -> Piece {
    guard let id else { return .text("(no id)") }
    let head = id.split(separator: "-", maxSplits: 1).first.map(String.init) ?? id
    return .name(id.count >= 32 && head.count >= 4 && head.count < id.count ? head + "…" : id)
  }

  // MARK: Animations

  static func animation(_ change: Diff.AnimationChange) -> [Line] {
    var head: [Piece] = [id(change.id)]
    if let occurrence = change.occurrence { head.append(.text(" (\(ordinal(occurrence + 1)) with this id)")) }
    var lines: [Line] = []
    switch change.status {
    case .added, .removed:
      let invokeType = change.invokeType?.after ?? change.invokeType?.before ?? "auto"
      let track = change.track
      let keyframes = track?.keyframes.count ?? 0
      let end = change.status == .added ? track?.end.after : track?.end.before
      var summary = ": \(change.status == .added ? "added" : "removed"), \(invokeType), "
      summary += keyframes == 0 ? "no keyframes" : "\(count(keyframes, "keyframe")), ends at \(Seconds.text(end ?? 0))"
      if !change.shapes.isEmpty { summary += ", \(count(change.shapes.count, "shape"))" }
      lines.append(Line(depth: 0, mark: change.status == .added ? .added : .removed, pieces: head + [.text(summary)]))
      if let track { lines += self.track(track, depth: 1, whole: true) }
      for shape in change.shapes { lines += self.shape(shape, depth: 1) }
      return lines
    case .changed:
      lines.append(Line(depth: 0, mark: .changed, pieces: head + [.text(": plays differently")]))
      if let invokeType = change.invokeType {
        lines.append(
          Line(
            depth: 1, mark: .none,
            pieces: [.text("invokeType \(invokeType.before ?? "") → \(invokeType.after ?? "")")]))
      }
      if let track = change.track { lines += self.track(track, depth: 1, whole: false) }
      for shape in change.shapes { lines += self.shape(shape, depth: 1) }
      return lines
    }
  }

  static func ordinal(_ n: Int) -> String {
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
  }

  static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

  // MARK: Tracks

  /// A track's changes; `whole` for a track added or removed, whose keyframes are listed as they are.
  static func track(_ track: Diff.TrackChange, depth: Int, whole: Bool) -> [Line] {
    var lines: [Line] = []
    if !track.initialValues.isEmpty {
      lines.append(
        Line(depth: depth, mark: .none, pieces: [.text("initialValues: " + fields(track.initialValues, whole: whole))]))
    }
    for keyframe in track.keyframes {
      lines.append(self.keyframe(keyframe, depth: depth, whole: whole))
    }
    if !whole, track.end.isChanged || !same(track.end.before, track.end.after) {
      lines.append(
        Line(
          depth: depth, mark: .none,
          pieces: [.text("the track ends at " + Seconds.change(track.end.before ?? 0, track.end.after ?? 0))]))
    }
    if !whole, let hold = track.hold {
      lines.append(
        Line(
          depth: depth, mark: .none,
          pieces: [
            .text(
              "holds its last pose from \(Seconds.text(hold.from)) until "
                + Seconds.change(hold.until.before ?? 0, hold.until.after ?? 0))
          ]))
    }
    return lines
  }

  static func same(_ a: Double?, _ b: Double?) -> Bool { a == b || (a?.isNaN == true && b?.isNaN == true) }

  static func keyframe(_ keyframe: Diff.KeyframeChange, depth: Int, whole: Bool) -> Line {
    let index = keyframe.index.after ?? keyframe.index.before ?? 0
    var pieces: [Piece] = [.text("keyframe \(index) "), shortID(keyframe.id)]
    let time = keyframe.time
    switch keyframe.status {
    case .added, .removed:
      let added = keyframe.status == .added
      pieces.append(.text(" at \(Seconds.text((added ? time.after : time.before) ?? 0))"))
      let duration = added ? keyframe.duration.after : keyframe.duration.before
      var details = ["duration " + Number.seconds(duration ?? 0)]
      if (added ? keyframe.repaired.after : keyframe.repaired.before) == true { details[0] += " (plays as 1 ms)" }
      if !whole { details.insert(added ? "added" : "removed", at: 0) }
      details.append(fields(keyframe.values, whole: true))
      pieces.append(.text(": " + details.joined(separator: "; ")))
      return Line(depth: depth, mark: whole ? .none : added ? .added : .removed, pieces: pieces)
    case .changed:
      pieces.append(
        .text(
          " at "
            + (same(time.before, time.after)
              ? Seconds.text(time.after ?? 0) : Seconds.change(time.before ?? 0, time.after ?? 0))))
      var details: [String] = []
      if let from = keyframe.index.before, let to = keyframe.index.after, from != to {
        details.append("was keyframe \(from)")
      }
      if !same(keyframe.duration.before, keyframe.duration.after) {
        var text = "duration " + Number.change(keyframe.duration.before ?? 0, keyframe.duration.after ?? 0) + " s"
        if keyframe.repaired.after == true && keyframe.repaired.before == false { text += " (now plays as 1 ms)" }
        if keyframe.repaired.after == false && keyframe.repaired.before == true {
          text += " (played as 1 ms before)"
        }
        details.append(text)
      } else if keyframe.repaired.isChanged {
        details.append(keyframe.repaired.after == true ? "now plays as 1 ms" : "no longer played as 1 ms")
      }
      if !keyframe.values.isEmpty { details.append(fields(keyframe.values, whole: false)) }
      if !details.isEmpty { pieces.append(.text(": " + details.joined(separator: "; "))) }
      return Line(depth: depth, mark: .none, pieces: pieces)
    }
  }

  /// `opacity 1 → 0.5, scale 1 → 2`, or for a whole pose `scale 1, translate [0, 0], …`.
  static func fields(_ fields: [Diff.FieldChange], whole: Bool) -> String {
    fields.map { field in
      if whole { return field.name + " " + Number.value(field.after ?? field.before) }
      return field.name + " " + Number.valueChange(field.before, field.after)
    }.joined(separator: ", ")
  }

  // MARK: Shapes

  static func shape(_ shape: Diff.ShapeChange, depth: Int) -> [Line] {
    var pieces: [Piece] = [.text("shape "), shortID(shape.id)]
    let whole = shape.status != .changed
    switch shape.status {
    case .added: pieces.append(.text(" added"))
    case .removed: pieces.append(.text(" removed"))
    case .changed: break
    }
    var details: [String] = []
    if !whole, shape.drawnOrder.isChanged, let before = shape.drawnOrder.before, let after = shape.drawnOrder.after {
      details.append("drawn \(ordinal(after + 1)) among its siblings (was \(ordinal(before + 1)))")
    }
    let shown = whole ? shape.fields.filter { $0.name == "type" || !isDefault($0) } : shape.fields
    if !shown.isEmpty { details.append(self.fields(shown, whole: whole)) }
    if !details.isEmpty { pieces.append(.text(": " + details.joined(separator: "; "))) }
    var lines = [
      Line(
        depth: depth, mark: shape.status == .added ? .added : shape.status == .removed ? .removed : .none,
        pieces: pieces)
    ]
    if let track = shape.track {
      let status = track.end.before == nil ? "added" : track.end.after == nil ? "removed" : "plays differently"
      lines.append(Line(depth: depth + 1, mark: .none, pieces: [.text("its own track \(status)")]))
      lines += self.track(track, depth: depth + 2, whole: whole || track.end.before == nil || track.end.after == nil)
    }
    for child in shape.shapes { lines += self.shape(child, depth: depth + 1) }
    return lines
  }

  /// Whether a field of a shape added or removed holds what its absence means, and so goes without saying.
  static func isDefault(_ field: Diff.FieldChange) -> Bool {
    let value = field.after ?? field.before
    switch (field.name, value) {
    case ("zIndex", .number(0)?), ("position", .text("bottom")?), ("ownCanvas", .flag(false)?),
      ("showsBeforeAnimation", .flag(true)?), ("strokeWidth", .number(0)?), ("transforms.scale", .number(1)?),
      ("transforms.translate", .pair(0, 0)?), ("transforms.rotate", .number(0)?),
      ("transforms.rotateCenter", .number(0)?), ("transforms.opacity", .number(1)?), (_, Diff.Value.none?):
      return true
    default: return false
    }
  }
}

/// Numbers as the reports write them.
enum Number {
  /// A value as written: `1`, `0.5`, `0.33000001311302185`, `NaN`, `infinity`.
  static func text(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "infinity" : "-infinity" }
    if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  static func seconds(_ value: Double) -> String { text(value) + " s" }

  static func change(_ before: Double, _ after: Double) -> String { "\(text(before)) → \(text(after))" }

  /// A field's value: a number, `[x, y]`, a colour as `#RRGGBB`, a word.
  static func value(_ value: InertiaMotionDiff.Value?) -> String {
    switch value {
    case nil, .none?: return "none"
    case .number(let x)?: return text(x)
    case .pair(let x, let y)?: return "[\(text(x)), \(text(y))]"
    case .colour?: return value!.hexColour!
    case .text(let word)?: return word
    case .flag(let flag)?: return flag ? "true" : "false"
    case .vertices(let count)?: return "\(count) vertices"
    }
  }

  /// `1 → 0.5`; colours that round to the same `#RRGGBB` also show their components.
  static func valueChange(_ before: InertiaMotionDiff.Value?, _ after: InertiaMotionDiff.Value?) -> String {
    var (first, second) = (value(before), value(after))
    if first == second, case .colour(let r, let g, let b, let a)? = before,
      case .colour(let r2, let g2, let b2, let a2)? = after
    {
      first += " (\([r, g, b, a].map(text).joined(separator: ", ")))"
      second += " (\([r2, g2, b2, a2].map(text).joined(separator: ", ")))"
    }
    return "\(first) → \(second)"
  }
}

/// Times as the reports write them: in seconds, to the millisecond, with more digits where two times that
/// differ would otherwise read the same.
enum Seconds {
  static func text(_ value: Double, digits: Int = 3) -> String {
    if !value.isFinite || value.magnitude >= 1e15 { return Number.text(value) + " s" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == 0 && value != 0 && digits < 9 { return text(value, digits: digits + 3) }
    return Number.text(rounded) + " s"
  }

  /// `1 s → 1.5 s`, to as many digits as tell the two apart.
  static func change(_ before: Double, _ after: Double) -> String {
    var digits = 3
    while digits < 12 && before != after && text(before, digits: digits) == text(after, digits: digits) {
      digits += 3
    }
    if before != after && text(before, digits: digits) == text(after, digits: digits) {
      return Number.seconds(before) + " → " + Number.seconds(after)
    }
    return text(before, digits: digits) + " → " + text(after, digits: digits)
  }
}
