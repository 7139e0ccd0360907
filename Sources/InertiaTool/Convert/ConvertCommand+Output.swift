import InertiaFormat

extension ConvertCommand {
  /// The most of a whole converted output that one `write(2)` hands to the kernel: 64 KiB.
  ///
  /// Linux caches a file's data in folios as large as each write allows (up to 2 MiB on ext4 and XFS
  /// since 6.x), and a large folio needs a free block of its size. On a virtual machine that reports
  /// its free memory to the host (virtio-balloon free page reporting, as Firecracker and cloud hosts
  /// run it), free blocks of 128 KiB and more are the ones the host has taken back, and the first
  /// store to each of their pages waits for the host to supply it again. There, writing a 27 MB
  /// output in one call took 12 to 210 ms (bimodal, by whether the host had taken the blocks back
  /// yet), and in 64 KiB calls 11 to 28 ms, at the cost of some 400 more system calls (about 1 ms).
  /// MessagePack to JSON, streamed a megabyte at a time, keeps its chunks as they are.
  static let outputPieceSize = 64 << 10

  /// Hands `bytes` to `write` in order, in pieces of at most ``outputPieceSize`` bytes.
  static func inPieces<Failure: Error>(
    _ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var start = 0
    while start < bytes.count {
      let end = min(start + outputPieceSize, bytes.count)
      try write(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
      start = end
    }
  }
}
