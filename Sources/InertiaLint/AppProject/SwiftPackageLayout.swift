/// Which Swift package target a file is in, by SwiftPM's layout: a package's targets are the folders
/// `Sources/NAME` and `Tests/NAME` beside its `Package.swift`, and a target's files that are not sources
/// are its resources, which SwiftPM puts in `Bundle.module` (a file it does not handle, one the manifest
/// neither declares nor excludes, is only warned about, and shipped nowhere).
///
/// Paths only: the folder walk knows where the `Package.swift` files are. A target the manifest places
/// elsewhere (`path:`) is not known, and neither is a resource the manifest excludes: the build plugin,
/// which SwiftPM tells each target's files, is exact where this is not.
package enum SwiftPackageLayout {
  /// The folders that hold a package's targets.
  static let targetFolders = ["Sources", "Tests"]

  /// The target folder (`ROOT/Sources/NAME`) of the file at `path` (absolute, or relative like the roots),
  /// under the nearest of `packageRoots` (the folders that hold a `Package.swift`) above it; `nil` for a
  /// file in no package's target folder.
  package static func targetFolder(of path: String, packageRoots: [String]) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    var best: (root: String, depth: Int)?
    for root in packageRoots {
      let rootComponents = root.split(separator: "/", omittingEmptySubsequences: false)
      let depth = root.isEmpty ? 0 : rootComponents.count
      guard depth < components.count - 2, root.isEmpty || components.starts(with: rootComponents) else { continue }
      if best.map({ depth > $0.depth }) ?? true { best = (root, depth) }
    }
    guard let (root, depth) = best, targetFolders.contains(String(components[depth])) else { return nil }
    let target = components[depth...depth + 1].joined(separator: "/")
    return root.isEmpty ? target : root + "/" + target
  }
}
