import InertiaFormat

extension LintContext {
  /// The played tracks that run longer than `limit` seconds, each with its `keyframes` array (where a
  /// finding about its length goes) and its played length: what `loop-stretched` looks for against the
  /// loop, and `track-beyond-editor-range` against the editor's timeline.
  func playedTracks(
    longerThan limit: Double
  ) -> [(track: DocumentOutline.Track, keyframes: IndexedDocument.Node, length: Double)] {
    outline.tracks.compactMap { track in
      guard track.isPlayed, let keyframes = track.keyframesArray, track.timing.isLonger(than: limit) else {
        return nil
      }
      return (track, keyframes, track.timing.playedLength)
    }
  }
}
