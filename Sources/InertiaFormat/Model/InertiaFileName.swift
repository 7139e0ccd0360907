/// How a container's id and its animation file's name relate.
///
/// The container's id is the file's name: `InertiaContainer(id: "animation", …)` loads `animation.inertia`,
/// and `<InertiaContainer id="animation" baseURL=…>` fetches `…/animation.inertia`.
public enum InertiaFileName {
  /// The extension of an animation file: `inertia`.
  public static let fileExtension = "inertia"

  /// The container id a file serves: its name without directories and without a final `.inertia` (or
  /// `.json`, the documented JSON form's) extension. `animation.inertia` and `Resources/animation.json`
  /// both give `animation`; a name with any other extension is kept whole.
  public static func containerID(forFileName fileName: String) -> String {
    let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
    for suffix in [".\(fileExtension)", ".json"] where name.hasSuffix(suffix) && name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    return name
  }

  /// The file a container with `containerID` loads: `animation` gives `animation.inertia`.
  public static func fileName(forContainerID containerID: String) -> String {
    "\(containerID).\(fileExtension)"
  }
}
