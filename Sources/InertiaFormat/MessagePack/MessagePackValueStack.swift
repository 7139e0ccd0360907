/// The values a reader has read of every container it has open, innermost last.
///
/// An array or map being read is a slot on the stack holding its value, allocated as the container
/// opens, followed by the values read of it so far: its elements, or its keys and values in turn.
/// Reading a value is one store; closing a container moves its values off the top into the array or
/// map in its slot, which then is the top value. Containers are allocated in document order, as a
/// recursive reader would, so a tree is laid out in memory in the order it is walked and freed.
///
/// The stack is moved, never copied (`~Copyable`), and frees what is left on it when it goes.
struct MessagePackValueStack: ~Copyable {
  private var storage: UnsafeMutablePointer<MessagePackValue>
  private var capacity: Int
  /// How many values are on the stack.
  private(set) var count = 0

  init() {
    capacity = 256
    storage = .allocate(capacity: capacity)
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  @inline(__always)
  mutating func push(_ value: consuming MessagePackValue) {
    if count == capacity { grow() }
    (storage + count).initialize(to: value)
    count &+= 1
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<MessagePackValue>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }

  /// A copy of the value at `index`, for error paths.
  subscript(index: Int) -> MessagePackValue {
    storage[index]
  }

  /// Takes the top value off.
  mutating func pop() -> MessagePackValue {
    count &-= 1
    return (storage + count).move()
  }

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
