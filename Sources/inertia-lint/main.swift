// inertia-lint: checks .inertia animation files against what the runtimes do with them, and fixes them.
// The command lives in the InertiaTool target, where tests run it in-process.

import InertiaTool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(LintCommand.main())
