/// How a container's id and its animation file's name relate.
///
/// The container's id is the file's name: `InertiaContainer(id: "animation", …)` loads `animation.inertia`,
/// and `<InertiaContainer id="animation" baseURL=…>` fetches `…/animation.inertia`.
public enum InertiaFileName {
  /// The extension of an animation file: `inertia`.
  public static let fileExtension = "inertia"

  /// The extensions ``containerID(forFileName:)`` takes off: `.inertia` (``fileExtension``) and `.json`.
  private static let extensions: [StaticString] = [".inertia", ".json"]

  /// The container id a file serves: its name without directories and without a final `.inertia` (or
  /// `.json`, the documented JSON form's) extension. `animation.inertia` and `Resources/animation.json`
  /// both give `animation`; a name with any other extension is kept whole.
  public static func containerID(forFileName fileName: String) -> String {
    // On the UTF-8 bytes, in place (the linter asks for every file): `/` and the extensions are ASCII, so
    // every cut falls between characters.
    var fileName = fileName
    return fileName.withUTF8 { utf8 in
      let start = (utf8.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
      var end = utf8.count
      for suffix in extensions where end - start > suffix.utf8CodeUnitCount {
        let count = suffix.utf8CodeUnitCount
        if (0..<count).allSatisfy({ utf8[end - count + $0] == suffix.utf8Start[$0] }) {
          end -= count
          break
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<end]), as: UTF8.self)
    }
  }

  /// The file a container with `containerID` loads: `animation` gives `animation.inertia`.
  public static func fileName(forContainerID containerID: String) -> String {
    "\(containerID).\(fileExtension)"
  }
}
