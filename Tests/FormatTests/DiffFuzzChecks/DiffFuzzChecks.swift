// The property the `diff` fuzz target checks on every input, shared with the test suite, which replays every
// input that ever failed (`Tests/Fuzz/Regressions/diff`) and the kept corpus. Compiled into both: no test
// framework. Only InertiaFormat is needed.
@testable import InertiaFormat

/// A property of the motion diff that did not hold for an input.
struct DiffPropertyViolation: Error, CustomStringConvertible {
  var description: String
}

/// The input's bytes read as a stream of choices; past its end every choice is the first.
struct ChoiceSource {
  var bytes: [UInt8]
  var position = 0

  mutating func next() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  /// A number in `0..<count`.
  mutating func choose(_ count: Int) -> Int { count <= 1 ? 0 : Int(next()) % count }

  mutating func pick<T>(_ options: [T]) -> T { options[choose(options.count)] }
}

enum DiffFuzzChecks {
  /// The diff of a random animation document (made from the input's bytes) against a copy changed in ways
  /// that do and do not change what plays (durations, poses, keyframes inserted, removed or reordered, ids,
  /// shapes, invokeType; key order, float32s, the JSON form) never crashes, and says "plays the same" exactly
  /// when an oracle that decodes both with the typed model's `Codable` finds the same loop, the same
  /// animations and `invokeType`s, the same shapes drawn, and the same poses at every sampled moment of the
  /// loop (every keyframe time of either version, the midpoints between, and a grid). The input's raw bytes,
  /// read as a document, are diffed too, and must give a diff or an error, never a crash.
  static func diff(_ bytes: [UInt8]) throws(DiffPropertyViolation) {
    var source = ChoiceSource(bytes: bytes)
    let animations = generate(&source)
    var mutated = animations
    let mutations = source.choose(4)
    for _ in 0..<mutations { mutate(&mutated, &source) }
    let before = encode(animations, &source)
    let after = encode(mutated, &source)
    let diff: InertiaMotionDiff
    do {
      let old = try InertiaMotionDiff.Version(IndexedDocument.read(before))
      let new = try InertiaMotionDiff.Version(IndexedDocument.read(after))
      diff = InertiaMotionDiff(from: old, to: new)
    } catch {
      throw DiffPropertyViolation(description: "a generated document does not read for a diff: \(error)")
    }
    let verdict = oracle(animations, mutated)
    switch verdict {
    case .same:
      if !diff.playsTheSame {
        throw DiffPropertyViolation(
          description:
            "the diff reports changes where the oracle finds none: \(diff.animations.count) animations, loop \(diff.loop)"
        )
      }
    case .different(let why):
      if diff.playsTheSame {
        throw DiffPropertyViolation(description: "the diff says the two play the same, but \(why)")
      }
    case .nearlySame:
      break
    }
    // Raw bytes as either side: a diff or an error.
    if let document = try? IndexedDocument.read(bytes), let raw = try? InertiaMotionDiff.Version(document),
      let old = try? InertiaMotionDiff.Version(IndexedDocument.read(before))
    {
      _ = InertiaMotionDiff(from: old, to: raw)
      _ = InertiaMotionDiff(from: raw, to: raw)
    }
  }

  // MARK: Documents

  static let ids = ["a", "b", "c", "d", "e", "f"]

  static func number(_ source: inout ChoiceSource) -> Double {
    source.pick([0, 0, 1, 1, 0.5, 2, -1, 0.25, 1.5, 3, 0.1, 1e-300, 4, -0.0])
  }

  static func pose(_ source: inout ChoiceSource) -> InertiaAnimationValues {
    InertiaAnimationValues(
      scale: source.pick([1, 1, 0.5, 2]), translate: .init(width: number(&source), height: number(&source)),
      rotate: source.pick([0, 0, 45, -30]), rotateCenter: source.pick([0, 0, 10]), opacity: source.pick([1, 1, 0, 0.5]))
  }

  static func track(_ id: String, _ source: inout ChoiceSource) -> InertiaAnimation {
    let keyframes = (0..<source.choose(5)).map { index in
      InertiaAnimationKeyframe(
        id: "k\(index)", values: pose(&source), duration: source.pick([0, 1, 0.5, 2, 1, 0, -1, 1.5, 0.1, 1e-300]))
    }
    return InertiaAnimation(
      id: id, initialValues: source.choose(3) == 0 ? pose(&source) : .identity,
      invokeType: source.pick([.auto, .trigger]), keyframes: keyframes)
  }

  static func shape(_ index: Int, depth: Int, _ source: inout ChoiceSource) -> InertiaShape {
    var shape = InertiaShape(id: "s\(depth)-\(index)")
    shape.shape = InertiaShapeDescription(
      id: "d", type: source.pick(InertiaShapeType.allCases), width: source.pick([0.5, 1, 0.25]),
      height: source.pick([0.5, 1]),
      fill: source.choose(2) == 0
        ? InertiaColour(red: source.pick([0.33, 1]), green: 0.35, blue: 0.86, alpha: 1) : nil,
      stroke: source.choose(3) == 0 ? InertiaColour(red: 0, green: 0, blue: 0, alpha: 1) : nil,
      strokeWidth: source.pick([0, 0, 0.02]))
    shape.zIndex = source.choose(3)
    shape.position = source.pick([.bottom, .bottom, .top])
    shape.showsBeforeAnimation = source.choose(4) != 0
    if source.choose(3) == 0 { shape.transforms = pose(&source) }
    if source.choose(4) == 0 { shape.animation = track("t", &source) }
    if depth < 2 && source.choose(4) == 0 {
      shape.shapes = (0..<source.choose(3)).map { self.shape($0, depth: depth + 1, &source) }
    }
    return shape
  }

  static func generate(_ source: inout ChoiceSource) -> [InertiaAnimation] {
    (0..<(1 + source.choose(4))).map { index in
      var animation = track(ids[index], &source)
      if source.choose(3) == 0 { animation.shapes = (0..<(1 + source.choose(2))).map { shape($0, depth: 0, &source) } }
      return animation
    }
  }

  /// One change to a document, which may or may not change what plays.
  static func mutate(_ animations: inout [InertiaAnimation], _ source: inout ChoiceSource) {
    guard !animations.isEmpty else {
      animations.append(track("z", &source))
      return
    }
    let index = source.choose(animations.count)
    var animation = animations[index]
    let count = animation.keyframes.count
    switch source.choose(16) {
    case 0 where count > 0: animation.keyframes[source.choose(count)].duration = number(&source)
    case 1 where count > 0: animation.keyframes[source.choose(count)].values = pose(&source)
    case 2 where count > 0: animation.keyframes.remove(at: source.choose(count))
    case 3:
      let keyframe = InertiaAnimationKeyframe(id: "n\(source.next())", values: pose(&source), duration: number(&source))
      animation.keyframes.insert(keyframe, at: source.choose(count + 1))
    case 4 where count > 1: animation.keyframes.swapAt(source.choose(count), source.choose(count))
    case 5 where count > 0:
      // A copy of the last keyframe: holds the same pose, ending later.
      var copy = animation.keyframes[count - 1]
      copy.id = "h\(source.next())"
      copy.duration = source.pick([0.5, 1, 3])
      animation.keyframes.append(copy)
    case 6 where count > 0: animation.keyframes[source.choose(count)].id = "r\(source.next())"
    case 7: animation.invokeType = animation.invokeType == .auto ? .trigger : .auto
    case 8: animation.initialValues = pose(&source)
    case 9:
      animations.remove(at: index)
      return
    case 10:
      if animations.count < ids.count, let id = ids.first(where: { id in !animations.contains { $0.id == id } }) {
        animations.append(track(id, &source))
      }
      return
    case 11 where !animation.shapes.isEmpty:
      let shape = source.choose(animation.shapes.count)
      switch source.choose(6) {
      case 0: animation.shapes[shape].shape?.fill = InertiaColour(red: 0.98, green: 0.45, blue: 0.38, alpha: 1)
      case 1: animation.shapes[shape].zIndex = source.choose(4)
      case 2: animation.shapes[shape].id = "renamed"
      case 3: animation.shapes[shape].shape?.width = number(&source)
      case 4: animation.shapes[shape].showsBeforeAnimation.toggle()
      default: animation.shapes[shape].animation = source.choose(2) == 0 ? nil : track("t", &source)
      }
    case 12: animation.shapes.append(shape(7, depth: 0, &source))
    case 13 where !animation.shapes.isEmpty: animation.shapes.remove(at: source.choose(animation.shapes.count))
    case 14 where !animation.shapes.isEmpty && !animation.shapes[0].shapes.isEmpty:
      animation.shapes[0].shapes[0].animation = track("ignored", &source)
    case 15 where index + 1 < animations.count:
      animations.swapAt(index, index + 1)
      return
    default: break
    }
    animations[index] = animation
  }

  /// The document's bytes, in a form chosen by the input: canonical MessagePack, floats as float32 where that
  /// loses nothing, keys in reverse order, or the JSON form.
  static func encode(_ animations: [InertiaAnimation], _ source: inout ChoiceSource) -> [UInt8] {
    var value = MessagePackValue.array(animations.map(object))
    if source.choose(3) == 0 { value = narrowed(value) }
    if source.choose(3) == 0 { value = reversed(value) }
    let bytes = MessagePackWriter().write(value)
    if source.choose(3) == 0, let json = try? Converter.toJSON(messagePack: bytes) { return json }
    return bytes
  }

  /// The typed model's document as the editor writes it, made directly (the `Codable` encoder took two thirds
  /// of each run's time).
  static func object(_ animation: InertiaAnimation) -> MessagePackValue {
    var entries: [MessagePackValue.MapEntry] = [
      .init("id", .string(animation.id)), .init("invokeType", .string(animation.invokeType.rawValue)),
      .init("initialValues", pose(animation.initialValues)),
      .init(
        "keyframes",
        .array(
          animation.keyframes.map { keyframe in
            .map([
              .init("id", .string(keyframe.id)), .init("duration", number(keyframe.duration)),
              .init("values", pose(keyframe.values)),
            ])
          })),
    ]
    if !animation.shapes.isEmpty { entries.append(.init("shapes", .array(animation.shapes.map(shape)))) }
    return .map(entries)
  }

  static func number(_ value: Double) -> MessagePackValue {
    if let integer = Int64(exactly: value), !(value == 0 && value.sign == .minus) { return .int(integer) }
    return .float64(value)
  }

  static func pose(_ pose: InertiaAnimationValues) -> MessagePackValue {
    .map([
      .init("scale", number(pose.scale)),
      .init("translate", .array([number(pose.translate.width), number(pose.translate.height)])),
      .init("rotate", number(pose.rotate)), .init("rotateCenter", number(pose.rotateCenter)),
      .init("opacity", number(pose.opacity)),
    ])
  }

  static func colour(_ colour: InertiaColour) -> MessagePackValue {
    .map([
      .init("red", number(colour.red)), .init("green", number(colour.green)), .init("blue", number(colour.blue)),
      .init("alpha", number(colour.alpha)),
    ])
  }

  static func shape(_ shape: InertiaShape) -> MessagePackValue {
    var entries: [MessagePackValue.MapEntry] = [
      .init("id", .string(shape.id)), .init("zIndex", .int(Int64(shape.zIndex))),
      .init("position", .string(shape.position.rawValue)), .init("ownCanvas", .bool(shape.ownCanvas)),
      .init("showsBeforeAnimation", .bool(shape.showsBeforeAnimation)), .init("transforms", pose(shape.transforms)),
    ]
    if let description = shape.shape {
      var fields: [MessagePackValue.MapEntry] = [
        .init("id", .string(description.id)), .init("type", .string(description.type.rawValue)),
        .init("width", number(description.width)), .init("height", number(description.height)),
        .init("strokeWidth", number(description.strokeWidth)),
      ]
      if let fill = description.fill { fields.append(.init("fill", colour(fill))) }
      if let stroke = description.stroke { fields.append(.init("stroke", colour(stroke))) }
      entries.append(.init("shape", .map(fields)))
    }
    if let track = shape.animation { entries.append(.init("animation", object(track))) }
    if !shape.shapes.isEmpty { entries.append(.init("shapes", .array(shape.shapes.map(self.shape)))) }
    return .map(entries)
  }

  static func narrowed(_ value: MessagePackValue) -> MessagePackValue {
    switch value {
    case .float64(let d) where Double(Float(d)) == d || d.isNaN: return .float32(Float(d))
    case .int(let i) where i.magnitude < 1 << 24: return .float32(Float(i))
    case .array(let elements): return .array(elements.map(narrowed))
    case .map(let entries):
      return .map(entries.map { .init($0.key, $0.key == "zIndex" ? $0.value : narrowed($0.value)) })
    default: return value
    }
  }

  static func reversed(_ value: MessagePackValue) -> MessagePackValue {
    switch value {
    case .array(let elements): return .array(elements.map(reversed))
    case .map(let entries): return .map(entries.reversed().map { .init($0.key, reversed($0.value)) })
    default: return value
    }
  }

  // MARK: The oracle

  enum Verdict {
    case same
    /// Poses differ at a sampled moment only by what rounding in interpolation can make: no verdict.
    case nearlySame
    case different(String)
  }

  static func oracle(_ old: [InertiaAnimation], _ new: [InertiaAnimation]) -> Verdict {
    let (oldLoop, newLoop) = (InertiaPlayback.loopLength(animations: old), InertiaPlayback.loopLength(animations: new))
    if oldLoop != newLoop { return .different("the loop changed, \(oldLoop) to \(newLoop)") }
    guard Set(old.map(\.id)) == Set(new.map(\.id)) else { return .different("animations were added or removed") }
    var nearly = false
    for animation in new {
      let previous = old.first { $0.id == animation.id }!
      if previous.invokeType != animation.invokeType { return .different("\(animation.id)'s invokeType changed") }
      switch samePoses(previous, animation, loop: oldLoop) {
      case .different(let why): return .different("\(animation.id): \(why)")
      case .nearlySame: nearly = true
      case .same: break
      }
      switch sameDrawing(previous.shapes, animation.shapes, nested: false, loop: oldLoop) {
      case .different(let why): return .different("\(animation.id)'s shapes: \(why)")
      case .nearlySame: nearly = true
      case .same: break
      }
    }
    return nearly ? .nearlySame : .same
  }

  /// The poses of two tracks at every keyframe time of either, the midpoints between, and 16 moments across the
  /// loop, read with ``InertiaAnimation/pose(atLoopTime:)``.
  static func samePoses(_ a: InertiaAnimation, _ b: InertiaAnimation, loop: Double) -> Verdict {
    var times = Set(a.playbackKeyframeTimes + b.playbackKeyframeTimes + [0, loop]).filter { $0 <= loop }.sorted()
    times += zip(times, times.dropFirst()).map { $0 + ($1 - $0) / 2 }
    times += (0...16).map { loop * Double($0) / 16 }
    var nearly = false
    for time in times {
      let (x, y) = (a.pose(atLoopTime: time), b.pose(atLoopTime: time))
      if x.playsSame(as: y) { continue }
      let pairs = [
        (x.scale, y.scale), (x.translate.width, y.translate.width), (x.translate.height, y.translate.height),
        (x.rotate, y.rotate), (x.rotateCenter, y.rotateCenter), (x.opacity, y.opacity),
      ]
      let close = pairs.allSatisfy { (p, q) in
        p == q || (p.isNaN && q.isNaN) || (p - q).magnitude <= 1e-9 * max(1, p.magnitude, q.magnitude)
      }
      if !close { return .different("poses differ at \(time) s") }
      nearly = true
    }
    return nearly ? .nearlySame : .same
  }

  static func sameDrawing(_ a: [InertiaShape], _ b: [InertiaShape], nested: Bool, loop: Double) -> Verdict {
    guard a.count == b.count else { return .different("a different number of shapes") }
    func order(_ shapes: [InertiaShape]) -> [InertiaShape] {
      shapes.enumerated().sorted { x, y in
        let (p, q) = (x.element.position == .top ? 1 : 0, y.element.position == .top ? 1 : 0)
        return (p, x.element.zIndex, x.offset) < (q, y.element.zIndex, y.offset)
      }.map(\.element)
    }
    var nearly = false
    for (x, y) in zip(order(a), order(b)) {
      var (first, second) = (x.shape, y.shape)
      first?.id = ""
      second?.id = ""
      guard first == second, x.position == y.position, x.ownCanvas == y.ownCanvas,
        nested || x.showsBeforeAnimation == y.showsBeforeAnimation, x.transforms.playsSame(as: y.transforms)
      else { return .different("a shape draws differently") }
      if !nested {
        let still = InertiaAnimation(id: "", initialValues: .identity, invokeType: .auto, keyframes: [])
        switch samePoses(x.animation ?? still, y.animation ?? still, loop: loop) {
        case .different(let why): return .different("a shape's track: \(why)")
        case .nearlySame: nearly = true
        case .same: break
        }
      }
      switch sameDrawing(x.shapes, y.shapes, nested: true, loop: loop) {
      case .different(let why): return .different(why)
      case .nearlySame: nearly = true
      case .same: break
      }
    }
    return nearly ? .nearlySame : .same
  }
}
