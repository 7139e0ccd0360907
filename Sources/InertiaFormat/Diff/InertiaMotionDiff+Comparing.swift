extension InertiaMotionDiff {
  /// One version of a file, read for a diff (see ``InertiaMotionReadError`` for what it must hold).
  public struct Version: Sendable {
    let motion: MotionVersion

    /// Reads a version of a file from its index.
    /// - Throws: ``InertiaMotionReadError`` naming the first value of the wrong type, or field missing, that is
    ///   not an id.
    public init(_ document: IndexedDocument) throws(InertiaMotionReadError) {
      motion = try MotionVersion(document)
    }

    /// How many animations it has.
    public var count: Int { motion.count }

    /// Its animation at `index`, in the typed model (built when asked for); an id that is missing or not a
    /// string reads as `""`.
    public func animation(at index: Int) -> InertiaAnimation { motion.animation(at: index).0 }

    /// Its animations in the typed model.
    public var animations: [InertiaAnimation] { (0..<count).map(animation(at:)) }
  }

  /// One animation's place in both versions, in the order the diff reports them.
  package struct Row: Sendable {
    /// Its index in the old version's animations, when it is there.
    package var old: Int?
    /// Its index in the new version's animations, when it is there.
    package var new: Int?
    /// Its change among ``InertiaMotionDiff/animations``, when it plays differently.
    package var change: Int?
  }

  /// What plays differently from `old` to `new`, both played at `loopDuration` when an app sets one, or each at
  /// the loop duration its container seeds from the file (`nil`, the default).
  public init(from old: Version, to new: Version, loopDuration: Double? = nil) {
    var comparison = Comparison(old: old.motion, new: new.motion, loopDuration: loopDuration)
    comparison.run()
    self.loopDuration = loopDuration
    loop = comparison.loop
    animations = comparison.animations
    holds = comparison.holds
    positionMatches = comparison.positionMatches
    rows = comparison.rows
    self.old = old
    self.new = new
  }
}

/// Matches two lists by their ids: pairs in the new list's order, then the old items left over. Where an id is
/// missing or repeated on either side, the whole list is matched by position instead.
struct IDMatching {
  var pairs: [(old: Int?, new: Int?)] = []
  var byPosition = false
  var idsMissing = false

  init(_ old: [String?], _ new: [String?]) {
    idsMissing = old.contains(nil) || new.contains(nil)
    byPosition =
      idsMissing || Set(old.compactMap { $0 }).count != old.count
      || Set(new.compactMap { $0 }).count != new.count
    if byPosition {
      for index in 0..<max(old.count, new.count) {
        pairs.append((index < old.count ? index : nil, index < new.count ? index : nil))
      }
      pairs.sort { ($0.new == nil ? 1 : 0) < ($1.new == nil ? 1 : 0) }
      return
    }
    var oldIndex: [String: Int] = [:]
    for (index, id) in old.enumerated() { oldIndex[id!] = index }
    var matched = [Bool](repeating: false, count: old.count)
    for (index, id) in new.enumerated() {
      let partner = oldIndex[id!]
      if let partner { matched[partner] = true }
      pairs.append((partner, index))
    }
    for index in old.indices where !matched[index] { pairs.append((index, nil)) }
  }

  /// Animations: each id matched to the same id, the k-th of a repeated id (or of those without one) to the
  /// k-th on the other side.
  init(animations old: [String?], _ new: [String?]) {
    var oldByID: [String?: [Int]] = [:]
    for (index, id) in old.enumerated() { oldByID[id, default: []].append(index) }
    var taken: [String?: Int] = [:]
    var matched = [Bool](repeating: false, count: old.count)
    var newCounts: [String?: Int] = [:]
    for id in new { newCounts[id, default: 0] += 1 }
    for (index, id) in new.enumerated() {
      let occurrence = taken[id, default: 0]
      taken[id] = occurrence + 1
      let candidates = oldByID[id] ?? []
      let partner = occurrence < candidates.count ? candidates[occurrence] : nil
      if let partner { matched[partner] = true }
      pairs.append((partner, index))
    }
    for index in old.indices where !matched[index] { pairs.append((index, nil)) }
    idsMissing = old.contains(nil) || new.contains(nil)
    byPosition = idsMissing || oldByID.values.contains { $0.count > 1 } || newCounts.values.contains { $0 > 1 }
  }
}

/// The work of one diff.
private struct Comparison {
  let old: MotionVersion
  let new: MotionVersion
  let loopDuration: Double?
  /// How far into the loop tracks are compared: the longer of the two loops.
  let end: Double
  let oldLoop: InertiaLoop
  let newLoop: InertiaLoop
  var loop: InertiaMotionDiff.Loop
  var animations: [InertiaMotionDiff.AnimationChange] = []
  var holds: [InertiaMotionDiff.Hold] = []
  var positionMatches: [InertiaMotionDiff.PositionMatch] = []
  var rows: [InertiaMotionDiff.Row] = []

  typealias Change = InertiaMotionDiff.Change

  init(old: MotionVersion, new: MotionVersion, loopDuration: Double?) {
    self.old = old
    self.new = new
    self.loopDuration = loopDuration
    oldLoop = InertiaLoop(loopDuration: loopDuration, tracks: old.lengths)
    newLoop = InertiaLoop(loopDuration: loopDuration, tracks: new.lengths)
    end = max(oldLoop.length, newLoop.length)
    loop = InertiaMotionDiff.Loop(
      before: oldLoop.length, after: newLoop.length, setBefore: Self.name(oldLoop.setBy, in: old),
      setAfter: Self.name(newLoop.setBy, in: new), durationBefore: oldLoop.loopDuration,
      durationAfter: newLoop.loopDuration)
  }

  static func name(_ track: InertiaLoop.Track?, in version: MotionVersion) -> InertiaMotionDiff.TrackName? {
    guard let track else { return nil }
    return InertiaMotionDiff.TrackName(
      animation: version.ids[track.animation], isShape: track.shape != nil,
      shape: track.shape.flatMap { version.animation(at: track.animation).1.shapes[$0].id })
  }

  mutating func run() {
    let matching = IDMatching(animations: old.ids, new.ids)
    // Which of the animations sharing an id (or lacking one) each is, when any do.
    var (oldCounts, newCounts): ([String?: Int], [String?: Int]) = ([:], [:])
    if matching.byPosition {
      for id in old.ids { oldCounts[id, default: 0] += 1 }
      for id in new.ids { newCounts[id, default: 0] += 1 }
    }
    var occurrences: [String?: Int] = [:]
    for (oldIndex, newIndex) in matching.pairs {
      let id = newIndex.map { new.ids[$0] } ?? oldIndex.map { old.ids[$0] } ?? nil
      var occurrence: Int?
      if matching.byPosition, id == nil || oldCounts[id, default: 0] > 1 || newCounts[id, default: 0] > 1 {
        occurrence = occurrences[id, default: 0]
        occurrences[id] = occurrence! + 1
      }
      var row = InertiaMotionDiff.Row(old: oldIndex, new: newIndex, change: nil)
      var change: InertiaMotionDiff.AnimationChange?
      switch (oldIndex, newIndex) {
      case (let o?, let n?): change = compare(o, n)
      case (nil, let n?): change = whole(new, n, .added)
      case (let o?, nil): change = whole(old, o, .removed)
      case (nil, nil): break
      }
      if var change {
        change.occurrence = occurrence
        row.change = animations.count
        animations.append(change)
      }
      rows.append(row)
    }
    if matching.byPosition && !animations.isEmpty {
      positionMatches.insert(
        InertiaMotionDiff.PositionMatch(
          list: .animations, animation: nil, shapePath: [], idsMissing: matching.idsMissing),
        at: 0)
    }
  }

  // MARK: Animations

  mutating func compare(_ o: Int, _ n: Int) -> InertiaMotionDiff.AnimationChange? {
    // The same bytes are the same animation: only its hold can change, with the loop. Most animations of a
    // change are as they were, and are never built.
    if old.isSameBytes(o, as: new, n) {
      let end = new.lengths[n].animation
      if loop.isChanged, new.keyframeCounts[n] > 0, end < self.end {
        let name = InertiaMotionDiff.TrackName(animation: new.ids[n], isShape: false, shape: nil)
        holds.append(InertiaMotionDiff.Hold(track: name, from: end, until: Change(loop.before, loop.after)))
      }
      return nil
    }
    let (before, beforeIDs) = old.animation(at: o)
    let (after, afterIDs) = new.animation(at: n)
    let name = InertiaMotionDiff.TrackName(animation: afterIDs.id, isShape: false, shape: nil)
    var change = InertiaMotionDiff.AnimationChange(status: .changed, id: afterIDs.id, track: nil, shapes: [])
    if before.invokeType != after.invokeType {
      change.invokeType = Change(before.invokeType.rawValue, after.invokeType.rawValue)
    }
    // A track as it was (the model's equality is exact) plays the same; only others are compared pose by pose.
    if !(before.keyframes == after.keyframes && before.initialValues == after.initialValues)
      && !before.playsSamePoses(as: after, until: end)
    {
      change.track = describe(before, beforeIDs.keyframes, after, afterIDs.keyframes, name: name, path: [])
    } else if loop.isChanged, !after.keyframes.isEmpty, after.playbackLength < end {
      holds.append(
        InertiaMotionDiff.Hold(track: name, from: after.playbackLength, until: Change(loop.before, loop.after)))
    }
    if !drawsSame(before.shapes, after.shapes, nested: false) {
      change.shapes = describe(
        before.shapes, beforeIDs.shapes, after.shapes, afterIDs.shapes, nested: false, animation: afterIDs.id,
        path: [])
    }
    guard change.invokeType != nil || change.track != nil || !change.shapes.isEmpty else { return nil }
    return change
  }

  /// An animation only one version has: all of it added or removed.
  mutating func whole(
    _ version: MotionVersion, _ index: Int, _ status: InertiaMotionDiff.Status
  ) -> InertiaMotionDiff.AnimationChange {
    let (animation, ids) = version.animation(at: index)
    let added = status == .added
    let name = InertiaMotionDiff.TrackName(animation: ids.id, isShape: false, shape: nil)
    return InertiaMotionDiff.AnimationChange(
      status: status, id: ids.id,
      invokeType: added ? Change(nil, animation.invokeType.rawValue) : Change(animation.invokeType.rawValue, nil),
      track: added
        ? describe(nil, [], animation, ids.keyframes, name: name, path: [])
        : describe(animation, ids.keyframes, nil, [], name: name, path: []),
      shapes: added
        ? describe([], [], animation.shapes, ids.shapes, nested: false, animation: ids.id, path: [])
        : describe(animation.shapes, ids.shapes, [], [], nested: false, animation: ids.id, path: []))
  }

  // MARK: Tracks

  /// How track `before` became `after` (either `nil` for a track added or removed).
  mutating func describe(
    _ before: InertiaAnimation?, _ beforeIDs: [String?], _ after: InertiaAnimation?, _ afterIDs: [String?],
    name: InertiaMotionDiff.TrackName, path: [String?]
  ) -> InertiaMotionDiff.TrackChange {
    let matching = IDMatching(beforeIDs, afterIDs)
    if matching.byPosition && before != nil && after != nil {
      positionMatches.append(
        InertiaMotionDiff.PositionMatch(
          list: .keyframes, animation: name.animation, shapePath: path, idsMissing: matching.idsMissing))
    }
    let beforeTimes = before?.playbackKeyframeTimes ?? []
    let afterTimes = after?.playbackKeyframeTimes ?? []
    let beforeRepaired = Set(before?.keyframesWithRepairedDuration ?? [])
    let afterRepaired = Set(after?.keyframesWithRepairedDuration ?? [])
    var keyframes: [InertiaMotionDiff.KeyframeChange] = []
    for (o, n) in matching.pairs {
      let from = o.map { before!.keyframes[$0] }
      let to = n.map { after!.keyframes[$0] }
      let change = InertiaMotionDiff.KeyframeChange(
        status: o == nil ? .added : n == nil ? .removed : .changed,
        id: n.map { afterIDs[$0] } ?? o.map { beforeIDs[$0] } ?? nil,
        index: Change(o, n), time: Change(o.map { beforeTimes[$0] }, n.map { afterTimes[$0] }),
        duration: Change(from?.duration, to?.duration),
        repaired: Change(o.map { beforeRepaired.contains($0) }, n.map { afterRepaired.contains($0) }),
        values: poseChanges(from?.values, to?.values))
      if change.status != .changed || !change.values.isEmpty || change.index.isChanged
        || !same(change.time.before, change.time.after) || !same(change.duration.before, change.duration.after)
        || change.repaired.isChanged
      {
        keyframes.append(change)
      }
    }
    var hold: InertiaMotionDiff.Hold?
    if loop.isChanged, let after, !after.keyframes.isEmpty, after.playbackLength < end {
      hold = InertiaMotionDiff.Hold(track: name, from: after.playbackLength, until: Change(loop.before, loop.after))
    }
    return InertiaMotionDiff.TrackChange(
      initialValues: poseChanges(before?.initialValues, after?.initialValues), keyframes: keyframes,
      end: Change(before?.playbackLength, after?.playbackLength), hold: hold)
  }

  // MARK: Shapes

  /// The order a list of sibling shapes is drawn in: `bottom` ones, then `top` ones, each by `zIndex`, ties in
  /// file order. Indices into `shapes`.
  func drawnOrder(_ shapes: [InertiaShape]) -> [Int] {
    shapes.indices.sorted { a, b in
      let (x, y) = (shapes[a], shapes[b])
      let (first, second) = (x.position == .top ? 1 : 0, y.position == .top ? 1 : 0)
      if first != second { return first < second }
      if x.zIndex != y.zIndex { return x.zIndex < y.zIndex }
      return a < b
    }
  }

  /// Whether two lists of sibling shapes draw the same: the same shapes, field for field, in the same order.
  func drawsSame(_ before: [InertiaShape], _ after: [InertiaShape], nested: Bool) -> Bool {
    guard before.count == after.count else { return false }
    // Most shapes are as they were, ids and all (the model's equality is exact, which draws the same).
    if before == after { return true }
    for (o, n) in zip(drawnOrder(before), drawnOrder(after)) {
      let (a, b) = (before[o], after[n])
      // `zIndex` counts only through the order, which the pairing follows.
      let (drawnA, drawnB) = (fields(a, nested: nested), fields(b, nested: nested))
      guard a.position == b.position,
        drawnA.filter({ $0.0 != "zIndex" }).elementsEqual(drawnB.filter { $0.0 != "zIndex" }, by: same),
        a.transforms.playsSame(as: b.transforms),
        sameValue(a.vertices.map(MessagePackValue.array), b.vertices.map(MessagePackValue.array)),
        nested || shapeTrack(a).playsSamePoses(as: shapeTrack(b), until: end),
        drawsSame(a.shapes, b.shapes, nested: true)
      else { return false }
    }
    return true
  }

  /// A shape's own track, or one that stays at the identity pose for a shape without.
  func shapeTrack(_ shape: InertiaShape) -> InertiaAnimation {
    shape.animation ?? InertiaAnimation(id: "", initialValues: .identity, invokeType: .auto, keyframes: [])
  }

  /// The fields of a shape a diff names, other than `transforms` and `vertices`: its description's, then its own.
  func fields(_ shape: InertiaShape?, nested: Bool) -> [(String, InertiaMotionDiff.Value?)] {
    guard let shape else { return [] }
    let description = shape.shape
    func colour(_ colour: InertiaColour?) -> InertiaMotionDiff.Value {
      colour.map { .colour(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) } ?? .none
    }
    var list: [(String, InertiaMotionDiff.Value?)] = [
      ("type", description.map { .text($0.type.rawValue) } ?? InertiaMotionDiff.Value.none),
      ("width", description.map { .number($0.width) } ?? InertiaMotionDiff.Value.none),
      ("height", description.map { .number($0.height) } ?? InertiaMotionDiff.Value.none),
      ("fill", colour(description?.fill)),
      ("stroke", colour(description?.stroke)),
      ("strokeWidth", description.map { .number($0.strokeWidth) } ?? InertiaMotionDiff.Value.none),
      ("zIndex", .number(Double(shape.zIndex))),
      ("position", .text(shape.position.rawValue)),
      ("ownCanvas", .flag(shape.ownCanvas)),
    ]
    if !nested { list.append(("showsBeforeAnimation", .flag(shape.showsBeforeAnimation))) }
    return list
  }

  /// How the list of sibling shapes `before` became `after`.
  mutating func describe(
    _ before: [InertiaShape], _ beforeIDs: [MotionVersion.ShapeIDs], _ after: [InertiaShape],
    _ afterIDs: [MotionVersion.ShapeIDs], nested: Bool, animation: String?, path: [String?]
  ) -> [InertiaMotionDiff.ShapeChange] {
    let matching = IDMatching(beforeIDs.map(\.id), afterIDs.map(\.id))
    if matching.byPosition && !before.isEmpty && !after.isEmpty {
      positionMatches.append(
        InertiaMotionDiff.PositionMatch(
          list: .shapes, animation: animation, shapePath: path, idsMissing: matching.idsMissing))
    }
    // Drawn order among the shapes both versions have, so that one added or removed moves no other.
    let matchedBefore = Set(matching.pairs.compactMap { $0.old != nil && $0.new != nil ? $0.old : nil })
    let matchedAfter = Set(matching.pairs.compactMap { $0.old != nil && $0.new != nil ? $0.new : nil })
    func ranks(_ shapes: [InertiaShape], among kept: Set<Int>?) -> [Int: Int] {
      var ranks: [Int: Int] = [:]
      for index in drawnOrder(shapes) where kept?.contains(index) ?? true { ranks[index] = ranks.count }
      return ranks
    }
    let (beforeRanks, afterRanks) = (ranks(before, among: matchedBefore), ranks(after, among: matchedAfter))
    let (beforeAll, afterAll) = (ranks(before, among: nil), ranks(after, among: nil))
    var changes: [InertiaMotionDiff.ShapeChange] = []
    for (o, n) in matching.pairs {
      let a = o.map { before[$0] }
      let b = n.map { after[$0] }
      let ids = n.map { afterIDs[$0] } ?? beforeIDs[o!]
      var change = InertiaMotionDiff.ShapeChange(
        status: o == nil ? .added : n == nil ? .removed : .changed, id: ids.id, fields: [],
        drawnOrder: o != nil && n != nil
          ? Change(beforeRanks[o!], afterRanks[n!]) : Change(o.flatMap { beforeAll[$0] }, n.flatMap { afterAll[$0] }),
        track: nil, shapes: [])
      let (beforeFields, afterFields) = (fields(a, nested: nested), fields(b, nested: nested))
      for index in 0..<max(beforeFields.count, afterFields.count) {
        let name = index < afterFields.count ? afterFields[index].0 : beforeFields[index].0
        let (x, y) = (
          index < beforeFields.count ? beforeFields[index].1 : nil,
          index < afterFields.count ? afterFields[index].1 : nil
        )
        if change.status != .changed || !same(x, y) {
          change.fields.append(InertiaMotionDiff.FieldChange(name: name, before: x, after: y))
        }
      }
      change.fields += poseChanges(
        a?.transforms, b?.transforms, prefix: "transforms.", always: change.status != .changed)
      let (vertices, otherVertices) = (a?.vertices, b?.vertices)
      if change.status != .changed
        ? (vertices ?? otherVertices) != nil
        : !sameValue(vertices.map(MessagePackValue.array), otherVertices.map(MessagePackValue.array))
      {
        change.fields.append(
          InertiaMotionDiff.FieldChange(
            name: "vertices", before: a.map { $0.vertices.map { .vertices(count: $0.count) } ?? .none },
            after: b.map { $0.vertices.map { .vertices(count: $0.count) } ?? .none }))
      }
      let shapePath = path + [ids.id]
      let trackName = InertiaMotionDiff.TrackName(animation: animation, isShape: true, shape: ids.id)
      if !nested {
        switch (a?.animation, b?.animation) {
        case (nil, nil): break
        case (let x, let y):
          let beforeTrack = a.map(shapeTrack)
          let afterTrack = b.map(shapeTrack)
          if change.status != .changed || !beforeTrack!.playsSamePoses(as: afterTrack!, until: end) {
            let beforeKeyframes = o.flatMap { beforeIDs[$0].track?.keyframes } ?? []
            let afterKeyframes = n.flatMap { afterIDs[$0].track?.keyframes } ?? []
            change.track = describe(
              x == nil && change.status != .changed ? nil : beforeTrack, beforeKeyframes,
              y == nil && change.status != .changed ? nil : afterTrack, afterKeyframes, name: trackName,
              path: shapePath)
          }
        }
      }
      let (beforeChildren, afterChildren) = (a?.shapes ?? [], b?.shapes ?? [])
      if change.status != .changed || !drawsSame(beforeChildren, afterChildren, nested: true) {
        change.shapes = describe(
          beforeChildren, o.map { beforeIDs[$0].shapes } ?? [], afterChildren, n.map { afterIDs[$0].shapes } ?? [],
          nested: true, animation: animation, path: shapePath)
      }
      if change.status != .changed || !change.fields.isEmpty || change.drawnOrder.isChanged || change.track != nil
        || !change.shapes.isEmpty
      {
        changes.append(change)
      }
    }
    return changes
  }

  // MARK: Values

  /// The five values of two poses that differ, by name (`opacity`, `translate`), with `prefix` before each;
  /// every one of them when `always` is set or a side is missing.
  func poseChanges(
    _ before: InertiaAnimationValues?, _ after: InertiaAnimationValues?, prefix: String = "", always: Bool = false
  ) -> [InertiaMotionDiff.FieldChange] {
    guard before != nil || after != nil else { return [] }
    func values(_ pose: InertiaAnimationValues?) -> [InertiaMotionDiff.Value?] {
      guard let pose else { return [nil, nil, nil, nil, nil] }
      return [
        .number(pose.scale), .pair(pose.translate.width, pose.translate.height), .number(pose.rotate),
        .number(pose.rotateCenter), .number(pose.opacity),
      ]
    }
    let names = ["scale", "translate", "rotate", "rotateCenter", "opacity"]
    var changes: [InertiaMotionDiff.FieldChange] = []
    for (name, (x, y)) in zip(names, zip(values(before), values(after)))
    where always || before == nil || after == nil || !same(x, y) {
      changes.append(InertiaMotionDiff.FieldChange(name: prefix + name, before: x, after: y))
    }
    return changes
  }
}

/// Whether two numbers play the same: equal, or both NaN.
func same(_ a: Double?, _ b: Double?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?): return x == y || (x.isNaN && y.isNaN)
  default: return false
  }
}

/// Whether two values a diff shows are the same, numbers compared as ``same(_:_:)-(Double?,Double?)`` does.
func same(_ a: InertiaMotionDiff.Value?, _ b: InertiaMotionDiff.Value?) -> Bool {
  switch (a, b) {
  case (.number(let x)?, .number(let y)?): return same(x, y)
  case (.pair(let x1, let y1)?, .pair(let x2, let y2)?): return same(x1, x2) && same(y1, y2)
  case (.colour(let r1, let g1, let b1, let a1)?, .colour(let r2, let g2, let b2, let a2)?):
    return same(r1, r2) && same(g1, g2) && same(b1, b2) && same(a1, a2)
  default: return a == b
  }
}

private func same(_ a: (String, InertiaMotionDiff.Value?), _ b: (String, InertiaMotionDiff.Value?)) -> Bool {
  a.0 == b.0 && same(a.1, b.1)
}

/// Whether two values read the same to a runtime: numbers by value whatever their encoding (`1` and `1.0`, a
/// float32 and the float64 of the same value), a map's entries by key whatever their order (the first entry of
/// a repeated key counting), everything else as it is.
func sameValue(_ a: MessagePackValue?, _ b: MessagePackValue?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?):
    switch (x, y) {
    case (.array(let first), .array(let second)):
      return first.count == second.count && zip(first, second).allSatisfy { sameValue($0, $1) }
    case (.map(let first), .map(let second)):
      func byKey(_ entries: [MessagePackValue.MapEntry]) -> [(MessagePackValue, MessagePackValue)] {
        var seen: [MessagePackValue] = []
        var kept: [(MessagePackValue, MessagePackValue)] = []
        for entry in entries where !seen.contains(where: { sameValue($0, entry.key) }) {
          seen.append(entry.key)
          kept.append((entry.key, entry.value))
        }
        return kept
      }
      let (x, y) = (byKey(first), byKey(second))
      return x.count == y.count
        && x.allSatisfy { entry in y.contains { sameValue($0.0, entry.0) && sameValue($0.1, entry.1) } }
    default:
      if let first = x.doubleValue, let second = y.doubleValue {
        if case .int(let i) = x, case .int(let j) = y { return i == j }
        if case .uint(let i) = x, case .uint(let j) = y { return i == j }
        return same(first, second)
      }
      return x == y
    }
  default: return false
  }
}
