/// The open containers of an iterative reader or writer, outermost first.
///
/// Plain storage without copy-on-write: pushing and popping check nothing but capacity, where an
/// `Array` would check on every push that its buffer is not shared. It grows by doubling; the readers
/// bound its depth by ``DecodingLimits/maxDepth``.
struct ContainerStack<Element: BitwiseCopyable>: ~Copyable {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// How many containers are on the stack.
  private(set) var count = 0

  init() {
    capacity = 16
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deallocate()
  }

  @inline(__always)
  mutating func push(_ element: Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count &+= 1
  }

  @inline(__always)
  mutating func pop() -> Element {
    count &-= 1
    return storage[count]
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.initialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }

  /// The containers, outermost first, and then `top`: the whole stack, for an error's path.
  func elements(then top: Element) -> [Element] {
    Array(UnsafeBufferPointer(start: storage, count: count)) + [top]
  }
}
