import InertiaFormat

/// The reports of `inertia-convert diff`: text (for a terminal, in colour when it is one), Markdown (for a
/// pull request's comment or a CI job's summary) and JSON (for bots), each from one ``InertiaMotionDiff``.
enum DiffReport {
  /// How the two versions are named in a report.
  struct Names {
    var old: String
    var new: String
  }

  // MARK: Text

  /// The text report: a heading line, then a line for each change, marked `+` added, `-` removed, `~` changed.
  static func text(_ diff: InertiaMotionDiff, names: Names, color: Bool) -> String {
    func paint(_ code: String, _ text: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    var out = paint("1", "\(TextEscaping.line(names.old)) → \(TextEscaping.line(names.new))") + ": "
    out += diff.playsTheSame ? "the two play the same\n" : "plays differently\n"
    for line in DiffWording.lines(diff) {
      let (mark, code): (String, String?) =
        switch line.mark {
        case .added: ("+", "32")
        case .removed: ("-", "31")
        case .changed: ("~", "33")
        case .heading: ("", "1")
        case .none: (" ", nil)
        }
      var text = ""
      for piece in line.pieces {
        switch piece {
        case .text(let words): text += words
        case .name(let name): text += paint("1", TextEscaping.line(name))
        }
      }
      let lead = String(repeating: "  ", count: line.depth) + mark + " "
      out += (code.map { paint($0, lead) } ?? lead) + text + "\n"
    }
    return out
  }

  // MARK: Markdown

  /// The Markdown report: a heading, then nested bullets. Ids go in code spans, and every other character
  /// Markdown or HTML would read is escaped, so no file's strings make markup.
  static func markdown(_ diff: InertiaMotionDiff, names: Names) -> String {
    var out = "#### " + code(names.old) + " → " + code(names.new) + ": "
    out += diff.playsTheSame ? "the two play the same\n" : "plays differently\n"
    let lines = DiffWording.lines(diff)
    if !lines.isEmpty { out += "\n" }
    for line in lines {
      var text = ""
      for piece in line.pieces {
        switch piece {
        case .text(let words): text += escaped(words)
        case .name(let name): text += code(name)
        }
      }
      out += String(repeating: "  ", count: line.depth) + "- " + text + "\n"
    }
    return out
  }

  /// `text` in a code span: control characters escaped, fenced by more backticks than it holds in a row.
  static func code(_ text: String) -> String {
    let line = TextEscaping.line(text)
    var longest = 0
    var run = 0
    for character in line {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = line.hasPrefix("`") || line.hasSuffix("`") || line.isEmpty ? " \(line) " : line
    return fence + padded + fence
  }

  /// `text` (our own words and numbers, which never start a line: each follows a bullet) with every character
  /// that Markdown or HTML gives a meaning to inside a line escaped with a backslash.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in TextEscaping.line(text) {
      if "\\`*_{}[]<>!|~&".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }

  // MARK: JSON

  /// The JSON report's version: raised when a key changes meaning or goes; new keys may come without it.
  static let jsonVersion = 1

  /// The JSON report: one document, described in the docs' `diff` page. Times are numbers of seconds.
  static func json(_ diff: InertiaMotionDiff, names: Names) -> [UInt8] {
    let document: MessagePackValue = .map([
      entry("version", .int(Int64(jsonVersion))),
      entry("old", .string(names.old)),
      entry("new", .string(names.new)),
      entry("playsTheSame", .bool(diff.playsTheSame)),
      entry("loopDuration", diff.loopDuration.map(number) ?? .nil),
      entry(
        "loop",
        .map([
          entry("before", number(diff.loop.before)), entry("after", number(diff.loop.after)),
          entry("setBefore", trackName(diff.loop.setBefore)), entry("setAfter", trackName(diff.loop.setAfter)),
          entry("durationBefore", number(diff.loop.durationBefore)),
          entry("durationAfter", number(diff.loop.durationAfter)),
        ])),
      entry("animations", .array(diff.animations.map(animation))),
      entry("holds", .array(diff.holds.map(hold))),
      entry(
        "positionMatches",
        .array(
          diff.positionMatches.map { match in
            .map([
              entry("list", .string(match.list.rawValue)), entry("animation", string(match.animation)),
              entry("shapePath", .array(match.shapePath.map(string))), entry("idsMissing", .bool(match.idsMissing)),
            ])
          })),
    ])
    // Every value is of a kind plain JSON holds (non-finite numbers are written as strings).
    var bytes = (try? JSONWriter(options: .init(style: .pretty)).write(document)) ?? Array("{}".utf8)
    bytes.append(0x0A)
    return bytes
  }

  private static func entry(_ key: String, _ value: MessagePackValue) -> MessagePackValue.MapEntry {
    .init(.string(key), value)
  }

  private static func string(_ text: String?) -> MessagePackValue { text.map(MessagePackValue.string) ?? .nil }

  /// A number: an integer when it is a whole one, `"NaN"`, `"Infinity"` or `"-Infinity"` when not finite.
  static func number(_ value: Double?) -> MessagePackValue {
    guard let value else { return .nil }
    if value.isNaN { return .string("NaN") }
    if value.isInfinite { return .string(value > 0 ? "Infinity" : "-Infinity") }
    if value == value.rounded(), value.magnitude < 0x1p53 { return .int(Int64(value)) }
    return .float64(value)
  }

  private static func change<T>(_ change: InertiaMotionDiff.Change<T>, _ value: (T?) -> MessagePackValue)
    -> MessagePackValue
  {
    .map([entry("before", value(change.before)), entry("after", value(change.after))])
  }

  private static func trackName(_ track: InertiaMotionDiff.TrackName?) -> MessagePackValue {
    guard let track else { return .nil }
    return .map([
      entry("animation", string(track.animation)), entry("shape", track.isShape ? string(track.shape) : .nil),
    ])
  }

  private static func animation(_ change: InertiaMotionDiff.AnimationChange) -> MessagePackValue {
    .map([
      entry("status", .string(change.status.rawValue)),
      entry("id", string(change.id)),
      entry("occurrence", change.occurrence.map { .int(Int64($0)) } ?? .nil),
      entry("invokeType", change.invokeType.map { self.change($0, string) } ?? .nil),
      entry("track", change.track.map(track) ?? .nil),
      entry("shapes", .array(change.shapes.map(shape))),
    ])
  }

  private static func track(_ track: InertiaMotionDiff.TrackChange) -> MessagePackValue {
    .map([
      entry("initialValues", .array(track.initialValues.map(field))),
      entry("keyframes", .array(track.keyframes.map(keyframe))),
      entry("end", change(track.end, number)),
      entry("hold", track.hold.map(hold) ?? .nil),
    ])
  }

  private static func keyframe(_ keyframe: InertiaMotionDiff.KeyframeChange) -> MessagePackValue {
    .map([
      entry("status", .string(keyframe.status.rawValue)),
      entry("id", string(keyframe.id)),
      entry("index", change(keyframe.index) { $0.map { .int(Int64($0)) } ?? .nil }),
      entry("time", change(keyframe.time, number)),
      entry("duration", change(keyframe.duration, number)),
      entry("repaired", change(keyframe.repaired) { $0.map(MessagePackValue.bool) ?? .nil }),
      entry("values", .array(keyframe.values.map(field))),
    ])
  }

  private static func field(_ field: InertiaMotionDiff.FieldChange) -> MessagePackValue {
    .map([
      entry("field", .string(field.name)), entry("before", value(field.before)), entry("after", value(field.after)),
    ])
  }

  private static func value(_ value: InertiaMotionDiff.Value?) -> MessagePackValue {
    switch value {
    case nil, .none?: return .nil
    case .number(let x)?: return number(x)
    case .pair(let x, let y)?: return .array([number(x), number(y)])
    case .colour(let red, let green, let blue, let alpha)?:
      return .map([
        entry("hex", .string(value!.hexColour!)), entry("red", number(red)), entry("green", number(green)),
        entry("blue", number(blue)), entry("alpha", number(alpha)),
      ])
    case .text(let text)?: return .string(text)
    case .flag(let flag)?: return .bool(flag)
    case .vertices(let count)?: return .map([entry("vertices", .int(Int64(count)))])
    }
  }

  private static func shape(_ shape: InertiaMotionDiff.ShapeChange) -> MessagePackValue {
    .map([
      entry("status", .string(shape.status.rawValue)),
      entry("id", string(shape.id)),
      entry("fields", .array(shape.fields.map(field))),
      entry("drawnOrder", change(shape.drawnOrder) { $0.map { .int(Int64($0)) } ?? .nil }),
      entry("track", shape.track.map(track) ?? .nil),
      entry("shapes", .array(shape.shapes.map(self.shape))),
    ])
  }

  private static func hold(_ hold: InertiaMotionDiff.Hold) -> MessagePackValue {
    .map([
      entry("animation", string(hold.track.animation)),
      entry("shape", hold.track.isShape ? string(hold.track.shape) : .nil),
      entry("from", number(hold.from)),
      entry("until", change(hold.until, number)),
    ])
  }
}
