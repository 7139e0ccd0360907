extension InertiaAnimationValues {
  /// The pose `progress` of the way from this one to `target`, each of the five values mixed by the same
  /// fraction: 0 gives this pose's values, 1 gives `target`'s.
  ///
  /// `progress` is a fraction of the way, not of the time: a track's pose between two keyframes is this
  /// pose at ``InertiaPlayback/eased(_:)`` of the fraction of the segment's time gone by
  /// (``InertiaAnimation/pose(atLoopTime:)``). The result carries no unknown fields.
  public func interpolated(to target: InertiaAnimationValues, progress: Double) -> InertiaAnimationValues {
    func mix(_ a: Double, _ b: Double) -> Double { progress == 0 ? a : progress == 1 ? b : a + (b - a) * progress }
    return InertiaAnimationValues(
      scale: mix(scale, target.scale),
      translate: Translate(
        width: mix(translate.width, target.translate.width), height: mix(translate.height, target.translate.height)),
      rotate: mix(rotate, target.rotate),
      rotateCenter: mix(rotateCenter, target.rotateCenter),
      opacity: mix(opacity, target.opacity))
  }

  /// The five values alone: the same pose without unknown fields.
  public var valuesOnly: InertiaAnimationValues {
    InertiaAnimationValues(
      scale: scale, translate: translate, rotate: rotate, rotateCenter: rotateCenter, opacity: opacity)
  }

  /// Whether all five values are finite numbers. A runtime builds the view's transform from them, so a NaN or
  /// an infinity makes the view vanish.
  public var isFinite: Bool {
    scale.isFinite && translate.width.isFinite && translate.height.isFinite && rotate.isFinite
      && rotateCenter.isFinite && opacity.isFinite
  }
}
