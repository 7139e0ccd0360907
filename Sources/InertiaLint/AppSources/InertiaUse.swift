/// A place in an app source: a byte offset, and the 1-based line and column (in Unicode scalars, as
/// editors count) the one ``LineIndex`` of the package gives for it.
package struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The byte offset.
  package var offset: Int
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in Unicode scalars.
  package var column: Int

  /// `line:column`.
  package var description: String { "\(line):\(column)" }
}

/// One use of an Inertia runtime found in app code: a container, a tagged view, a playback call, a mention
/// of `InertiaViewModel`, an assignment to `loopDuration`. What the rules check app code by.
///
/// Found only in code, never in a comment or a string; only in a source that imports the runtime; and only
/// in the forms the runtimes' own signatures give (the finders' documentation names each, with the line of
/// the runtime that defines it). A use whose id is not a literal is still reported, with ``ID/dynamic``,
/// so that it can be counted as unchecked.
package struct InertiaUse: Equatable, Sendable {
  /// What the use is.
  package enum Kind: Equatable, Sendable {
    /// A container: `InertiaContainer(dev:id:hierarchyId:)`, `.inertiaContainer(…)`, Compose's
    /// `InertiaContainer(dev, id, hierarchyId)`, React's `<InertiaContainer>`.
    case container(ContainerArguments)
    /// A view tagged with an animation id: `.inertia("card0")`, `Inertia(id = "card0")`,
    /// `<Inertia id="card0">`.
    case tag
    /// A playback call naming an animation id: `trigger`, `cancel`, `restart`, `isCancelled`.
    case playback(PlaybackMethod)
    /// A mention of SwiftUI's `InertiaViewModel`, whose playback methods do nothing.
    case viewModel
    /// An assignment to the playback handle's `loopDuration`.
    case loopDuration(LoopDuration)
  }

  /// A playback method that takes an animation id.
  package enum PlaybackMethod: String, Equatable, Sendable, CaseIterable {
    case trigger, cancel, restart, isCancelled
  }

  /// The animation or container id a use names.
  package enum ID: Equatable, Sendable {
    /// A string literal, as the program sees it (escapes decoded).
    case literal(String)
    /// An expression, an interpolated string or a literal the finder does not decode (a multi-line one):
    /// not known before run time, and not checked.
    case dynamic
    /// No id argument at all (`InertiaViewModel` and `loopDuration` uses, and a JSX element without `id`).
    case absent
  }

  /// A container's `dev` argument.
  package enum DevArgument: Equatable, Sendable {
    /// `true` or `false`, spelled out (in JSX, `dev` alone is `true`, and a quoted value is what JavaScript
    /// makes of it: true unless empty).
    case literal(Bool)
    /// An expression whose value is not known before run time (`dev: AppEnvironment.isEditor`), or an
    /// argument list the runtime's signature does not match.
    case expression
    /// No `dev` at all. SwiftUI's and Compose's containers have no default for it (`Inertia.swift:993`,
    /// `Library.kt:3683`), so such a call does not compile; React's `dev` is required by its type
    /// (`index.tsx:7`) but in JavaScript is `undefined`, which the container treats as false
    /// (`if (dev)`, `index.tsx:1214`).
    case absent
  }

  /// A SwiftUI container's `bundle` argument: where it looks for `ID.inertia`.
  package enum BundleArgument: Equatable, Sendable {
    /// No `bundle:`: `Bundle.main`, the default (`Inertia.swift:992`); also the modifier form, which has
    /// no `bundle` parameter (`Inertia.swift:2589`), and every Compose and React container.
    case absent
    /// `.main` or `Bundle.main`.
    case main
    /// `.module` or `Bundle.module`: a Swift package target's resources.
    case module
    /// Another expression.
    case other
  }

  /// How a container is written.
  package enum ContainerForm: Equatable, Sendable {
    /// `InertiaContainer(…) { … }`, `InertiaContainer(…)` in Compose, `<InertiaContainer …>`.
    case container
    /// SwiftUI's modifier `.inertiaContainer(dev:id:hierarchyId:)`.
    case modifier
  }

  /// What a container's arguments say.
  package struct ContainerArguments: Equatable, Sendable {
    /// `dev`.
    package var dev: DevArgument
    /// Where `dev`'s value is, when there is one.
    package var devPosition: SourcePosition?
    /// `bundle` (SwiftUI only).
    package var bundle: BundleArgument
    /// The call's form.
    package var form: ContainerForm
  }

  /// An assignment's value: a number literal, or something else.
  package enum LoopDuration: Equatable, Sendable {
    /// A number literal (with its sign), in seconds.
    case literal(Double)
    /// Anything else.
    case expression
  }

  /// What the use is.
  package var kind: Kind
  /// The id it names.
  package var id: ID
  /// Where the use is: the name that makes it one (`InertiaContainer`, `inertia` of `.inertia(`, `trigger`,
  /// `Inertia` of `<Inertia`, `InertiaViewModel`, `loopDuration`).
  package var position: SourcePosition
  /// Where the id's argument starts (the literal's opening quote), when there is one.
  package var idPosition: SourcePosition?
  /// Whether the use is compiled only in builds that define `DEBUG` (Swift's `#if DEBUG`; always `false` in
  /// Kotlin and JavaScript, which have no conditional compilation).
  package var isDebugOnly = false
}
