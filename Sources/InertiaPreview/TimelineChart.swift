import InertiaFormat

/// The writing of one timeline.
struct TimelineChart {
  struct Row {
    var label: String
    var detail: String
    var indented: Bool
    var track: InertiaAnimation
    var plays: Bool
    var note: String?
  }

  static let width = 800.0
  static let chartLeft = 250.0
  static let chartRight = 770.0
  static let rowHeight = 40.0
  static let top = 78.0
  static let travel = "#4F6BED"
  static let warning = "#D9480F"
  static let muted = "#9AA1AD"

  let options: PreviewOptions
  let loopLength: Double
  let axisEnd: Double
  let rows: [Row]
  private var writer = SVGWriter(width: 0, height: 0, viewBox: (0, 0, 0, 0))

  init(animations: [InertiaAnimation], options: PreviewOptions) {
    self.options = options
    loopLength = InertiaPlayback.loopLength(loopDuration: options.loopDuration, animations: animations)
    var rows: [Row] = []
    func row(_ track: InertiaAnimation, label: String, detail: String, indented: Bool) -> Row {
      // As `loop-stretched` decides: by the length the file writes (a leading 0 s keyframe's 1 ms is no stretch).
      let note =
        track.length > options.loopDuration ? "stretches the loop to \(SVGNumber.seconds(track.playbackLength))" : nil
      return Row(label: label, detail: detail, indented: indented, track: track, plays: true, note: note)
    }
    for animation in animations {
      rows.append(row(animation, label: animation.id, detail: animation.invokeType.rawValue, indented: false))
      for shape in animation.shapes {
        guard let track = shape.animation else { continue }
        rows.append(row(track, label: "shape \(Self.short(shape.id))", detail: "track \(track.id)", indented: true))
      }
      for (shape, track) in Self.nestedTracks(animation.shapes) {
        var nested = row(
          track, label: "nested shape \(Self.short(shape.id))", detail: "track \(track.id)", indented: true)
        nested.plays = false
        nested.note = "on a nested shape: never plays"
        rows.append(nested)
      }
    }
    self.rows = rows
    // Held to what an SVG number can say: durations that add up past it (two of 1e308 make infinity), or
    // to no number at all, end at the axis's end.
    let end = max(loopLength, rows.map(\.track.playbackLength).max() ?? 0, 0.001)
    axisEnd = end.isFinite ? min(end, SVGNumber.limit) : SVGNumber.limit
  }

  /// The tracks of nested shapes, at any depth, with the shape holding each: the ones
  /// ``InertiaAnimation/ignoredTracks`` lists.
  static func nestedTracks(_ shapes: [InertiaShape]) -> [(InertiaShape, InertiaAnimation)] {
    func walk(_ shapes: [InertiaShape]) -> [(InertiaShape, InertiaAnimation)] {
      shapes.flatMap { shape in (shape.animation.map { [(shape, $0)] } ?? []) + walk(shape.shapes) }
    }
    return shapes.flatMap { walk($0.shapes) }
  }

  /// An id short enough for a label: a UUID's first block.
  static func short(_ id: String) -> String {
    let head = id.split(separator: "-", maxSplits: 1).first.map(String.init) ?? id
    let text = head.count >= 4 && head.count < id.count ? head + "…" : id
    return text.count > 24 ? String(text.prefix(23)) + "…" : text
  }

  private func x(_ time: Double) -> Double {
    Self.chartLeft + (Self.chartRight - Self.chartLeft) * min(max(time, 0), axisEnd) / axisEnd
  }

  mutating func svg() -> String {
    let footerTop = Self.top + Double(max(rows.count, 1)) * Self.rowHeight + 16
    let height = footerTop + 52
    writer = SVGWriter(width: Self.width, height: height, viewBox: (0, 0, Self.width, height))
    writer.element("title", text: "\(options.title): timeline")
    writer.leaf("rect", [("x", "0"), ("y", "0"), ("width", n(Self.width)), ("height", n(height)), ("fill", "#FFFFFF")])
    writer.element(
      "text", [("x", "16"), ("y", "24"), ("font-size", "15"), ("font-weight", "bold"), ("fill", "#262C38")],
      text: "\(options.title): timeline")
    let longest = rows.filter(\.plays).map(\.track.playbackLength).max() ?? 0
    writer.element(
      "text", [("x", "16"), ("y", "42"), ("font-size", "11"), ("fill", "#3A4150")],
      text: "loop \(SVGNumber.seconds(loopLength)) = max(loopDuration \(SVGNumber.seconds(options.loopDuration)), "
        + "longest track \(SVGNumber.seconds(longest))); every track restarts together")
    axis(bottom: footerTop - 8)
    if rows.isEmpty {
      writer.element(
        "text", [("x", n(Self.chartLeft)), ("y", n(Self.top + 24)), ("font-size", "11"), ("fill", Self.muted)],
        text: "no animations")
    }
    for (index, row) in rows.enumerated() {
      draw(row, top: Self.top + Double(index) * Self.rowHeight)
    }
    footer(top: footerTop)
    return writer.finish()
  }

  private mutating func axis(bottom: Double) {
    let step = Self.tickStep(for: axisEnd)
    writer.open("g", [("id", "axis"), ("font-size", "10"), ("fill", "#5A6475")])
    writer.leaf(
      "line",
      [
        ("x1", n(x(0))), ("y1", n(Self.top - 10)), ("x2", n(x(axisEnd))), ("y2", n(Self.top - 10)),
        ("stroke", "#5A6475"),
      ])
    var tick = 0.0
    var count = 0
    while tick <= axisEnd + step * 1e-9 && count <= 100 {
      writer.leaf(
        "line",
        [("x1", n(x(tick))), ("y1", n(Self.top - 14)), ("x2", n(x(tick))), ("y2", n(bottom)), ("stroke", "#EEF0F3")])
      writer.element(
        "text", [("x", n(x(tick))), ("y", n(Self.top - 18)), ("text-anchor", "middle")],
        text: SVGNumber.seconds(tick))
      count += 1
      tick = Double(count) * step
    }
    // The loop duration, and the loop's end when a track stretches it.
    let dashed = [("stroke-dasharray", "4 3")]
    marker(
      at: options.loopDuration, label: "loopDuration \(SVGNumber.seconds(options.loopDuration))", bottom: bottom,
      colour: "#5A6475", extra: dashed, labelBelow: true)
    if loopLength > options.loopDuration {
      marker(
        at: loopLength, label: "loop \(SVGNumber.seconds(loopLength))", bottom: bottom, colour: Self.warning,
        extra: [], labelBelow: false)
    }
    writer.close("g")
  }

  private mutating func marker(
    at time: Double, label: String, bottom: Double, colour: String, extra: [(String, String)], labelBelow: Bool
  ) {
    guard time.isFinite && time >= 0 else { return }
    let position = n(x(time))
    writer.leaf(
      "line",
      [
        ("x1", position), ("y1", n(Self.top - 10)), ("x2", position), ("y2", n(bottom)), ("stroke", colour),
        ("stroke-width", "1.5"),
      ] + extra)
    // Near the right edge the label ends at the line rather than running off the chart.
    let anchor = x(time) > Self.chartRight - 40 ? "end" : "middle"
    writer.element(
      "text",
      [
        ("x", position), ("y", n(labelBelow ? bottom + 12 : Self.top - 30)), ("text-anchor", anchor),
        ("fill", colour), ("font-weight", "bold"),
      ], text: label)
  }

  /// A step of 1, 2 or 5 times a power of ten giving at most eight ticks.
  /// The step between the axis's ticks for an axis of `length` seconds: 1, 2 or 5 times a power of ten
  /// (from 1 ms), the smallest that gives at most 8 steps. A length that is not finite, or past
  /// ``SVGNumber/limit``, is taken as that limit: the loop ends within ``tickStepRounds`` rounds whatever
  /// the file's numbers.
  static func tickStep(for length: Double) -> Double {
    let length = length.isFinite ? min(max(length, 0), SVGNumber.limit) : SVGNumber.limit
    var magnitude = 0.001
    for _ in 0..<tickStepRounds {
      for multiple in [1.0, 2, 5] where length / (multiple * magnitude) <= 8 {
        return multiple * magnitude
      }
      magnitude *= 10
    }
    return magnitude
  }

  /// How many powers of ten ``tickStep(for:)`` tries: from 1 ms past ``SVGNumber/limit``.
  static let tickStepRounds = 12

  private mutating func draw(_ row: Row, top: Double) {
    let centre = top + Self.rowHeight / 2 - 2
    let colour = row.plays ? Self.travel : Self.muted
    writer.open("g", [("class", row.plays ? "track" : "track ignored")])
    let labelX = row.indented ? 32.0 : 16.0
    writer.element(
      "text",
      [
        ("x", n(labelX)), ("y", n(centre - 2)), ("font-size", "12"), ("font-weight", row.indented ? "normal" : "bold"),
        ("fill", row.plays ? "#262C38" : Self.muted),
      ], text: row.label)
    writer.element(
      "text",
      [
        ("x", n(labelX)), ("y", n(centre + 11)), ("font-size", "10"),
        ("fill", row.note == nil ? "#5A6475" : Self.warning),
      ],
      text: row.note.map { "\(row.detail); \($0)" } ?? row.detail)
    let track = row.track
    let times = track.playbackKeyframeTimes
    let end = track.playbackLength
    if row.plays && end < loopLength {
      writer.leaf(
        "rect",
        [
          ("class", "hold"), ("x", n(x(end))), ("y", n(centre - 7)), ("width", n(x(loopLength) - x(end))),
          ("height", "14"), ("fill", "#E3E6EB"),
        ])
    }
    if !times.isEmpty {
      var attributes = [
        ("x1", n(x(0))), ("y1", n(centre)), ("x2", n(x(end))), ("y2", n(centre)), ("stroke", colour),
        ("stroke-width", "3"),
      ]
      if !row.plays { attributes.append(("stroke-dasharray", "5 3")) }
      writer.leaf("line", attributes)
    } else {
      writer.element(
        "text", [("x", n(x(0) + 4)), ("y", n(centre + 4)), ("font-size", "10"), ("fill", Self.muted)],
        text: "no keyframes: stays at its initial values")
    }
    let repaired = Set(track.keyframesWithRepairedDuration)
    var previousLabel = -Double.infinity
    var level = 0
    for (index, time) in times.enumerated() {
      let position = x(time)
      let isRepaired = repaired.contains(index)
      let markColour = isRepaired ? Self.warning : colour
      writer.leaf(
        "circle",
        [
          ("class", isRepaired ? "keyframe repaired" : "keyframe"), ("cx", n(position)), ("cy", n(centre)), ("r", "4"),
          ("fill", "#FFFFFF"), ("stroke", markColour), ("stroke-width", "2"),
        ])
      level = position - previousLabel < 12 ? (level + 1) % 2 : 0
      previousLabel = position
      writer.element(
        "text",
        [
          ("x", n(position)), ("y", n(centre - 8 - Double(level) * 9)), ("text-anchor", "middle"), ("font-size", "9"),
          ("fill", markColour),
        ], text: String(index))
      if isRepaired {
        writer.element(
          "text",
          [
            ("x", n(position)), ("y", n(centre + 16)), ("text-anchor", "middle"), ("font-size", "9"),
            ("fill", Self.warning),
          ], text: "duration \(Self.written(track.keyframes[index].duration)) → 1 ms")
      }
    }
    writer.close("g")
  }

  static func written(_ duration: Double) -> String {
    duration.isNaN
      ? "NaN" : duration.isInfinite ? (duration > 0 ? "infinity" : "-infinity") : SVGNumber.text(duration, digits: 6)
  }

  private mutating func footer(top: Double) {
    writer.open("g", [("id", "legend"), ("font-size", "10"), ("fill", "#3A4150")])
    legendKeyframe(
      stroke: Self.travel, y: top + 10, textY: top + 14,
      "keyframe at its playback time (index above); line: travel from the one before, linear in the preview")
    writer.leaf("rect", [("x", "14"), ("y", n(top + 21)), ("width", "12"), ("height", "10"), ("fill", "#E3E6EB")])
    writer.element("text", [("x", "30"), ("y", n(top + 30))], text: "held at the last pose until the loop comes round")
    legendKeyframe(
      stroke: Self.warning, y: top + 42, textY: top + 46,
      "a duration that is zero, negative or not finite: the runtime plays it as 1 ms, and every later keyframe "
        + "1 ms later")
    writer.close("g")
  }

  /// A line of the legend: a keyframe's circle drawn in `stroke` at `y`, and `meaning` beside it at `textY`.
  private mutating func legendKeyframe(stroke: String, y: Double, textY: Double, _ meaning: String) {
    writer.leaf(
      "circle",
      [("cx", "20"), ("cy", n(y)), ("r", "4"), ("fill", "#FFFFFF"), ("stroke", stroke), ("stroke-width", "2")])
    writer.element("text", [("x", "30"), ("y", n(textY))], text: meaning)
  }

  private func n(_ value: Double) -> String { SVGNumber.text(value) }
}
