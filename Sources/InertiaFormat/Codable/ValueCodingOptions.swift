/// What the value-tree encoder and decoder need to know from the public coder that made them.
struct ValueCodingOptions {
  /// How `Data` is written.
  enum DataForm {
    /// As MessagePack binary.
    case binary
    /// As a base64 string, as Foundation's `JSONEncoder` writes it; JSON has no binary type.
    case base64
  }

  var dataForm: DataForm
  var userInfo: [CodingUserInfoKey: Any]

  /// Options with the caller's `userInfo`, to which the unknown-field policy is added.
  init(
    dataForm: DataForm, userInfo: [CodingUserInfoKey: any Sendable], unknownFieldPolicy: InertiaUnknownFieldPolicy
  ) {
    self.dataForm = dataForm
    var info = userInfo.mapValues { $0 as Any }
    info[.inertiaUnknownFieldPolicy] = unknownFieldPolicy
    self.userInfo = info
  }
}
