import InertiaFormat

/// Draws a motion diff as one timeline of both versions on one seconds axis, to read at a glance in a pull
/// request: each view's track as it was (grey, above) and as it is (blue, below), each keyframe that moved
/// drawn with an arrow from its old time to its new one, tracks added or removed marked, and both loops.
///
/// Built on the timeline chart's drawing (``SVGTimeline``): the same axis, ticks, colours and text escaping,
/// so nothing of a file's strings becomes markup. Every time comes from the diff, which takes them from the
/// library's playback model.
public enum SVGMotionDiff {
  /// The picture of `diff`, with the two versions called `oldTitle` and `newTitle`.
  public static func svg(_ diff: InertiaMotionDiff, oldTitle: String, newTitle: String) -> String {
    var chart = MotionDiffChart(diff: diff, oldTitle: oldTitle, newTitle: newTitle)
    return chart.svg()
  }
}

/// The writing of one motion diff's picture.
struct MotionDiffChart {
  /// One view's track in the picture.
  struct Row {
    var label: String
    var status: InertiaMotionDiff.Status?
    var old: InertiaAnimation?
    var new: InertiaAnimation?
    var change: InertiaMotionDiff.AnimationChange?
  }

  static let rowHeight = 48.0
  static let added = "#2B8A3E"
  static let removed = "#C92A2A"
  static let old = "#9AA1AD"

  let diff: InertiaMotionDiff
  let title: String
  let rows: [Row]
  let axisEnd: Double
  private var writer = SVGWriter(width: 0, height: 0, viewBox: (0, 0, 0, 0))

  init(diff: InertiaMotionDiff, oldTitle: String, newTitle: String) {
    self.diff = diff
    title = "\(oldTitle) → \(newTitle)"
    var rows: [Row] = []
    for row in diff.rows {
      let old = row.old.map { diff.old.animation(at: $0) }
      let new = row.new.map { diff.new.animation(at: $0) }
      let change = row.change.map { diff.animations[$0] }
      rows.append(
        Row(label: (new ?? old)?.id ?? "", status: change?.status, old: old, new: new, change: change))
    }
    self.rows = rows
    let longest = rows.map { max($0.old?.playbackLength ?? 0, $0.new?.playbackLength ?? 0) }.max() ?? 0
    let end = max(diff.loop.before, diff.loop.after, longest, 0.001)
    // A picture has room for no more: times past it are drawn at its edge.
    axisEnd = end.isFinite ? min(end, 1e9) : 1e9
  }

  private func x(_ time: Double) -> Double {
    let clamped = time.isNaN ? 0 : min(max(time, 0), axisEnd)
    return TimelineChart.chartLeft + (TimelineChart.chartRight - TimelineChart.chartLeft) * clamped / axisEnd
  }

  private func n(_ value: Double) -> String { SVGNumber.text(value) }

  mutating func svg() -> String {
    let top = TimelineChart.top + 14
    let footerTop = top + Double(max(rows.count, 1)) * Self.rowHeight + 16
    let height = footerTop + 52
    let width = TimelineChart.width
    writer = SVGWriter(width: width, height: height, viewBox: (0, 0, width, height))
    writer.element("title", text: "\(title): motion diff")
    writer.leaf("rect", [("x", "0"), ("y", "0"), ("width", n(width)), ("height", n(height)), ("fill", "#FFFFFF")])
    writer.element(
      "text", [("x", "16"), ("y", "24"), ("font-size", "15"), ("font-weight", "bold"), ("fill", "#262C38")],
      text: "\(title): " + (diff.playsTheSame ? "the two play the same" : "plays differently"))
    writer.element(
      "text", [("x", "16"), ("y", "42"), ("font-size", "11"), ("fill", "#3A4150")],
      text: "loop \(SVGNumber.seconds(diff.loop.before)) → \(SVGNumber.seconds(diff.loop.after)) "
        + "(max of loopDuration \(Self.loopDurations(diff.loop)) and the longest track); "
        + "grey: before, blue: after")
    axis(top: top, bottom: footerTop - 8)
    if rows.isEmpty {
      writer.element(
        "text", [("x", n(TimelineChart.chartLeft)), ("y", n(top + 24)), ("font-size", "11"), ("fill", Self.old)],
        text: "no animations")
    }
    for (index, row) in rows.enumerated() {
      draw(row, top: top + Double(index) * Self.rowHeight)
    }
    footer(top: footerTop)
    return writer.finish()
  }

  /// The loop duration each version plays at: one figure when they agree.
  static func loopDurations(_ loop: InertiaMotionDiff.Loop) -> String {
    let before = SVGNumber.seconds(loop.durationBefore)
    let after = SVGNumber.seconds(loop.durationAfter)
    return before == after ? before : "\(before) → \(after)"
  }

  private mutating func axis(top: Double, bottom: Double) {
    let step = TimelineChart.tickStep(for: axisEnd)
    writer.open("g", [("id", "axis"), ("font-size", "10"), ("fill", "#5A6475")])
    writer.leaf(
      "line", [("x1", n(x(0))), ("y1", n(top - 10)), ("x2", n(x(axisEnd))), ("y2", n(top - 10)), ("stroke", "#5A6475")])
    var count = 0
    while Double(count) * step <= axisEnd + step * 1e-9 && count <= 100 {
      let tick = Double(count) * step
      writer.leaf(
        "line", [("x1", n(x(tick))), ("y1", n(top - 14)), ("x2", n(x(tick))), ("y2", n(bottom)), ("stroke", "#EEF0F3")])
      writer.element(
        "text", [("x", n(x(tick))), ("y", n(top - 18)), ("text-anchor", "middle")], text: SVGNumber.seconds(tick))
      count += 1
    }
    loopMarker(
      diff.loop.before, id: "loop-before", label: "loop before \(SVGNumber.seconds(diff.loop.before))",
      colour: Self.old, top: top, bottom: bottom, labelBelow: true, dashed: true)
    loopMarker(
      diff.loop.after, id: "loop-after", label: "loop after \(SVGNumber.seconds(diff.loop.after))",
      colour: diff.loop.isChanged ? TimelineChart.warning : TimelineChart.travel, top: top, bottom: bottom,
      labelBelow: false, dashed: false)
    writer.close("g")
  }

  private mutating func loopMarker(
    _ time: Double, id: String, label: String, colour: String, top: Double, bottom: Double, labelBelow: Bool,
    dashed: Bool
  ) {
    let position = n(x(time))
    var attributes = [
      ("id", id), ("x1", position), ("y1", n(top - 10)), ("x2", position), ("y2", n(bottom)), ("stroke", colour),
      ("stroke-width", "1.5"),
    ]
    if dashed { attributes.append(("stroke-dasharray", "4 3")) }
    writer.leaf("line", attributes)
    let anchor = x(time) > TimelineChart.chartRight - 40 ? "end" : "middle"
    writer.element(
      "text",
      [
        ("x", position), ("y", n(labelBelow ? bottom + 12 : top - 30)), ("text-anchor", anchor), ("fill", colour),
        ("font-weight", "bold"),
      ], text: label)
  }

  private mutating func draw(_ row: Row, top: Double) {
    let (upper, lower) = (top + 14, top + 30)
    let statusClass = row.status.map { "track \($0.rawValue)" } ?? "track same"
    writer.open("g", [("class", statusClass)])
    let labelColour =
      switch row.status {
      case .added?: Self.added
      case .removed?: Self.removed
      case .changed?: TimelineChart.warning
      case nil: "#262C38"
      }
    writer.element(
      "text",
      [("x", "16"), ("y", n(top + 18)), ("font-size", "12"), ("font-weight", "bold"), ("fill", labelColour)],
      text: TimelineChart.short(row.label))
    let detail: String =
      switch row.status {
      case .added?: "added"
      case .removed?: "removed"
      case .changed?: changeSummary(row.change)
      case nil: "plays the same"
      }
    writer.element("text", [("x", "16"), ("y", n(top + 31)), ("font-size", "10"), ("fill", "#5A6475")], text: detail)
    switch row.status {
    case nil:
      if let track = row.new { line(track, y: (upper + lower) / 2, colour: TimelineChart.travel, dashed: false) }
    case .added?:
      if let track = row.new { line(track, y: lower, colour: Self.added, dashed: false) }
    case .removed?:
      if let track = row.old { line(track, y: upper, colour: Self.removed, dashed: true) }
    case .changed?:
      if let track = row.old { line(track, y: upper, colour: Self.old, dashed: true) }
      if let track = row.new { line(track, y: lower, colour: TimelineChart.travel, dashed: false) }
      for keyframe in row.change?.track?.keyframes ?? [] where keyframe.isMoved {
        guard let from = keyframe.time.before, let to = keyframe.time.after else { continue }
        writer.leaf(
          "line",
          [
            ("class", "moved"), ("x1", n(x(from))), ("y1", n(upper + 4)), ("x2", n(x(to))), ("y2", n(lower - 5)),
            ("stroke", TimelineChart.warning), ("stroke-width", "1.5"), ("marker-end", "url(#arrow)"),
          ])
      }
    }
    writer.close("g")
  }

  private func changeSummary(_ change: InertiaMotionDiff.AnimationChange?) -> String {
    guard let change else { return "" }
    var parts: [String] = []
    if let track = change.track {
      let moved = track.keyframes.filter(\.isMoved).count
      let added = track.keyframes.filter { $0.status == .added }.count
      let removed = track.keyframes.filter { $0.status == .removed }.count
      if moved > 0 { parts.append("\(moved) moved") }
      if added > 0 { parts.append("\(added) added") }
      if removed > 0 { parts.append("\(removed) removed") }
      if parts.isEmpty { parts.append("poses changed") }
    }
    if change.invokeType != nil { parts.append("invokeType") }
    if !change.shapes.isEmpty { parts.append("shapes") }
    return parts.joined(separator: ", ")
  }

  /// A track's travel line and keyframes, at height `y`.
  private mutating func line(_ track: InertiaAnimation, y: Double, colour: String, dashed: Bool) {
    let times = track.playbackKeyframeTimes
    guard !times.isEmpty else { return }
    var attributes = [
      ("x1", n(x(0))), ("y1", n(y)), ("x2", n(x(track.playbackLength))), ("y2", n(y)), ("stroke", colour),
      ("stroke-width", "3"),
    ]
    if dashed { attributes.append(("stroke-dasharray", "5 3")) }
    writer.leaf("line", attributes)
    for time in times {
      writer.leaf(
        "circle",
        [
          ("class", "keyframe"), ("cx", n(x(time))), ("cy", n(y)), ("r", "3.5"), ("fill", "#FFFFFF"),
          ("stroke", colour), ("stroke-width", "2"),
        ])
    }
  }

  private mutating func footer(top: Double) {
    writer.open("defs")
    writer.open(
      "marker",
      [
        ("id", "arrow"), ("viewBox", "0 0 10 10"), ("refX", "9"), ("refY", "5"), ("markerWidth", "6"),
        ("markerHeight", "6"), ("orient", "auto-start-reverse"),
      ])
    writer.leaf("path", [("d", "M 0 0 L 10 5 L 0 10 z"), ("fill", TimelineChart.warning)])
    writer.close("marker")
    writer.close("defs")
    writer.open("g", [("id", "legend"), ("font-size", "10"), ("fill", "#3A4150")])
    legendEntry(
      top, 10, [("stroke", Self.old), ("stroke-width", "3"), ("stroke-dasharray", "5 3")],
      "the track before (keyframes at their playback times)")
    legendEntry(top, 26, [("stroke", TimelineChart.travel), ("stroke-width", "3")], "the track after")
    legendEntry(
      top, 42, [("stroke", TimelineChart.warning), ("stroke-width", "1.5"), ("marker-end", "url(#arrow)")],
      "a keyframe that moved, from its old time to its new one")
    writer.close("g")
  }

  /// One line of the legend, `row` below `top`: a sample of a line drawn with `stroke`, and what it means.
  private mutating func legendEntry(_ top: Double, _ row: Double, _ stroke: [(String, String)], _ text: String) {
    writer.leaf("line", [("x1", "14"), ("y1", n(top + row)), ("x2", "26"), ("y2", n(top + row))] + stroke)
    writer.element("text", [("x", "30"), ("y", n(top + (row + 4)))], text: text)
  }
}
