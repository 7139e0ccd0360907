/// The version both tools print for `--version`, and SARIF reports name.
package enum ToolVersion {
  package static let current = "0.1.0"
}
