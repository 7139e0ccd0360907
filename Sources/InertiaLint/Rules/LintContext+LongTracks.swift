import InertiaFormat

extension LintContext {
  /// The played tracks that run longer than `limit` seconds, each with its `keyframes` array (where a
  /// finding about its length goes) and its played length: what `loop-stretched` looks for against the
  /// loop, and `track-beyond-editor-range` against the editor's timeline.
  ///
  /// Found as the caller iterates, with no array made for them (most files have one or two).
  func playedTracks(
    longerThan limit: Double
  ) -> some Sequence<(track: DocumentOutline.Track, keyframes: IndexedDocument.Node, length: Double)> {
    outline.tracks.lazy.compactMap { track in
      guard track.isPlayed, let keyframes = track.keyframesArray, track.timing.isLonger(than: limit) else {
        return nil
      }
      return (track, keyframes, track.timing.playedLength)
    }
  }
}
