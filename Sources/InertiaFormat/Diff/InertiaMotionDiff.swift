/// What plays differently between two versions of an animation file, in the terms of playback rather than of
/// bytes: keyframes that moved and where to, the loop, poses, `invokeType`, the runtime's repairs, shapes.
///
/// Every time comes from the library's playback model (``InertiaAnimation/playbackKeyframeTimes``,
/// ``InertiaLoop``, ``InertiaAnimation/playsSamePoses(as:until:)``), so a diff says what the timeline
/// (`to-svg --timeline`) and the lint rules say: times in seconds as the runtime plays them, with its 1 ms
/// repairs. Animations are matched by their view's id, keyframes and shapes by theirs, so a keyframe inserted,
/// removed or moved reads as that; where the ids of a list are missing or repeated, that list is matched by
/// position and ``positionMatches`` says so.
///
/// Only what plays differently is reported: a track is described when its poses differ somewhere in the
/// loop, an animation's shapes when what is drawn differs. Key order, `1` against `1.0`, the MessagePack
/// against the JSON form, a float32 against the float64 of the same value, ids of keyframes and shapes, and
/// fields no runtime reads, all play the same.
///
/// ```swift
/// let diff = try InertiaMotionDiff(
///   from: try IndexedDocument.read(oldBytes), to: try IndexedDocument.read(newBytes))
/// if diff.playsTheSame { print("the two play the same") }
/// ```
public struct InertiaMotionDiff: Sendable {
  /// The loop duration an app sets, which both versions were played at; `nil` when each plays at the one its
  /// container seeds from the file (``InertiaPlayback/loopDuration(of:)``, ``Loop/durationBefore`` and
  /// ``Loop/durationAfter``).
  public var loopDuration: Double?
  /// The loop before and after, and which track sets it.
  public var loop: Loop
  /// Each animation added, removed, or playing differently: the new file's order, then the removed ones in the
  /// old file's order.
  public var animations: [AnimationChange]
  /// The tracks that play as they did but hold their last pose for a different time, because the loop changed.
  public var holds: [Hold]
  /// The lists matched by position rather than by id, among those reported.
  public var positionMatches: [PositionMatch]
  /// Where each animation of either version is among ``animations``, in the order the diff reports them.
  package var rows: [Row]
  /// The old version.
  public let old: Version
  /// The new version.
  public let new: Version

  /// Whether the two versions play the same: the same loop, and no animation added, removed or changed.
  public var playsTheSame: Bool { !loop.isChanged && animations.isEmpty }
}

extension InertiaMotionDiff {
  /// A value before and after; `nil` on the side that does not have it (an added or removed thing).
  public struct Change<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The old version's value.
    public var before: Value?
    /// The new version's value.
    public var after: Value?

    /// A change from `before` to `after`.
    public init(_ before: Value?, _ after: Value?) {
      self.before = before
      self.after = after
    }

    /// Whether the two sides differ.
    public var isChanged: Bool { before != after }
  }

  /// Whether a thing was added, removed, or is in both versions and plays differently.
  public enum Status: String, Equatable, Sendable {
    /// Only in the new version.
    case added
    /// Only in the old version.
    case removed
    /// In both, matched by id (or by position), and different.
    case changed
  }

  /// The loop of each version: `max(loopDuration, longest track)` (``InertiaLoop``).
  public struct Loop: Equatable, Sendable {
    /// The old version's loop, in seconds.
    public var before: Double
    /// The new version's loop, in seconds.
    public var after: Double
    /// The track that stretches the old loop beyond the loop duration; `nil` when the loop duration sets it.
    public var setBefore: TrackName?
    /// The track that stretches the new loop; `nil` when the loop duration sets it.
    public var setAfter: TrackName?
    /// The loop duration the old version plays at: the app's, or the one the file seeds.
    public var durationBefore: Double
    /// The loop duration the new version plays at.
    public var durationAfter: Double

    /// Whether the loop's length changed.
    public var isChanged: Bool { before != after }
  }

  /// Names a track: a view's, or the own track of a shape that view holds.
  public struct TrackName: Equatable, Sendable {
    /// The id of the view (the animation object); `nil` when it has none.
    public var animation: String?
    /// Whether this is a shape's track rather than the view's own.
    public var isShape: Bool
    /// The shape's id, for a shape's track.
    public var shape: String?
  }

  /// One animation object added, removed, or playing differently.
  public struct AnimationChange: Sendable {
    /// Added, removed or changed.
    public var status: Status
    /// The view's id; `nil` when it has none.
    public var id: String?
    /// Which of the animations with this id it is (0 for the first), when the id is repeated.
    public var occurrence: Int?
    /// `invokeType` before and after, when it changed (or the one side's, for an added or removed animation).
    public var invokeType: Change<String>?
    /// The view's track, when its poses differ (every keyframe, for an added or removed animation).
    public var track: TrackChange?
    /// The shapes drawn against the view that were added, removed or draw differently.
    public var shapes: [ShapeChange]
  }

  /// How a track plays differently.
  public struct TrackChange: Sendable {
    /// The fields of `initialValues` that changed.
    public var initialValues: [FieldChange]
    /// Each keyframe added, removed, moved or changed, in the new track's order, then the removed ones.
    public var keyframes: [KeyframeChange]
    /// When the track's last keyframe plays (its playback length), before and after.
    public var end: Change<Double>
    /// How long the track holds its last pose at the end of the loop, when that changed.
    public var hold: Hold?
  }

  /// One keyframe added, removed, moved or changed.
  public struct KeyframeChange: Sendable {
    /// Added, removed or changed.
    public var status: Status
    /// The keyframe's id; `nil` when it has none.
    public var id: String?
    /// Its place in the track, from 0.
    public var index: Change<Int>
    /// When the runtime plays it: seconds into the loop (``InertiaAnimation/playbackKeyframeTimes``).
    public var time: Change<Double>
    /// Its `duration` as written.
    public var duration: Change<Double>
    /// Whether the runtime repairs its duration, playing it as 1 ms
    /// (``InertiaAnimation/keyframesWithRepairedDuration``).
    public var repaired: Change<Bool>
    /// The pose values that changed (all five for an added or removed keyframe).
    public var values: [FieldChange]

    /// Whether the keyframe plays at another time.
    public var isMoved: Bool { status == .changed && time.isChanged }
  }

  /// One field changed, named as the format names it: `opacity`, `translate`, `fill`, `transforms.scale`.
  public struct FieldChange: Equatable, Sendable {
    /// The field's name.
    public var name: String
    /// The old value; `nil` when there was none (an added thing).
    public var before: Value?
    /// The new value; `nil` when there is none (a removed thing).
    public var after: Value?
  }

  /// A field's value as a diff shows it.
  public enum Value: Equatable, Sendable {
    /// A number.
    case number(Double)
    /// A `translate` pair, `[x, y]`.
    case pair(Double, Double)
    /// A colour.
    case colour(red: Double, green: Double, blue: Double, alpha: Double)
    /// A string, such as a shape's `type` or `position`.
    case text(String)
    /// A boolean.
    case flag(Bool)
    /// No value: a colour, a shape description or a track that is absent.
    case none
    /// Hand-authored `vertices`, by how many there are.
    case vertices(count: Int)

    /// The colour as `#RRGGBB` (and `AA` when it is not opaque), each component clamped to 0…1 and rounded;
    /// `nil` for other values.
    public var hexColour: String? {
      guard case .colour(let red, let green, let blue, let alpha) = self else { return nil }
      func hex(_ component: Double) -> String {
        let byte = Int((min(max(component.isNaN ? 0 : component, 0), 1) * 255).rounded())
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
      }
      return "#" + hex(red) + hex(green) + hex(blue) + (alpha >= 1 ? "" : hex(alpha))
    }
  }

  /// One shape added, removed, or drawn differently.
  public struct ShapeChange: Sendable {
    /// Added, removed or changed.
    public var status: Status
    /// The shape's id; `nil` when it has none.
    public var id: String?
    /// The fields that changed (every field, for an added or removed shape): the description's `type`,
    /// `width`, `height`, `fill`, `stroke` and `strokeWidth`, and the shape's `zIndex`, `position`,
    /// `ownCanvas`, `showsBeforeAnimation` (on a shape a view holds directly), `transforms.FIELD` and
    /// `vertices`.
    public var fields: [FieldChange]
    /// Its place in the order its siblings are drawn in (by `position`, then `zIndex`, then file order), from 0.
    public var drawnOrder: Change<Int>
    /// Its own track, when its poses differ (shapes a view holds directly; nested shapes play none).
    public var track: TrackChange?
    /// The shapes inside it that were added, removed or draw differently.
    public var shapes: [ShapeChange]
  }

  /// A track that holds its last pose until the loop comes round, for a time that changed.
  public struct Hold: Equatable, Sendable {
    /// The track.
    public var track: TrackName
    /// When the hold starts: the track's end, in the new version.
    public var from: Double
    /// When it ends: the loop, before and after.
    public var until: Change<Double>
  }

  /// A list whose items were matched by position, because their ids are missing or repeated.
  public struct PositionMatch: Equatable, Sendable {
    /// What the list holds.
    public enum List: String, Equatable, Sendable {
      /// The file's animations (only those sharing a missing or repeated id are matched by position).
      case animations
      /// A track's keyframes.
      case keyframes
      /// An animation's shapes, or a shape's nested shapes.
      case shapes
    }
    /// What the list holds.
    public var list: List
    /// The animation it belongs to (for keyframes and shapes).
    public var animation: String?
    /// The ids of the shapes it is inside, outermost first: the shape whose track's keyframes, or whose nested
    /// shapes, these are.
    public var shapePath: [String?]
    /// Whether ids are missing (`true`), or only repeated (`false`).
    public var idsMissing: Bool
  }
}
