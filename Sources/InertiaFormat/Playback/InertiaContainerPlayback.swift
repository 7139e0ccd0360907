/// A file as a container plays it: its animations, which of them have been triggered, and the loop, so that
/// anyone can ask where a view or a shape is at a moment of the loop without drawing anything.
///
/// Every triggered track plays from the start of the loop, on one clock; shape tracks play with the animation
/// that holds them. The loop is ``InertiaPlayback/loopLength(loopDuration:animations:)``: the loop duration,
/// stretched by any longer track (waiting tracks count too: the runtime measures every track it holds).
///
/// ```swift
/// let playback = InertiaContainerPlayback(animations: animations)
/// playback.pose(of: "card0", atLoopTime: 1.2)?.translate   // where card0 is 1.2 s in
/// ```
public struct InertiaContainerPlayback: Sendable {
  /// The file's animations, in file order.
  public var animations: [InertiaAnimation]
  /// The loop duration the runtime holds: 3 s unless the editor or (on SwiftUI) the app sets another.
  public var loopDuration: Double
  /// Which animations have been triggered.
  public var triggering: InertiaTriggering

  /// A container playing `animations`.
  public init(
    animations: [InertiaAnimation], loopDuration: Double = InertiaPlayback.defaultLoopDuration,
    triggering: InertiaTriggering = .all
  ) {
    self.animations = animations
    self.loopDuration = loopDuration
    self.triggering = triggering
  }

  /// How long one loop lasts: `max(loopDuration, longest track)`, with repaired durations.
  public var loopLength: Double {
    InertiaPlayback.loopLength(loopDuration: loopDuration, animations: animations)
  }

  /// Whether the animation at `index` (and the tracks of its shapes) plays, or waits to be triggered.
  public func isPlaying(_ index: Int) -> Bool {
    triggering.isTriggered(animations[index].id)
  }

  /// The pose of the view of the animation at `index`, `loopTime` seconds into the loop: the track's pose when
  /// it plays (``InertiaAnimation/pose(atLoopTime:)``), its initial values while it waits.
  public func pose(ofAnimationAt index: Int, atLoopTime loopTime: Double) -> InertiaAnimationValues {
    let animation = animations[index]
    return isPlaying(index) ? animation.pose(atLoopTime: loopTime) : animation.initialValues.valuesOnly
  }

  /// The pose of the first animation with `id`, `loopTime` seconds into the loop; `nil` when none has it.
  public func pose(of id: String, atLoopTime loopTime: Double) -> InertiaAnimationValues? {
    animations.firstIndex { $0.id == id }.map { pose(ofAnimationAt: $0, atLoopTime: loopTime) }
  }

  /// The pose of the own track of the shape `shapeIndex` of the animation at `index`, `loopTime` seconds into
  /// the loop: it plays when the animation does and otherwise waits at its initial values. `nil` for a shape
  /// without a track.
  public func trackPose(
    ofShapeAt shapeIndex: Int, inAnimationAt index: Int, atLoopTime loopTime: Double
  ) -> InertiaAnimationValues? {
    guard let track = animations[index].shapes[shapeIndex].animation else { return nil }
    return isPlaying(index) ? track.pose(atLoopTime: loopTime) : track.initialValues.valuesOnly
  }

  /// Whether the shape `shapeIndex` of the animation at `index` is drawn: a backdrop
  /// (`showsBeforeAnimation`, the default) always is; any other only while its animation plays. Nested shapes
  /// appear and disappear with the top-level shape they are drawn inside.
  public func isShown(shapeAt shapeIndex: Int, inAnimationAt index: Int) -> Bool {
    animations[index].shapes[shapeIndex].showsBeforeAnimation || isPlaying(index)
  }
}
