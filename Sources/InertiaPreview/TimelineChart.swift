import InertiaFormat

/// The writing of one timeline.
///
/// Every label goes through one ``LabelLayout`` per region (the header's axis, each row, the legend), so no two
/// labels meet and none leaves the picture; a label that finds no free place is left out, and the row says how
/// many were. Text is at least 11 units high in a picture 640 wide: 10 px or more when it is shown 600 px wide.
struct TimelineChart {
  struct Row {
    enum Kind {
      case animation
      case shape
      case nestedShape
    }

    var label: String
    var detail: String
    var kind: Kind
    var track: InertiaAnimation
    var plays: Bool { kind != .nestedShape }
  }

  // The motion diff's chart (SVGMotionDiff) is drawn on these.
  static let width = 800.0
  static let chartLeft = 250.0
  static let chartRight = 770.0
  static let rowHeight = 40.0
  static let top = 78.0
  static let travel = "#4F6BED"
  static let warning = "#D9480F"
  static let muted = "#9AA1AD"

  /// The timeline's own width, and where its seconds axis runs.
  static let pictureWidth = 640.0
  static let axisLeft = 190.0
  static let axisRight = 608.0
  static let margin = 12.0
  /// The smallest text; the others are larger.
  static let smallFont = 11.0
  static let labelFont = 13.0
  static let titleFont = 16.0

  let options: PreviewOptions
  let loop: InertiaLoop
  let axisEnd: Double
  let rows: [Row]
  private var writer = SVGWriter(width: 0, height: 0, viewBox: (0, 0, 0, 0))

  init(animations: [InertiaAnimation], options: PreviewOptions) {
    self.options = options
    loop = InertiaLoop(loopDuration: options.loopDuration, animations: animations)
    var rows: [Row] = []
    for animation in animations {
      rows.append(Row(label: animation.id, detail: animation.invokeType.rawValue, kind: .animation, track: animation))
      for shape in animation.shapes {
        guard let track = shape.animation else { continue }
        rows.append(
          Row(label: "shape \(Self.short(shape.id))", detail: "track \(track.id)", kind: .shape, track: track))
      }
      for (shape, track) in Self.nestedTracks(animation.shapes) {
        rows.append(
          Row(
            label: "nested shape \(Self.short(shape.id))", detail: "track \(track.id)", kind: .nestedShape,
            track: track))
      }
    }
    self.rows = rows
    // Held to what an SVG number can say: durations that add up past it (two of 1e308 make infinity), or
    // to no number at all, end at the axis's end.
    let end = max(loop.length, rows.map(\.track.playbackLength).max() ?? 0, 0.001)
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

  /// Where `time` is on the axis.
  func x(_ time: Double) -> Double {
    Self.axisLeft + (Self.axisRight - Self.axisLeft) * min(max(time, 0), axisEnd) / axisEnd
  }

  /// A row laid out in its own coordinates (0 at its top).
  struct RowLayout {
    var row: Row
    /// The row's name and the lines under it, in the left column.
    var lines: [(text: String, fontSize: Double, bold: Bool, colour: String)]
    var centre: Double
    var height: Double
    var labels: [(label: LabelLayout.Placed, colour: String, className: String)]
  }

  /// How far a track line sits below its row's top: room for two lanes of keyframe indices above it.
  static let rowCentre = 33.0

  func layout(_ row: Row) -> RowLayout {
    let track = row.track
    let centre = Self.rowCentre
    var notes: [String] = []
    switch row.kind {
    case .animation where track.playbackLength - loop.loopDuration >= 1.0 / 60:
      notes.append("stretches the loop to \(SVGNumber.seconds(track.playbackLength))")
    case .shape where track.isCut(atLoop: loop.length):
      notes.append("cut at the loop's end, \(SVGNumber.seconds(loop.length)): a shape's track does not stretch it")
    case .nestedShape: notes.append("on a nested shape: never plays")
    default: break
    }
    let dropped = track.droppedKeyframes
    if !dropped.isEmpty {
      notes.append("\(dropped.count) keyframe\(dropped.count == 1 ? "" : "s") with a value not finite: dropped")
    }
    var layout = LabelLayout(
      bounds: .init(minX: Self.axisLeft - 8, minY: 0, maxX: Self.pictureWidth - Self.margin, maxY: .infinity))
    var labels: [(label: LabelLayout.Placed, colour: String, className: String)] = []
    let times = track.playbackKeyframeTimes
    let repaired = Set(track.keyframesWithRepairedDuration)
    let droppedSet = Set(dropped)
    var leftOut = 0
    let colour = row.plays ? Self.travel : Self.muted
    for (index, time) in times.enumerated() {
      let markColour = repaired.contains(index) || droppedSet.contains(index) ? Self.warning : colour
      if let placed = layout.place(
        String(index), x: x(time), baselines: [centre - 8, centre - 21], fontSize: Self.smallFont)
      {
        labels.append((placed, markColour, "index"))
      } else {
        leftOut += 1
      }
    }
    var lanesBelow = 0
    for index in times.indices where repaired.contains(index) || droppedSet.contains(index) {
      let text =
        droppedSet.contains(index)
        ? "\(index): dropped" : "duration \(Self.written(track.keyframes[index].duration)) → 1 ms"
      let baselines = [centre + 19, centre + 32]
      if let placed = layout.place(text, x: x(times[index]), baselines: baselines, fontSize: Self.smallFont) {
        labels.append((placed, Self.warning, "repair"))
        lanesBelow = max(lanesBelow, placed.baseline == baselines[0] ? 1 : 2)
      } else {
        leftOut += 1
      }
    }
    if leftOut > 0 { notes.append("\(leftOut) label\(leftOut == 1 ? "" : "s") left out where marks crowd") }
    // The left column: the row's name, then its detail and notes, wrapped to the column.
    let labelX = row.kind == .animation ? Self.margin : Self.margin + 12
    let columnWidth = Self.axisLeft - 12 - labelX
    let nameSize = row.kind == .animation ? Self.labelFont : Self.smallFont + 1
    var lines = [
      (
        TextMetrics.truncated(row.label, toWidth: columnWidth, fontSize: nameSize), nameSize, row.kind == .animation,
        row.plays ? "#262C38" : Self.muted
      )
    ]
    for (index, text) in ([row.detail] + notes).enumerated() {
      for line in TextMetrics.wrap(text, toWidth: columnWidth, fontSize: Self.smallFont) {
        lines.append((line, Self.smallFont, false, index == 0 ? "#5A6475" : Self.warning))
      }
    }
    let columnHeight = 18 + Double(lines.count - 1) * 14 + 4
    let chartHeight = centre + (lanesBelow == 0 ? 10 : lanesBelow == 1 ? 23 : 36)
    return RowLayout(
      row: row, lines: lines, centre: centre, height: max(columnHeight, chartHeight) + 6, labels: labels)
  }

  mutating func svg() -> String {
    let left = Self.margin
    let textWidth = Self.pictureWidth - 2 * Self.margin
    let longest = rows.filter(\.plays).map(\.track.playbackLength).max() ?? 0
    let setter = options.loopDuration == nil ? "the file's" : "set by the app"
    let subtitle = TextMetrics.wrap(
      "loop \(SVGNumber.seconds(loop.length)) = max(loopDuration \(SVGNumber.seconds(loop.loopDuration)) (\(setter)), "
        + "longest animation track \(SVGNumber.seconds(longest))); every track restarts together",
      toWidth: textWidth, fontSize: Self.smallFont)
    let headerTop = 44 + Double(subtitle.count) * 15
    let markerLanes = [headerTop + 11, headerTop + 25]
    let tickBaseline = headerTop + 40
    let axisY = tickBaseline + 7
    let rowsTop = axisY + 6
    let layouts = rows.map(layout)
    var rowTops: [Double] = []
    var y = rowsTop
    for layout in layouts {
      rowTops.append(y)
      y += layout.height
    }
    let chartBottom = max(y, rowsTop + 30)
    let legendItems = [
      (
        Self.travel,
        "keyframe at its playback time, its index above; the line is the travel from the one before, "
          + "eased in and out as Compose and React play it"
      ),
      ("hold", "held at the last pose until the loop comes round"),
      (
        Self.warning,
        "a duration that is zero, negative or not finite plays as 1 ms, and every later keyframe 1 ms "
          + "later; a keyframe with a value that is not finite is dropped"
      ),
    ]
    let legend = legendItems.map {
      TextMetrics.wrap($0.1, toWidth: Self.pictureWidth - 30 - Self.margin, fontSize: Self.smallFont)
    }
    let legendTop = chartBottom + 14
    let height = legendTop + Double(legend.map(\.count).reduce(0, +)) * 15 + 10
    writer = SVGWriter(width: Self.pictureWidth, height: height, viewBox: (0, 0, Self.pictureWidth, height))
    writer.element("title", text: "\(options.title): timeline")
    writer.leaf(
      "rect", [("x", "0"), ("y", "0"), ("width", n(Self.pictureWidth)), ("height", n(height)), ("fill", "#FFFFFF")])
    writer.open(
      "g", [("id", "labels-halo"), ("stroke", "#FFFFFF"), ("stroke-width", "3"), ("stroke-linejoin", "round")])
    writer.element(
      "text",
      [
        ("x", n(left)), ("y", "26"), ("font-size", n(Self.titleFont)), ("font-weight", "bold"), ("fill", "#262C38"),
        ("paint-order", "stroke"),
      ], text: TextMetrics.truncated("\(options.title): timeline", toWidth: textWidth, fontSize: Self.titleFont))
    for (index, line) in subtitle.enumerated() {
      writer.element(
        "text",
        [
          ("x", n(left)), ("y", n(44 + Double(index) * 15)), ("font-size", n(Self.smallFont)), ("fill", "#3A4150"),
          ("paint-order", "stroke"),
        ], text: line)
    }
    writer.close("g")
    axis(markerLanes: markerLanes, tickBaseline: tickBaseline, axisY: axisY, bottom: chartBottom)
    if rows.isEmpty {
      writer.element(
        "text",
        [("x", n(Self.axisLeft)), ("y", n(rowsTop + 20)), ("font-size", n(Self.smallFont)), ("fill", Self.muted)],
        text: "no animations")
    }
    for (layout, top) in zip(layouts, rowTops) {
      draw(layout, top: top)
    }
    footer(top: legendTop, legend: legend, colours: legendItems.map(\.0))
    return writer.finish()
  }

  private mutating func axis(markerLanes: [Double], tickBaseline: Double, axisY: Double, bottom: Double) {
    var layout = LabelLayout(
      bounds: .init(
        minX: Self.margin, minY: markerLanes[0] - Self.smallFont, maxX: Self.pictureWidth - Self.margin, maxY: axisY))
    let step = Self.tickStep(for: axisEnd)
    writer.open("g", [("id", "axis"), ("font-size", n(Self.smallFont)), ("fill", "#5A6475")])
    writer.leaf(
      "line",
      [("x1", n(x(0))), ("y1", n(axisY)), ("x2", n(x(axisEnd))), ("y2", n(axisY)), ("stroke", "#5A6475")])
    var tick = 0.0
    var count = 0
    var ticks: [LabelLayout.Placed] = []
    while tick <= axisEnd + step * 1e-9 && count <= 100 {
      writer.leaf(
        "line",
        [("x1", n(x(tick))), ("y1", n(axisY - 4)), ("x2", n(x(tick))), ("y2", n(bottom)), ("stroke", "#EEF0F3")])
      if let placed = layout.place(
        SVGNumber.seconds(tick), x: x(tick), baselines: [tickBaseline], fontSize: Self.smallFont)
      {
        ticks.append(placed)
      }
      count += 1
      tick = Double(count) * step
    }
    for placed in ticks {
      writer.element(
        "text", [("class", "tick"), ("x", n(placed.x)), ("y", n(placed.baseline)), ("text-anchor", "middle")],
        text: placed.text)
    }
    // The loop duration, and the loop's end when a track stretches it: each line down the chart, its label in
    // the first lane above the ticks where it fits.
    marker(
      at: loop.loopDuration, label: "loopDuration \(SVGNumber.seconds(loop.loopDuration))", colour: "#5A6475",
      dashed: true, lanes: markerLanes, axisY: axisY, bottom: bottom, layout: &layout)
    if loop.length > loop.loopDuration {
      marker(
        at: loop.length, label: "loop \(SVGNumber.seconds(loop.length))", colour: Self.warning, dashed: false,
        lanes: markerLanes, axisY: axisY, bottom: bottom, layout: &layout)
    }
    writer.close("g")
  }

  private mutating func marker(
    at time: Double, label: String, colour: String, dashed: Bool, lanes: [Double], axisY: Double, bottom: Double,
    layout: inout LabelLayout
  ) {
    guard time.isFinite && time >= 0 else { return }
    let position = n(x(time))
    writer.leaf(
      "line",
      [
        ("class", "marker"), ("x1", position), ("y1", n(axisY)), ("x2", position), ("y2", n(bottom)),
        ("stroke", colour), ("stroke-width", "1.5"),
      ] + (dashed ? [("stroke-dasharray", "4 3")] : []))
    guard let placed = layout.place(label, x: x(time), baselines: lanes.reversed(), fontSize: Self.smallFont) else {
      return
    }
    writer.element(
      "text",
      [
        ("class", "marker-label"), ("x", n(placed.x)), ("y", n(placed.baseline)), ("text-anchor", "middle"),
        ("fill", colour), ("font-weight", "bold"),
      ], text: placed.text)
  }

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

  private mutating func draw(_ layout: RowLayout, top: Double) {
    let row = layout.row
    let centre = top + layout.centre
    let colour = row.plays ? Self.travel : Self.muted
    writer.open("g", [("class", row.plays ? "track" : "track ignored")])
    let labelX = row.kind == .animation ? Self.margin : Self.margin + 12
    for (index, line) in layout.lines.enumerated() {
      var attributes = [
        ("x", n(labelX)), ("y", n(top + 18 + Double(index) * 14)), ("font-size", n(line.fontSize)),
        ("fill", line.colour),
      ]
      if line.bold { attributes.append(("font-weight", "bold")) }
      writer.element("text", attributes, text: line.text)
    }
    let track = row.track
    let end = track.playbackLength
    if row.plays && end < loop.length {
      writer.leaf(
        "rect",
        [
          ("class", "hold"), ("x", n(x(end))), ("y", n(centre - 7)), ("width", n(x(loop.length) - x(end))),
          ("height", "14"), ("fill", "#E3E6EB"),
        ])
    }
    if !track.keyframes.isEmpty {
      let shown = row.kind == .shape ? min(end, loop.length) : end
      var attributes = [
        ("x1", n(x(0))), ("y1", n(centre)), ("x2", n(x(shown))), ("y2", n(centre)), ("stroke", colour),
        ("stroke-width", "3"),
      ]
      if !row.plays { attributes.append(("stroke-dasharray", "5 3")) }
      writer.leaf("line", attributes)
      if shown < end {
        writer.leaf(
          "line",
          [
            ("class", "cut"), ("x1", n(x(shown))), ("y1", n(centre)), ("x2", n(x(end))), ("y2", n(centre)),
            ("stroke", Self.muted), ("stroke-width", "3"), ("stroke-dasharray", "2 3"),
          ])
      }
    } else {
      writer.element(
        "text",
        [("x", n(x(0) + 4)), ("y", n(centre + 4)), ("font-size", n(Self.smallFont)), ("fill", Self.muted)],
        text: "no keyframes: stays at its initial values")
    }
    let repaired = Set(track.keyframesWithRepairedDuration)
    let dropped = Set(track.droppedKeyframes)
    for (index, time) in track.playbackKeyframeTimes.enumerated() {
      let position = n(x(time))
      if dropped.contains(index) {
        writer.leaf(
          "path",
          [
            ("class", "keyframe dropped"), ("d", "M\(n(x(time) - 4)),\(n(centre - 4)) l8,8 m0,-8 l-8,8"),
            ("stroke", Self.warning), ("stroke-width", "2"),
          ])
        continue
      }
      writer.leaf(
        "circle",
        [
          ("class", repaired.contains(index) ? "keyframe repaired" : "keyframe"), ("cx", position),
          ("cy", n(centre)), ("r", "4"), ("fill", "#FFFFFF"),
          ("stroke", repaired.contains(index) ? Self.warning : colour), ("stroke-width", "2"),
        ])
    }
    writer.open(
      "g",
      [
        ("font-size", n(Self.smallFont)), ("text-anchor", "middle"), ("stroke", "#FFFFFF"), ("stroke-width", "3"),
        ("stroke-linejoin", "round"), ("paint-order", "stroke"),
      ])
    for (label, labelColour, className) in layout.labels {
      writer.element(
        "text",
        [("class", className), ("x", n(label.x)), ("y", n(top + label.baseline)), ("fill", labelColour)],
        text: label.text)
    }
    writer.close("g")
    writer.close("g")
  }

  static func written(_ duration: Double) -> String {
    duration.isNaN
      ? "NaN" : duration.isInfinite ? (duration > 0 ? "infinity" : "-infinity") : SVGNumber.text(duration, digits: 6)
  }

  private mutating func footer(top: Double, legend: [[String]], colours: [String]) {
    writer.open("g", [("id", "legend"), ("font-size", n(Self.smallFont)), ("fill", "#3A4150")])
    var y = top
    for (lines, colour) in zip(legend, colours) {
      if colour == "hold" {
        writer.leaf("rect", [("x", "14"), ("y", n(y - 9)), ("width", "12"), ("height", "10"), ("fill", "#E3E6EB")])
      } else {
        writer.leaf(
          "circle",
          [
            ("cx", "20"), ("cy", n(y - 4)), ("r", "4"), ("fill", "#FFFFFF"), ("stroke", colour),
            ("stroke-width", "2"),
          ])
      }
      for line in lines {
        writer.element("text", [("x", "30"), ("y", n(y))], text: line)
        y += 15
      }
    }
    writer.close("g")
  }

  private func n(_ value: Double) -> String { SVGNumber.text(value) }
}
