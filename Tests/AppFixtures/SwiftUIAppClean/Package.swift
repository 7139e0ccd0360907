// swift-tools-version:5.9
// The clean twin of ../SwiftUIApp: the same SwiftUI app with its planted defects removed. The app rules
// find nothing here (expectations.json).
import PackageDescription

let package = Package(
  name: "FixtureApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [.package(url: "https://github.com/hpennington/Inertia", branch: "main")],
  targets: [
    .executableTarget(name: "App", dependencies: ["Inertia"], resources: [.process("Resources")])
  ]
)
