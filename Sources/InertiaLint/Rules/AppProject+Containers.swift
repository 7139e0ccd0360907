import InertiaFormat

/// What the app rules read of the containers an app's code makes, and where each finds its file.
/// Runtime lines are those of `hpennington/Inertia` (`Sources/Inertia/Inertia.swift`) at e310d13,
/// `hpennington/inertia-compose` (`lib/src/main/kotlin/org/example/Library.kt`) at ffa3007 and
/// `hpennington/inertia-react` (`src/index.tsx`) at b856a0b.
extension AppProject {
  /// A container the code makes with a literal id.
  struct Container {
    let source: AppSource
    let use: InertiaUse
    let arguments: InertiaUse.ContainerArguments
    let id: String
    /// How it runs.
    let mode: Mode
  }

  /// How a container runs, by its `dev`.
  enum Mode: Equatable {
    /// `dev: true`: it takes its animations from the editor, and loads no file.
    case editor
    /// `dev: false`: it loads its file, and never dials the editor.
    case bundle
    /// `dev` is an expression: either, by build or at run time.
    case either
  }

  /// The containers with a literal id whose `dev` says how they run, in source order.
  var containers: [Container] {
    sources.flatMap { source in
      source.uses.compactMap { use -> Container? in
        guard case .container(let arguments) = use.kind, case .literal(let id) = use.id,
          let mode = Self.mode(arguments.dev, in: source.language)
        else { return nil }
        return Container(source: source, use: use, arguments: arguments, id: id, mode: mode)
      }
    }
  }

  /// How a container with `dev` runs in `language`: `nil` when the code does not say (a Kotlin call
  /// without `dev` does not compile, and is not the runtime's).
  static func mode(_ dev: InertiaUse.DevArgument, in language: SourceLanguage) -> Mode? {
    switch dev {
    case .literal(let value): return value ? .editor : .bundle
    case .expression: return .either
    case .absent:
      // React's `if (dev)` takes a missing `dev` for false (index.tsx:1214); so does the fixtures' reading of
      // a SwiftUI call the finder matched without one.
      return language == .kotlin ? nil : .bundle
    }
  }

  /// Where a container looks for its file, as far as the app seen can tell.
  enum FileLookup {
    /// The files it may load (`ID.inertia`), one or more.
    case found([AnimationFile])
    /// None: where it looks holds no `ID.inertia` (but these `ID.json` files, when any).
    case missing(jsonForms: [String])
    /// It looks somewhere the app seen does not show (the app's main bundle, for a package target's
    /// container that does not pass `bundle: .module`; a bundle given as an expression, in a build target).
    case unknown
  }

  /// Where `container`'s file is.
  func lookup(_ container: Container) -> FileLookup {
    let name = container.id + "." + InertiaFileName.fileExtension
    let json = container.id + ".json"
    switch bundling {
    case .folder:
      let found = animationFiles(named: name)
      return found.isEmpty ? .missing(jsonForms: jsonFiles(named: json)) : .found(found)
    case .target(let bundle):
      guard container.source.language == .swift, Self.bundle(of: container) == bundle else { return .unknown }
      let found = animationFiles(named: name).filter(\.isInertiaFile)
      return found.isEmpty ? .missing(jsonForms: jsonFiles(named: json)) : .found(found)
    }
  }

  /// The bundle a SwiftUI container reads from, when its code names one: `Bundle.main` by default
  /// (Inertia.swift:991-992) and always for the modifier (2589).
  static func bundle(of container: Container) -> TargetBundle? {
    switch container.arguments.bundle {
    case .absent, .main: return .main
    case .module: return .module
    case .other: return nil
    }
  }

  /// `where` a container looks, for messages: "under the folders linted" or "among the target's resources".
  var whereBundled: String {
    switch bundling {
    case .folder: return "under the folders linted"
    case .target: return "among the target's resources"
    }
  }
}

extension AppProject.Container {
  /// How the container gets its file, for messages: `loads x.inertia from Bundle.module`.
  var loads: String {
    let name = "\(id).\(InertiaFileName.fileExtension)"
    switch source.language {
    case .swift:
      switch arguments.bundle {
      case .absent, .main: return "loads \(name) from Bundle.main"
      case .module: return "loads \(name) from Bundle.module"
      case .other: return "loads \(name) from its bundle"
      }
    case .kotlin: return "loads \(name) from the app's assets"
    case .javaScript, .typeScript, .typeScriptJSX: return "fetches \(name) from its baseURL"
    }
  }
}

extension SourceLanguage {
  /// The runtime a source in this language uses.
  var runtime: String {
    switch self {
    case .swift: "SwiftUI"
    case .kotlin: "Compose"
    case .javaScript, .typeScript, .typeScriptJSX: "React"
    }
  }
}

extension AppProject.Container {
  /// The container as the code writes it, for messages: `InertiaContainer(dev: false, id: "x")`.
  var written: String {
    let dev: String
    switch arguments.dev {
    case .literal(let value): dev = "\(value)"
    case .expression: dev = "…"
    case .absent: dev = ""
    }
    let bundle: String
    switch arguments.bundle {
    case .absent: bundle = ""
    case .main: bundle = "bundle: .main, "
    case .module: bundle = "bundle: .module, "
    case .other: bundle = "bundle: …, "
    }
    switch (source.language, arguments.form) {
    case (.swift, .modifier): return ".inertiaContainer(dev: \(dev), id: \"\(id)\")"
    case (.swift, .container): return "InertiaContainer(\(bundle)dev: \(dev), id: \"\(id)\")"
    case (.kotlin, _): return "InertiaContainer(dev = \(dev), id = \"\(id)\")"
    default:
      let devAttribute = arguments.dev == .absent ? "" : " dev={\(dev)}"
      return "<InertiaContainer id=\"\(id)\"\(devAttribute)>"
    }
  }
}

extension AppProject {
  /// The names of the files (`ID.inertia`) a SwiftUI container in `sources` may load: those whose decoding
  /// the rules read (``AnimationFile/decoding``), which whoever reads the files works out for these only.
  package static func namesOfFilesSwiftUILoads(_ sources: [AppSource]) -> Set<String> {
    let project = AppProject(bundling: .folder, sources: sources, animationFiles: [], jsonFiles: [])
    var names: Set<String> = []
    for container in project.containers where container.source.language == .swift && container.mode != .editor {
      names.insert("\(container.id).\(InertiaFileName.fileExtension)")
    }
    return names
  }

  /// What the app rules read: `sources`, with the uses among them whose id is not a literal (which no rule
  /// checks) counted, and `unreadable` sources that could not be read.
  package static func appCode(_ sources: [AppSource], unreadable: Int) -> LintReport.AppCode {
    LintReport.AppCode(
      sources: sources.count,
      uncheckedIDs: sources.reduce(0) { count, source in count + source.uses.count { $0.id == .dynamic } },
      unreadableSources: unreadable)
  }
}
