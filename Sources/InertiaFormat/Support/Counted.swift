/// `1 byte`, `2 bytes`: a count and its noun, for messages.
package func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
