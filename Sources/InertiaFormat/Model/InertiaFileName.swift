/// How a container's id and its animation file's name relate.
///
/// The container's id is the file's name: `InertiaContainer(id: "animation", …)` loads `animation.inertia`,
/// and `<InertiaContainer id="animation" baseURL=…>` fetches `…/animation.inertia`.
public enum InertiaFileName {
  /// The extension of an animation file: `inertia`.
  public static let fileExtension = "inertia"

  /// The extensions ``containerID(forFileName:)`` takes off.
  private static let extensions = [".\(fileExtension)", ".json"]

  /// The container id a file serves: its name without directories and without a final `.inertia` (or
  /// `.json`, the documented JSON form's) extension. `animation.inertia` and `Resources/animation.json`
  /// both give `animation`; a name with any other extension is kept whole.
  public static func containerID(forFileName fileName: String) -> String {
    // On the UTF-8 bytes: `/` and the extensions are ASCII, so every cut falls between characters.
    let utf8 = fileName.utf8
    let start = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
    let name = fileName[start...]
    for suffix in extensions where name.utf8.count > suffix.utf8.count {
      if name.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
        return String(name.utf8.dropLast(suffix.utf8.count))!
      }
    }
    return String(name)
  }

  /// The file a container with `containerID` loads: `animation` gives `animation.inertia`.
  public static func fileName(forContainerID containerID: String) -> String {
    "\(containerID).\(fileExtension)"
  }
}
