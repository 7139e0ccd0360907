import InertiaFormat

/// The writing of one preview.
struct PreviewDrawing {
  let scene: PreviewScene
  private var writer = SVGWriter(width: 0, height: 0, viewBox: (0, 0, 0, 0))
  private var clipCount = 0

  static let legendFontSize = 11.0
  static let legendLineHeight = 15.0

  init(scene: PreviewScene) {
    self.scene = scene
  }

  mutating func svg() -> String {
    let canvas = ContainerLayout.canvas(scene)
    let legend = wrap(legendLines(), width: canvas.width - 2 * ContainerLayout.gap)
    let footer = 28 + Double(legend.count) * Self.legendLineHeight + ContainerLayout.gap
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
    for view in scene.views {
      write(view)
    }
    writeFooter(top: canvas.maxY, left: canvas.minX, width: canvas.width, legend: legend)
    return writer.finish()
  }

  // MARK: Views and shapes

  private mutating func write(_ view: PreviewScene.View) {
    writer.open(
      "g", [("id", view.name), ("transform", "translate(\(number(view.centre.x)) \(number(view.centre.y)))")])
    writer.element("title", text: "\(view.id) (\(view.invokeType.rawValue)\(view.isPlaying ? "" : ", waiting"))")
    for shape in view.behind { write(shape) }
    posed(view.motion, name: "\(view.name)-pose") { drawing in drawing.placeholder(view) }
    for shape in view.over { write(shape) }
    writer.close("g")
  }

  private mutating func placeholder(_ view: PreviewScene.View) {
    let size = scene.options.viewSize
    let (x, y) = (-size.width / 2, -size.height / 2)
    writer.leaf(
      "rect",
      [
        ("x", number(x)), ("y", number(y)), ("width", number(max(0, size.width))),
        ("height", number(max(0, size.height))), ("rx", number(min(size.width, size.height) * 0.08)),
        ("fill", "#C9D3E6"), ("fill-opacity", "0.45"), ("stroke", "#6F7B91"), ("stroke-width", "1"),
      ])
    // The top-left corner, which `rotate` turns about.
    writer.leaf("circle", [("cx", number(x)), ("cy", number(y)), ("r", "2.5"), ("fill", "#6F7B91")])
    let fontSize = max(6, min(size.width, size.height) * 0.125)
    let fitting = max(4, Int(size.width / (fontSize * 0.6)))
    let label = view.id.count > fitting ? String(view.id.prefix(fitting - 1)) + "…" : view.id
    writer.element(
      "text",
      [
        ("x", "0"), ("y", number(-fontSize * 0.2)), ("text-anchor", "middle"), ("font-size", number(fontSize)),
        ("fill", "#262C38"),
      ], text: label)
    writer.element(
      "text",
      [
        ("x", "0"), ("y", number(fontSize * 1.05)), ("text-anchor", "middle"), ("font-size", number(fontSize * 0.8)),
        ("fill", "#5A6475"),
      ], text: view.isPlaying ? view.invokeType.rawValue : "\(view.invokeType.rawValue), waiting")
  }

  private mutating func write(_ shape: PreviewScene.Shape) {
    posed(shape.motion, name: shape.name) { drawing in
      if let geometry = shape.geometry, !geometry.drawsNothing {
        drawing.outline(geometry, unit: shape.unit)
      }
      for child in shape.children { drawing.write(child) }
    }
  }

  /// The shape's fill, then its stroke: drawn twice as wide on the outline and clipped to it, so that it lies
  /// inside the outline as the format says.
  private mutating func outline(_ geometry: InertiaShapeGeometry, unit: Double) {
    if let fill = geometry.fill {
      writer.leaf(
        outlineElement(geometry.outline, unit), outlineAttributes(geometry.outline, unit) + paint("fill", fill))
    } else {
      writer.leaf(
        outlineElement(geometry.outline, unit), outlineAttributes(geometry.outline, unit) + [("fill", "none")])
    }
    guard let stroke = geometry.stroke else { return }
    clipCount += 1
    let clip = "inertia-clip-\(clipCount)"
    writer.open("clipPath", [("id", clip)])
    writer.leaf(outlineElement(geometry.outline, unit), outlineAttributes(geometry.outline, unit))
    writer.close("clipPath")
    writer.leaf(
      outlineElement(geometry.outline, unit),
      outlineAttributes(geometry.outline, unit) + [("fill", "none")] + paint("stroke", stroke)
        + [("stroke-width", number(2 * geometry.strokeWidth * unit)), ("clip-path", "url(#\(clip))")])
  }

  private func outlineElement(_ outline: InertiaShapeGeometry.Outline, _ unit: Double) -> String {
    switch outline {
    case .rectangle: "rect"
    case .ellipse: "ellipse"
    case .polygon: "polygon"
    }
  }

  private func outlineAttributes(_ outline: InertiaShapeGeometry.Outline, _ unit: Double) -> [(String, String)] {
    switch outline {
    case .rectangle(let width, let height):
      [
        ("x", number(-width * unit / 2)), ("y", number(-height * unit / 2)), ("width", number(width * unit)),
        ("height", number(height * unit)),
      ]
    case .ellipse(let width, let height):
      [("cx", "0"), ("cy", "0"), ("rx", number(width * unit / 2)), ("ry", number(height * unit / 2))]
    case .polygon(let points):
      [("points", points.map { "\(number($0.x * unit)),\(number($0.y * unit))" }.joined(separator: " "))]
    }
  }

  private func paint(_ property: String, _ colour: InertiaColour) -> [(String, String)] {
    var attributes = [(property, Self.hex(colour))]
    let alpha = min(max(colour.alpha, 0), 1)
    if alpha != 1 { attributes.append(("\(property)-opacity", number(alpha))) }
    return attributes
  }

  /// `#5459DB`: the colour's components, each held to 0...1, as 8-bit sRGB.
  static func hex(_ colour: InertiaColour) -> String {
    let digits = Array("0123456789ABCDEF")
    var text = "#"
    for component in [colour.red, colour.green, colour.blue] {
      let byte = Int((min(max(component, 0), 1) * 255).rounded())
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
    let keyTimes = motion.samples.map { SVGNumber.text($0.time / scene.loopLength, digits: 6) }.joined(separator: ";")
    var opened = 1
    writer.open("g", [("id", name), ("opacity", number(first.opacity))])
    let opacities = motion.samples.map(\.opacity)
    if opacities.contains(where: { $0 != first.opacity }) {
      animation("animate", [("attributeName", "opacity")], values: opacities.map { number($0) }, keyTimes: keyTimes)
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
        values: values.map { Self.arguments($0) }, keyTimes: keyTimes)
    }
    opened += openFixed(fixed)
    content(&self)
    for _ in 0..<opened { writer.close("g") }
  }

  /// Opens a group for steps that do not move, unless they change nothing; returns how many groups it opened.
  private mutating func openFixed(_ steps: [InertiaPoseComposition.Step]) -> Int {
    let list = Self.transformList(steps)
    guard !list.isEmpty else { return 0 }
    writer.open("g", [("transform", list)])
    return 1
  }

  private mutating func animation(
    _ element: String, _ attributes: [(String, String)], values: [String], keyTimes: String
  ) {
    writer.leaf(
      element,
      attributes + [
        ("values", values.joined(separator: ";")), ("keyTimes", keyTimes), ("calcMode", "linear"),
        ("dur", "\(SVGNumber.text(scene.loopLength, digits: 6))s"), ("repeatCount", "indefinite"),
      ])
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

  // MARK: Legend

  private func legendLines() -> [String] {
    let options = scene.options
    let count = scene.playback.animations.count
    var loop = "loop \(SVGNumber.seconds(scene.loopLength))"
    loop +=
      scene.loopLength > options.loopDuration
      ? " (loopDuration \(SVGNumber.seconds(options.loopDuration)), stretched by the longest track)"
      : " (loopDuration \(SVGNumber.seconds(options.loopDuration)))"
    var lines = ["\(options.title): \(count) animation\(count == 1 ? "" : "s"), \(loop)."]
    if case .still(let time) = scene.moment {
      lines.append("Still at \(SVGNumber.seconds(time)) into the loop.")
    }
    switch options.triggering {
    case .all:
      lines.append(
        "Every track plays from 0, as if each view were triggered as it appeared (SwiftUI waits for trigger(_:); "
          + "Compose and React start \"auto\" tracks at once).")
    case .only(let ids) where ids.isEmpty:
      lines.append("Before anything is triggered: every view at its initial pose, shapes that wait for the run hidden.")
    case .only(let ids):
      lines.append("Triggered: \(ids.sorted().joined(separator: ", ")); the others wait at their initial pose.")
    }
    lines.append(
      "Views are placeholders (\(options.viewSize)) in a \(options.containerSize) container: a file does not say "
        + "what a view looks like or where it sits.")
    lines.append("Between keyframes each value moves linearly; the format does not document the runtimes' curve.")
    lines.append(
      "A pose turns by rotate about the top-left corner first, then by rotateCenter, scales and translates; a "
        + "view's track does not move its shapes.")
    return lines
  }

  private func wrap(_ lines: [String], width: Double) -> [String] {
    let fitting = max(20, Int(width / (Self.legendFontSize * 0.55)))
    return lines.flatMap { WordWrap.lines(of: $0, width: fitting) }
  }

  private mutating func writeFooter(top: Double, left: Double, width: Double, legend: [String]) {
    let margin = ContainerLayout.gap
    let barY = top + 8
    let barWidth = width - 2 * margin
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
      animation("animate", [("attributeName", "width")], values: ["0", number(barWidth)], keyTimes: "0;1")
      writer.close("rect")
    case .still(let time):
      let x = left + margin + barWidth * min(1, time / scene.loopLength)
      writer.leaf(
        "rect",
        [("x", number(x - 1.5)), ("y", number(barY - 3)), ("width", "3"), ("height", "10"), ("fill", "#4F6BED")])
    }
    let labelY = number(barY + 17)
    writer.element(
      "text", [("x", number(left + margin)), ("y", labelY), ("font-size", "10"), ("fill", "#5A6475")], text: "0 s")
    writer.element(
      "text",
      [
        ("x", number(left + margin + barWidth)), ("y", labelY), ("text-anchor", "end"), ("font-size", "10"),
        ("fill", "#5A6475"),
      ], text: SVGNumber.seconds(scene.loopLength))
    writer.close("g")
    writer.open("g", [("id", "legend"), ("font-size", number(Self.legendFontSize)), ("fill", "#3A4150")])
    for (index, line) in legend.enumerated() {
      writer.element(
        "text", [("x", number(left + margin)), ("y", number(barY + 36 + Double(index) * Self.legendLineHeight))],
        text: line)
    }
    writer.close("g")
  }

  private func number(_ value: Double) -> String { SVGNumber.text(value) }
}
