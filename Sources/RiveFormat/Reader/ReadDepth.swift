/// How much of a file the reader builds.
public enum ReadDepth: Sendable, Hashable {
  /// Header and assets only; everything else is skipped by its wire type (the fast path).
  case assets
  /// Assets, artboards, animations, state machines, view models and enums, with the checks the
  /// official runtime makes when it resolves artboards and state-machine layers.
  case structure
}
