import InertiaFormat

extension AppProject {
  /// The app of a rule's example, as a folder walk (or, with a target bundle, a build plugin) would see it,
  /// without its markers: each source read by its language's finder, each animation file with its ids at
  /// `/N/id` (offset N), a `Package.swift` among the paths making its folder a package.
  /// - Throws: ``SourceLexFailure`` for a source that does not lex (an example must).
  package init(example: AppExample, settings: LintSettings = .default) throws(SourceLexFailure) {
    let paths = example.sources.map(\.path) + example.otherFiles
    let packageRoots = paths.filter { Self.fileName(of: $0) == "Package.swift" }.map { path in
      path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
    }
    var sources: [AppSource] = []
    for source in example.sources {
      guard let language = SourceLanguage(fileName: source.path) else { continue }
      let text = Example.removingMarkers(from: source.text).text
      let uses = try AppSourceUses.find(in: Array(text.utf8), language: language).get()
      sources.append(
        AppSource(
          path: source.path, language: language, uses: uses,
          packageTarget: SwiftPackageLayout.targetFolder(of: source.path, packageRoots: packageRoots),
          settings: settings))
    }
    let files = example.animationFiles.map { file in
      let animations = file.ids.enumerated().map { index, marked in
        let id = Example.removingMarkers(from: marked).text
        return AnimationFile.Animation(
          id: id, pointer: JSONPointer([.index(index), .key("id")]),
          subject: JSONPointer([.key(id), .key("id")]).description, offset: index)
      }
      return AnimationFile(
        path: file.path, fileName: Self.fileName(of: file.path), animations: animations,
        decoding: file.decodes ? .decodes : .fails("schema at offset 0"),
        packageTarget: SwiftPackageLayout.targetFolder(of: file.path, packageRoots: packageRoots))
    }
    let json = (example.animationFiles.map(\.path) + example.otherFiles).filter { $0.hasSuffix(".json") }
    self.init(
      bundling: example.targetBundle.flatMap(TargetBundle.init(rawValue:)).map(Bundling.target) ?? .folder,
      sources: sources, animationFiles: files, jsonFiles: json)
  }

  /// Where the markers of an example's app are: `PATH offset N` for one in a source, `PATH POINTER` for
  /// one before an animation's id; what ``findingPlaces(_:)`` gives its findings.
  package static func markedPlaces(in example: AppExample) -> [String] {
    var places: [String] = []
    for source in example.sources {
      places += Example.removingMarkers(from: source.text).offsets.map { "\(source.path) offset \($0)" }
    }
    for file in example.animationFiles {
      for (index, id) in file.ids.enumerated() where id.hasPrefix(Example.marker) {
        places.append("\(file.path) \(JSONPointer([.index(index), .key("id")]))")
      }
    }
    return places.sorted()
  }

  /// The places of app findings, as ``markedPlaces(in:)`` names them.
  package static func findingPlaces(_ findings: [Finding]) -> [String] {
    findings.map { $0.pointer.isRoot ? "\($0.file) offset \($0.offset)" : "\($0.file) \($0.pointer)" }.sorted()
  }
}
