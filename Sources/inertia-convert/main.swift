// inertia-convert: converts .inertia animation files between MessagePack and their JSON form.
// The command lives in the InertiaTool target, where tests run it in-process.

import InertiaTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(ConvertCommand.main())
