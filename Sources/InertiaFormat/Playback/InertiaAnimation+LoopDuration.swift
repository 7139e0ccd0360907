// TEMPORARY: the one place the playback model reads an animation's `loopDuration`, until the typed model
// (branch `runtime`) stores it as a property of `InertiaAnimation`. The merge replaces the body of
// `writtenLoopDuration` with that property and leaves everything else alone.

extension InertiaAnimation {
  /// The `loopDuration` the animation object carries, as written: `nil` when the key is absent, `nil`, or not
  /// a number. (The SwiftUI runtime decodes it with `decodeIfPresent`, so absent and `nil` read alike; a
  /// string there is a decode error the `schema` rule reports, and reads as absent here.)
  ///
  /// Read from ``unknownFields`` for now: the typed model does not store the key yet.
  public var writtenLoopDuration: Double? {
    for entry in unknownFields where entry.key.stringValue == "loopDuration" {
      return entry.value.doubleValue
    }
    return nil
  }
}
