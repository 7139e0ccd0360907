import InertiaFormat
import InertiaLint

/// One thing to lint: a file, or standard input.
package struct LintInput: Sendable, Equatable {
  /// The path as findings name it: as given on the command line, or a folder given joined with the names
  /// found under it.
  package let path: String
  /// Where to read it from (the path as given, from the working directory: the kernel resolves links and
  /// `..`); `nil` for standard input.
  package let readPath: String?
  /// The file's own name, whose stem is its container id; `nil` for unnamed standard input.
  package let fileName: String?
  /// Where the kernel finds it (links and `..` resolved), when it was worked out.
  package var physicalPath: String?
  /// Which configuration applies to it (an index into ``ConfigurationResolver/applied``).
  package var configuration = 0
  /// Whether `readPath` named a regular file itself when it was found, not a symbolic link (as a folder's
  /// listing or `lstat` told): `--fix` replaces it without looking it up again, and refuses to if it has
  /// become anything else by then.
  package var namesRegularFile = false
  /// Which file it is (device and inode), as discovery found it; `nil` for standard input.
  package var fileID: FileID?

  /// Whether a folder walk found it (not named on the command line): the app rules check the app's code
  /// against the animation files walks found.
  package var foundByWalk = false

  /// Whether this is standard input rather than a file.
  package var isStandardInput: Bool { readPath == nil }
}

/// An app source a folder walk found, for the app rules to read.
package struct AppSourceInput: Sendable, Equatable {
  /// The path as findings name it (as a walk names the files it finds).
  package let path: String
  /// Where to read it from.
  package let readPath: String
  /// Where the kernel finds it.
  package let physicalPath: String
  /// Its language, by its extension.
  package let language: SourceLanguage
  /// Which configuration applies to it.
  package let configuration: Int
}
