import InertiaFormat

/// The writing of one preview.
struct PreviewDrawing {
  let scene: PreviewScene
  private var writer = SVGWriter(width: 0, height: 0, viewBox: (0, 0, 0, 0))
  /// The smallest text, in the picture's units, that stays at least 10 px high when the whole picture is shown
  /// 600 px wide (as a README or a pull request embeds it).
  private var minimumFontSize = 0.0

  init(scene: PreviewScene) {
    self.scene = scene
  }

  /// The width a picture is checked at: what a README or a pull request typically embeds it at.
  static let embedWidth = 600.0
  /// The smallest text height on screen at ``embedWidth``.
  static let smallestText = 10.5

  /// A font size no smaller than `base`, nor than the picture's legible minimum.
  private func font(_ base: Double) -> Double { max(base, minimumFontSize) }

  mutating func svg() -> String {
    let canvas = ContainerLayout.canvas(scene)
    minimumFontSize = Self.smallestText * canvas.width / Self.embedWidth
    let legendSize = font(11)
    let lineHeight = legendSize * 1.4
    let legend = wrap(legendLines(), width: canvas.width - 2 * ContainerLayout.gap, fontSize: legendSize)
    let footer = 24 + font(10) + Double(legend.count) * lineHeight + ContainerLayout.gap
    let height = canvas.height + footer
    writer = SVGWriter(width: canvas.width, height: height, viewBox: (canvas.minX, canvas.minY, canvas.width, height))
    writer.element("title", text: "\(scene.options.title): preview")
    writer.leaf(
      "rect",
      [
        ("x", number(canvas.minX)), ("y", number(canvas.minY)), ("width", number(canvas.width)),
        ("height", number(height)), ("fill", "#EEF0F3"),
      ])
    let container = scene.options.containerSize
    writer.leaf(
      "rect",
      [
        ("id", "container"), ("x", "0"), ("y", "0"), ("width", number(container.width)),
        ("height", number(container.height)), ("fill", "#FFFFFF"), ("stroke", "#B8BEC9"), ("stroke-width", "1"),
      ])
    writer.open("g", [("id", "views")])
    for view in scene.views {
      write(view)
    }
    writer.close("g")
    writeLabels()
    writeFooter(top: canvas.maxY, left: canvas.minX, width: canvas.width, legend: legend, lineHeight: lineHeight)
    return writer.finish()
  }

  // MARK: Views and shapes

  /// The view's group: laid out, then posed by its track, carrying the canvases drawn behind it, its
  /// placeholder and the canvases drawn over it, as the runtime hangs the canvases on the view's content.
  private mutating func write(_ view: PreviewScene.View) {
    writer.open(
      "g", [("id", view.name), ("transform", "translate(\(number(view.centre.x)) \(number(view.centre.y)))")])
    writer.element("title", text: "\(view.id) (\(view.invokeType.rawValue)\(Self.runNote(view.run)))")
    posed(view.motion, name: "\(view.name)-pose") { drawing in
      for layer in view.behind { drawing.write(layer) }
      drawing.placeholder()
      for layer in view.over { drawing.write(layer) }
    }
    writer.close("g")
  }

  static func runNote(_ run: InertiaTrackRun) -> String {
    switch run {
    case .waiting: ", waits"
    case .looping, .playsOnce: ""
    case .playsOnceThenHolds: ""
    }
  }

  /// The view's box, outlined and not filled, so shapes behind it show in their own colours; a dot marks its
  /// top-left corner, which `rotate` turns about.
  private mutating func placeholder() {
    let size = scene.options.viewSize
    let (x, y) = (-size.width / 2, -size.height / 2)
    writer.leaf(
      "rect",
      [
        ("class", "placeholder"), ("x", number(x)), ("y", number(y)), ("width", number(max(0, size.width))),
        ("height", number(max(0, size.height))), ("rx", number(min(size.width, size.height) * 0.08)), ("fill", "none"),
        ("stroke", "#6F7B91"), ("stroke-width", "1.5"), ("stroke-dasharray", "5 3"),
      ])
    writer.leaf("circle", [("cx", number(x)), ("cy", number(y)), ("r", "2.5"), ("fill", "#6F7B91")])
  }

  private mutating func write(_ layer: PreviewScene.Layer) {
    let draw: (inout PreviewDrawing) -> Void = { drawing in
      for shape in layer.shapes { drawing.write(shape) }
    }
    if let motion = layer.motion {
      posed(motion, name: layer.name, draw)
    } else {
      writer.open("g", [("id", layer.name)])
      draw(&self)
      writer.close("g")
    }
  }

  /// A shape's fill, then its stroke's band over it, then the shapes nested in it: the order the runtime hands
  /// them to the GPU. Corners are already placed, in the view's points.
  private mutating func write(_ shape: PreviewScene.Shape) {
    writer.open("g", [("id", shape.name)])
    if let fill = shape.fill {
      writer.leaf("polygon", [("class", "fill"), ("points", points(fill.ring))] + paint("fill", fill.colour))
    }
    if let stroke = shape.stroke {
      if stroke.insideOut {
        // The band's quads cross: each drawn as the runtime draws it.
        let count = stroke.outer.count
        for index in 0..<count {
          let next = (index + 1) % count
          let quad = [stroke.outer[index], stroke.outer[next], stroke.inner[next], stroke.inner[index]]
          writer.leaf("polygon", [("class", "stroke"), ("points", points(quad))] + paint("fill", stroke.colour))
        }
      } else {
        let path = "M\(points(stroke.outer))Z M\(points(stroke.inner))Z"
        writer.leaf(
          "path", [("class", "stroke"), ("d", path), ("fill-rule", "evenodd")] + paint("fill", stroke.colour))
      }
    }
    for triangle in shape.fan {
      // The GPU blends the three corners' colours across the triangle; drawn here in their mean.
      let count = Double(triangle.count)
      let mean = InertiaColour(
        red: triangle.map(\.colour.red).reduce(0, +) / count, green: triangle.map(\.colour.green).reduce(0, +) / count,
        blue: triangle.map(\.colour.blue).reduce(0, +) / count,
        alpha: triangle.map(\.colour.alpha).reduce(0, +) / count)
      writer.leaf(
        "polygon", [("class", "vertices"), ("points", points(triangle.map(\.position)))] + paint("fill", mean))
    }
    for child in shape.children { write(child) }
    writer.close("g")
  }

  private func points(_ ring: [InertiaPoint]) -> String {
    ring.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
  }

  private func paint(_ property: String, _ colour: InertiaColour) -> [(String, String)] {
    var attributes = [(property, Self.hex(colour))]
    let alpha = Self.component(colour.alpha)
    if alpha != 1 { attributes.append(("\(property)-opacity", number(alpha))) }
    return attributes
  }

  /// A colour component as the 8-bit target holds it: 0...1 (not verified on Metal; the research's B.10).
  static func component(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

  /// `#5459DB`: the colour's components, each held to 0...1, as 8-bit sRGB.
  static func hex(_ colour: InertiaColour) -> String {
    let digits = Array("0123456789ABCDEF")
    var text = "#"
    for component in [colour.red, colour.green, colour.blue] {
      let byte = Int((Self.component(component) * 255).rounded())
      text.append(digits[byte / 16])
      text.append(digits[byte % 16])
    }
    return text
  }

  // MARK: Motion

  /// Draws `content` in groups that pose it: one group with the whole transform list when nothing moves (or in a
  /// still); otherwise a group per step, each animated over the loop when its value changes.
  private mutating func posed(_ motion: PosedMotion, name: String, _ content: (inout PreviewDrawing) -> Void) {
    let first = motion.samples[0]
    guard motion.samples.count > 1 else {
      var attributes = [("id", name)]
      let transform = Self.transformList(first.steps)
      if !transform.isEmpty { attributes.append(("transform", transform)) }
      if first.opacity != 1 { attributes.append(("opacity", number(first.opacity))) }
      writer.open("g", attributes)
      content(&self)
      writer.close("g")
      return
    }
    let timing = Timing(motion: motion, loopLength: scene.loopLength)
    var opened = 1
    writer.open("g", [("id", name), ("opacity", number(first.opacity))])
    let opacities = motion.samples.map(\.opacity)
    if opacities.contains(where: { $0 != first.opacity }) {
      animation("animate", [("attributeName", "opacity")], values: opacities.map { number($0) }, timing)
    }
    var fixed: [InertiaPoseComposition.Step] = []
    for index in first.steps.indices {
      let values = motion.samples.map { $0.steps[index] }
      if values.allSatisfy({ $0 == values[0] }) {
        fixed.append(values[0])
        continue
      }
      opened += openFixed(fixed)
      fixed = []
      writer.open("g", [("transform", Self.transformList([values[0]], keepIdentity: true))])
      opened += 1
      animation(
        "animateTransform", [("attributeName", "transform"), ("type", Self.kind(values[0]))],
        values: values.map { Self.arguments($0) }, timing)
    }
    opened += openFixed(fixed)
    content(&self)
    for _ in 0..<opened { writer.close("g") }
  }

  /// When an animation's values come, the curve between each two, and what happens after the first loop.
  struct Timing {
    var keyTimes: String
    var keySplines: String?
    var run: InertiaTrackRun
    var duration: String

    init(motion: PosedMotion, loopLength: Double) {
      keyTimes = motion.samples.map { SVGNumber.text($0.time / loopLength, digits: 6) }.joined(separator: ";")
      let curves = motion.samples.dropFirst().map(\.curve)
      keySplines = curves.allSatisfy { $0 == .linear } ? nil : curves.map(\.keySpline).joined(separator: ";")
      run = motion.run
      duration = "\(SVGNumber.text(loopLength, digits: 6))s"
    }
  }

  private mutating func animation(
    _ element: String, _ attributes: [(String, String)], values: [String], _ timing: Timing
  ) {
    var timed = attributes + [("values", values.joined(separator: ";")), ("keyTimes", timing.keyTimes)]
    if let splines = timing.keySplines {
      timed += [("calcMode", "spline"), ("keySplines", splines)]
    } else {
      timed.append(("calcMode", "linear"))
    }
    timed.append(("dur", timing.duration))
    switch timing.run {
    case .looping, .waiting: timed.append(("repeatCount", "indefinite"))
    // A triggered run plays once and holds its final frame; an auto shape track whose clock stops goes back.
    case .playsOnceThenHolds: timed += [("repeatCount", "1"), ("fill", "freeze")]
    case .playsOnce: timed.append(("repeatCount", "1"))
    }
    writer.leaf(element, timed)
  }

  /// Opens a group for steps that do not move, unless they change nothing; returns how many groups it opened.
  private mutating func openFixed(_ steps: [InertiaPoseComposition.Step]) -> Int {
    let list = Self.transformList(steps)
    guard !list.isEmpty else { return 0 }
    writer.open("g", [("transform", list)])
    return 1
  }

  /// `translate(10 0) scale(1.2) rotate(15 -48 -48)`: the steps as an SVG transform list, outermost first,
  /// leaving out steps that change nothing unless `keepIdentity`.
  static func transformList(_ steps: [InertiaPoseComposition.Step], keepIdentity: Bool = false) -> String {
    steps.compactMap { step in
      if !keepIdentity {
        switch step {
        case .translate(let x, let y) where SVGNumber.text(x) == "0" && SVGNumber.text(y) == "0": return nil
        case .scale(let factor) where factor == 1: return nil
        case .rotate(let degrees, _) where SVGNumber.text(degrees.truncatingRemainder(dividingBy: 360)) == "0":
          return nil
        default: break
        }
      }
      return "\(kind(step))(\(arguments(step, reducingAngles: true)))"
    }.joined(separator: " ")
  }

  private static func kind(_ step: InertiaPoseComposition.Step) -> String {
    switch step {
    case .translate: "translate"
    case .scale: "scale"
    case .rotate: "rotate"
    }
  }

  /// A step's arguments. A fixed angle is written modulo 360 (`reducingAngles`), which turns the same and keeps
  /// a huge one exact; an animated one is not, since a turn from 0 to 720 spins twice.
  private static func arguments(_ step: InertiaPoseComposition.Step, reducingAngles: Bool = false) -> String {
    switch step {
    case .translate(let x, let y): return "\(SVGNumber.text(x)) \(SVGNumber.text(y))"
    case .scale(let factor): return SVGNumber.text(factor, digits: 6)
    case .rotate(let degrees, let anchor):
      let angle = SVGNumber.text(reducingAngles ? degrees.truncatingRemainder(dividingBy: 360) : degrees)
      return anchor == .zero ? angle : "\(angle) \(SVGNumber.text(anchor.x)) \(SVGNumber.text(anchor.y))"
    }
  }

  // MARK: Labels and legend

  /// Each view's id and how it plays, at the place the layout gives the view, over everything drawn (with a
  /// light halo, so a shape under it cannot hide it): a label stays readable wherever the view and its shapes
  /// move. At most the id's first characters that fit the view's width.
  private mutating func writeLabels() {
    writer.open(
      "g",
      [
        ("id", "labels"), ("stroke", "#FFFFFF"), ("stroke-width", "3"), ("stroke-linejoin", "round"),
        ("paint-order", "stroke"), ("text-anchor", "middle"),
      ])
    for label in Self.viewLabels(scene, minimumFontSize: minimumFontSize) {
      writer.element(
        "text",
        [
          ("class", "view-label"), ("x", number(label.x)), ("y", number(label.baseline)),
          ("font-size", number(label.fontSize)), ("fill", label.colour),
        ], text: label.text)
    }
    writer.close("g")
  }

  /// A line of text at a place: what the preview writes for each view's label, and what its tests measure.
  struct PlacedText {
    var text: String
    var x: Double
    var baseline: Double
    var fontSize: Double
    var colour: String
  }

  /// The labels of the views: the id on the view's top edge, inside it, and how it plays under it; each held to
  /// the view's width (``TextMetrics``), so labels of neighbouring views never meet.
  static func viewLabels(_ scene: PreviewScene, minimumFontSize: Double) -> [PlacedText] {
    let size = scene.options.viewSize
    let idSize = max(min(13, size.width / 6), minimumFontSize)
    let detailSize = max(min(11, size.width / 7), minimumFontSize)
    return scene.views.flatMap { view -> [PlacedText] in
      let top = view.centre.y - size.height / 2
      let id = TextMetrics.truncated(view.id, toWidth: size.width - 6, fontSize: idSize)
      let detail = TextMetrics.truncated(
        view.invokeType.rawValue + runNote(view.run), toWidth: size.width - 6, fontSize: detailSize)
      // Each line's box reaches 0.85 of its size above the baseline and 0.25 below (``LabelLayout/box``).
      let idBaseline = top + 3 + idSize
      let detailBaseline = idBaseline + 0.3 * idSize + 0.9 * detailSize
      return [
        PlacedText(text: id, x: view.centre.x, baseline: idBaseline, fontSize: idSize, colour: "#262C38"),
        PlacedText(text: detail, x: view.centre.x, baseline: detailBaseline, fontSize: detailSize, colour: "#5A6475"),
      ].filter { !$0.text.isEmpty }
    }
  }

  private func legendLines() -> [String] {
    let options = scene.options
    let count = scene.playback.animations.count
    let loop = scene.playback.loop
    let setter = options.loopDuration == nil ? "the file's loopDuration" : "loopDuration set by the app"
    var line = "loop \(SVGNumber.seconds(loop.length)) (\(setter) \(SVGNumber.seconds(loop.loopDuration))"
    line += loop.setBy == nil ? ")" : ", stretched by the longest track)"
    var lines = ["\(options.title): \(count) animation\(count == 1 ? "" : "s"), \(line)."]
    if case .still(let time) = scene.moment {
      lines.append("Still at \(SVGNumber.seconds(time)) after the clock starts.")
    }
    switch options.triggering {
    case .all:
      lines.append(
        "auto animations start at 0 and loop; every trigger animation is triggered at 0, plays one loop and holds "
          + "its last frame (one triggered later, while auto ones run, would join mid-loop).")
    case .only(let ids):
      let named = ids.isEmpty ? "none" : ids.sorted().joined(separator: ", ")
      lines.append(
        "auto animations start at 0 and loop; triggered at 0 (one loop, then held): \(named); the other trigger "
          + "animations wait at their initial pose.")
    case .idle:
      lines.append("Before the clock starts: every view at its initial pose, shapes that wait for the run hidden.")
    }
    lines.append(
      "Views are dashed placeholders (\(options.viewSize)) in a \(options.containerSize) container, labelled where "
        + "the layout puts them: a file does not say what a view looks like or where it sits.")
    lines.append(
      "Between keyframes each value eases in and out, as Compose and React play it; SwiftUI's CubicKeyframe curve "
        + "passes through the same keyframes but can differ between them by about 10-20% of a segment's travel.")
    lines.append(
      "A view's pose carries its shapes: scale, rotate about its top-left corner, rotateCenter, translate.")
    return lines
  }

  private func wrap(_ lines: [String], width: Double, fontSize: Double) -> [String] {
    lines.flatMap { TextMetrics.wrap($0, toWidth: width, fontSize: fontSize) }
  }

  private mutating func writeFooter(
    top: Double, left: Double, width: Double, legend: [String], lineHeight: Double
  ) {
    let margin = ContainerLayout.gap
    let barY = top + 8
    let barWidth = width - 2 * margin
    let scaleSize = font(10)
    writer.open("g", [("id", "playhead")])
    writer.leaf(
      "rect",
      [
        ("x", number(left + margin)), ("y", number(barY)), ("width", number(barWidth)), ("height", "4"),
        ("fill", "#D5DAE2"),
      ])
    switch scene.moment {
    case .loop:
      writer.open(
        "rect",
        [("x", number(left + margin)), ("y", number(barY)), ("width", "0"), ("height", "4"), ("fill", "#4F6BED")])
      // The clock stops after one loop when no auto animation keeps it going.
      let clockLoops = scene.playback.isClockRunning(at: scene.loopLength)
      var timing = Timing(
        motion: PosedMotion(samples: [
          .init(time: 0, steps: [], opacity: 1), .init(time: scene.loopLength, steps: [], opacity: 1),
        ]), loopLength: scene.loopLength)
      timing.run = clockLoops ? .looping : .playsOnceThenHolds
      animation("animate", [("attributeName", "width")], values: ["0", number(barWidth)], timing)
      writer.close("rect")
    case .still(let time):
      let x = left + margin + barWidth * min(1, time / scene.loopLength)
      writer.leaf(
        "rect",
        [("x", number(x - 1.5)), ("y", number(barY - 3)), ("width", "3"), ("height", "10"), ("fill", "#4F6BED")])
    }
    let labelY = number(barY + 6 + scaleSize)
    writer.element(
      "text",
      [("x", number(left + margin)), ("y", labelY), ("font-size", number(scaleSize)), ("fill", "#5A6475")],
      text: "0 s")
    writer.element(
      "text",
      [
        ("x", number(left + margin + barWidth)), ("y", labelY), ("text-anchor", "end"),
        ("font-size", number(scaleSize)), ("fill", "#5A6475"),
      ], text: SVGNumber.seconds(scene.loopLength))
    writer.close("g")
    writer.open(
      "g", [("id", "legend"), ("font-size", number(font(11))), ("fill", "#3A4150")])
    let first = barY + 6 + scaleSize + 6 + lineHeight
    for (index, line) in legend.enumerated() {
      writer.element(
        "text", [("x", number(left + margin)), ("y", number(first + Double(index) * lineHeight))], text: line)
    }
    writer.close("g")
  }

  private func number(_ value: Double) -> String { SVGNumber.text(value) }
}
