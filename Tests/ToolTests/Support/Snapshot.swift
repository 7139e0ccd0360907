import TestSupport

/// Golden files for command output, under `Tests/ToolTests/Snapshots/`.
let snapshots = SnapshotFolder(besideSupportOf: #filePath)
