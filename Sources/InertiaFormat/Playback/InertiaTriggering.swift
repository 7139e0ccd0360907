/// When a container's animations start: the scenario a preview or a sample of a file plays, since nothing in a
/// file says when an app calls `trigger(_:)`.
///
/// Every scenario but ``idle`` starts the container's clock at 0, when its first view registers. The SwiftUI
/// runtime then starts every `auto` animation at once (`registerHierarchyIdPrefix` → `startAutoAnimations`,
/// Sources/Inertia/Inertia.swift:929-939 and 624-656 at e310d13); Compose starts each as its own view registers,
/// React when the file arrives. A `trigger` animation waits at its initial values until the app triggers it;
/// the scenarios here trigger the ones they name at 0 too, on the clock the `auto` ones started (or on an idle
/// clock, which then starts), so each plays one whole loop from the start and then holds its final frame.
///
/// What they do not model is a trigger that arrives later, while `auto` animations already run: the runtime
/// does not restart the clock for it (`guard clock == nil`, Inertia.swift:786-800), so such a track joins the
/// run in progress, from the current playhead, and holds from the next time the loop comes round.
public enum InertiaTriggering: Hashable, Sendable {
  /// Every animation started at 0: `auto` ones as their views register, and every `trigger` one triggered then.
  case all
  /// `auto` animations start at 0; of the `trigger` ones, only those with these ids are triggered at 0, and
  /// the others wait at their initial values.
  case only(Set<String>)
  /// The container before its clock starts: nothing runs, `auto` animations included; every view at its
  /// initial values and every shape that waits for the run (`showsBeforeAnimation: false`) hidden.
  case idle

  /// Nothing started yet: ``idle``.
  public static let none = InertiaTriggering.idle

  /// Whether `animation` is started at 0 in this scenario: an `auto` one unless the clock is ``idle``; a
  /// `trigger` one when this scenario triggers its id.
  public func starts(_ animation: InertiaAnimation) -> Bool {
    switch (self, animation.invokeType) {
    case (.idle, _): false
    case (_, .auto), (.all, .trigger): true
    case (.only(let ids), .trigger): ids.contains(animation.id)
    }
  }
}
