import Testing
@testable import InertiaFormat
