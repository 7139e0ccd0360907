/// Who writes a file. Every file a command writes goes through the one output plan (``OutputPlan``),
/// which is told the writer's role: the plan refuses, before anything is read or written, a target that
/// is one of the run's inputs however it is named, and two results to one file. The class tests enumerate
/// the writers from this table, so a writer added later is checked by adding its case.
package enum OutputRole: String, CaseIterable, Sendable {
  /// `inertia-convert to-json` and `to-msgpack` with `-o FILE`.
  case convertOutput
  /// `inertia-convert to-json` and `to-msgpack` with `--out-dir DIR`: each result in `DIR`.
  case convertOutDir
  /// `inertia-convert to-json` and `to-msgpack` with several inputs and neither: each result beside its input.
  case convertBeside
  /// `inertia-convert to-svg -o FILE`.
  case svgOutput
  /// `inertia-convert to-svg --out-dir DIR`.
  case svgOutDir
  /// `inertia-convert to-svg` with several inputs and neither `-o` nor `--out-dir`.
  case svgBeside
  /// `inertia-convert merge BASE OURS THEIRS`: the result replaces OURS.
  case mergeResult
  /// `inertia-convert diff -o FILE OLD NEW`: the report.
  case diffOutput
  /// `inertia-lint --output-file FILE`: the report.
  case lintReport
  /// `inertia-lint --write-baseline FILE`.
  case lintBaseline
  /// `inertia-lint --fix`: each file fixed, replaced where it is.
  case lintFix

  /// How a command line asks for this writer.
  package enum Request: Equatable, Sendable {
    /// The option that names its file or folder.
    case option(String)
    /// Several inputs, without an option naming where their results go: each goes beside its input.
    case severalInputs
    /// The writer replaces one of its own inputs, which is what it is for: the option that asks for it, or
    /// `nil` when the command always does (`merge`).
    case inPlace(option: String?)
  }

  /// The commands that have this writer (`to-json` and `to-msgpack` share theirs).
  package var commands: [ToolCommand] {
    switch self {
    case .convertOutput, .convertOutDir, .convertBeside: return [.toJSON, .toMessagePack]
    case .svgOutput, .svgOutDir, .svgBeside: return [.toSVG]
    case .mergeResult: return [.merge]
    case .diffOutput: return [.diff]
    case .lintReport, .lintBaseline, .lintFix: return [.lint]
    }
  }

  /// How a command line asks for it.
  package var request: Request {
    switch self {
    case .convertOutput, .svgOutput, .diffOutput: return .option("--output")
    case .convertOutDir, .svgOutDir: return .option("--out-dir")
    case .convertBeside, .svgBeside: return .severalInputs
    case .mergeResult: return .inPlace(option: nil)
    case .lintReport: return .option("--output-file")
    case .lintBaseline: return .option("--write-baseline")
    case .lintFix: return .inPlace(option: "--fix")
    }
  }

  /// Whether its target is the input it replaces (the plan then refuses only another input there).
  package var replacesItsInput: Bool {
    if case .inPlace = request { return true }
    return false
  }
}
