import TestSupport

@testable import InertiaFormat

/// One animation with three keyframes, and the versions of it the merge tests make by changing a
/// keyframe's duration or opacity: as JSON text and as canonical MessagePack.
struct AnimationVersion {
  /// Each keyframe's duration, as JSON text (`"2"`, `"0.5"`, `{"$float64": "NaN"}`).
  var durations = ["0", "1", "2"]
  /// Each keyframe's opacity, as JSON text.
  var opacities = ["1", "1", "1"]

  /// The document as (extended) JSON text.
  var json: String {
    let keyframes = (0..<3).map { index in
      """
      {"id": "K\(index)", "duration": \(durations[index]), "values": {"scale": 1, "translate": [0.\(index), 0], \
      "rotate": 0, "rotateCenter": 0, "opacity": \(opacities[index])}}
      """
    }
    return """
      [{"id": "card0", "invokeType": "trigger", \
      "initialValues": {"scale": 1, "translate": [0, 0], "rotate": 0, "rotateCenter": 0, "opacity": 1}, \
      "keyframes": [\(keyframes.joined(separator: ", "))]}]
      """
  }

  /// The document as canonical MessagePack.
  var messagePack: [UInt8] { try! Converter.toMessagePack(json: Array(json.utf8), extended: true) }

  /// The document as the pretty plain JSON `to-json` writes.
  var prettyJSON: [UInt8] { try! Converter.toJSON(messagePack: messagePack) }

  /// This version with keyframe `index`'s duration set to `text`.
  func duration(_ index: Int, _ text: String) -> AnimationVersion {
    var changed = self
    changed.durations[index] = text
    return changed
  }

  /// This version with keyframe `index`'s opacity set to `text`.
  func opacity(_ index: Int, _ text: String) -> AnimationVersion {
    var changed = self
    changed.opacities[index] = text
    return changed
  }
}
