/// A stack on plain storage, without copy-on-write: pushing and popping check nothing but capacity, where
/// an `Array` would check on every push that its buffer is not shared. It grows by doubling, is moved,
/// never copied (`~Copyable`), and frees what is left on it when it goes.
///
/// The readers and writers keep their open containers on one, outermost first (the readers bound its depth
/// by ``DecodingLimits/maxDepth``); the tree reader keeps its values on another, a ``MessagePackValueStack``.
struct ContainerStack<Element>: ~Copyable {
  private var storage: UnsafeMutablePointer<Element>
  /// How many elements the stack holds before it grows.
  private(set) var capacity: Int
  /// How many elements are on the stack.
  private(set) var count = 0

  init(capacity: Int = 16) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  @inline(__always)
  mutating func push(_ element: consuming Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count &+= 1
  }

  /// Pushes an element when the caller knows the stack has room for it (`count < capacity`): no test.
  @inline(__always)
  mutating func pushWithinCapacity(_ element: consuming Element) {
    assert(count < capacity, "a push onto a full stack of \(capacity)")
    (storage + count).initialize(to: element)
    count &+= 1
  }

  /// Whether the stack is at its capacity: the next push grows it.
  var isFull: Bool {
    @inline(__always) get { count == capacity }
  }

  /// Takes the top element off.
  @inline(__always)
  mutating func pop() -> Element {
    count &-= 1
    return (storage + count).move()
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }

  /// A copy of the element at `index`, for error paths.
  subscript(index: Int) -> Element {
    storage[index]
  }

  /// The top element, read and changed where it lies: the stack must not be empty.
  var top: Element {
    @inline(__always) unsafeAddress {
      assert(count > 0, "the top of an empty stack")
      return UnsafePointer(storage + (count &- 1))
    }
    @inline(__always) nonmutating unsafeMutableAddress {
      assert(count > 0, "the top of an empty stack")
      return storage + (count &- 1)
    }
  }

  /// The elements, bottom first, and then `top`: the whole stack, for an error's path.
  func elements(then top: Element) -> [Element] {
    elements + [top]
  }

  /// The elements, bottom first: the whole stack, for an error's path.
  var elements: [Element] {
    Array(UnsafeBufferPointer(start: storage, count: count))
  }
}

/// The values a reader has read of every container it has open, innermost last.
///
/// An array or map being read is a slot on the stack holding its value, allocated as the container
/// opens, followed by the values read of it so far: its elements, or its keys and values in turn.
/// Reading a value is one store; closing a container moves its values off the top into the array or
/// map in its slot, which then is the top value. Containers are allocated in document order, as a
/// recursive reader would, so a tree is laid out in memory in the order it is walked and freed.
typealias MessagePackValueStack = ContainerStack<MessagePackValue>

extension ContainerStack where Element == MessagePackValue {
  /// Moves the values above `slot`, which holds an array, onto the end of that array.
  @inline(__always)
  mutating func closeArray(at slot: Int) {
    let values = storage + (slot &+ 1)
    let n = count &- (slot &+ 1)
    guard case .array(var elements) = (storage + slot).move() else { preconditionFailure("no array at \(slot)") }
    elements.reserveCapacity(elements.count &+ n)
    for i in 0..<n { elements.append((values + i).move()) }
    (storage + slot).initialize(to: .array(elements))
    count = slot &+ 1
  }

  /// Moves the keys and values above `slot`, which holds a map, onto the end of that map's entries.
  @inline(__always)
  mutating func closeMap(at slot: Int) {
    let values = storage + (slot &+ 1)
    let n = (count &- (slot &+ 1)) / 2
    guard case .map(var entries) = (storage + slot).move() else { preconditionFailure("no map at \(slot)") }
    entries.reserveCapacity(entries.count &+ n)
    for i in 0..<n {
      entries.append(MessagePackValue.MapEntry((values + 2 &* i).move(), (values + (2 &* i &+ 1)).move()))
    }
    (storage + slot).initialize(to: .map(entries))
    count = slot &+ 1
  }
}
