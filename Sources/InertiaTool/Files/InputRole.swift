/// Who reads a file. Every read of the tools goes through one opener (``FileIO/withCheckedContents(of:as:maxSize:_:)``)
/// and names its role there, so that one rule decides what may be read, and the class tests enumerate the
/// readers from this table (a reader added later is covered by adding its case, which they switch over).
///
/// The rule: a file is read only when it is a regular file. A device, a FIFO or a socket is a one-line
/// error before anything is read (a FIFO is opened without waiting for a writer), except standard input
/// (`-`) and, where the user names them on the command line, the paths that name a stream themselves:
/// `/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N` (what a shell's `<(…)` gives) and `/dev/null` (what git
/// gives a diff driver for an added or deleted file). A stream is read with the same size limit as a file.
/// A file named by a configuration or found by a walk is never read as a stream, whatever its name.
package enum InputRole: String, CaseIterable, Sendable {
  /// `inertia-convert to-json` and `to-msgpack`: each FILE.
  case convertInput
  /// `inertia-convert to-svg`: each FILE.
  case svgInput
  /// `inertia-convert textconv FILE`.
  case textconvInput
  /// `inertia-convert merge BASE OURS THEIRS`: each of the three.
  case mergeSide
  /// A merge's own scratch files (`git merge-file`'s result and messages), which it made itself.
  case mergeScratch
  /// `inertia-convert diff OLD NEW`: each of the two (git passes `/dev/null` for a side that has no file).
  case diffSide
  /// `inertia-lint`: each file named or found by a walk.
  case lintInput
  /// `--config FILE` (of `inertia-lint` and `to-svg`).
  case namedConfiguration
  /// A `.inertia-lint.json` found in a folder or above it.
  case foundConfiguration
  /// `inertia-lint --baseline FILE`.
  case namedBaseline
  /// The baseline a configuration's `baseline` names.
  case configuredBaseline
  /// A `.gitignore`, or `.git/info/exclude`, met by a walk.
  case gitIgnore
  /// An app's source (Swift, Kotlin, JavaScript, TypeScript) for the app rules: found by a walk, or named
  /// after `--` with `--app-target` by the build plugins, which name files in the package; never a stream.
  case appSource

  /// The commands whose command lines name such a file, each with the option that names it (`nil`: an
  /// operand); none for a file a run finds or makes itself.
  package var namedBy: [(command: ToolCommand, option: String?)] {
    switch self {
    case .convertInput: return [(.toJSON, nil), (.toMessagePack, nil)]
    case .svgInput: return [(.toSVG, nil)]
    case .textconvInput: return [(.textconv, nil)]
    case .mergeSide: return [(.merge, nil)]
    case .diffSide: return [(.diff, nil)]
    case .lintInput: return [(.lint, nil)]
    case .namedConfiguration: return [(.lint, "--config"), (.toSVG, "--config")]
    case .namedBaseline: return [(.lint, "--baseline")]
    case .mergeScratch, .foundConfiguration, .configuredBaseline, .gitIgnore, .appSource: return []
    }
  }

  /// Whether the user names the file on the command line, where a path that names a stream is read as one.
  package var isNamedByUser: Bool { !namedBy.isEmpty }

  /// Whether `path` names a stream by itself (see the type's rule): `/dev/stdin`, `/dev/fd/N`,
  /// `/proc/self/fd/N` or `/dev/null`.
  package static func namesStream(_ path: String) -> Bool {
    guard path.utf8.starts(with: "/dev/".utf8) || path.utf8.starts(with: "/proc/self/fd/".utf8) else { return false }
    if path == "/dev/stdin" || path == "/dev/null" { return true }
    for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
      let number = path.utf8.dropFirst(prefix.utf8.count)
      return !number.isEmpty && number.count <= 9 && number.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    return false
  }
}
