import TestSupport

/// Golden SVG files under `Tests/PreviewTests/Snapshots/`, as for the lint snapshots.
let snapshots = SnapshotFolder(besideSupportOf: #filePath)
