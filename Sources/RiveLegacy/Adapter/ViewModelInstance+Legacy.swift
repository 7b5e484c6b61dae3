import RiveConcurrency
import RiveCore
import RiveFormat

extension ViewModelInstance {
  /// A legacy view-model instance seen through the current API: both read and write one set
  /// of values (a value set through either is read by both; streams, listeners and dirty
  /// streams follow changes made through either).
  ///
  /// Useful while a code base is half migrated: keep the legacy instance a `RiveViewModel`
  /// auto-bound, and use the current API's property types on it.
  ///
  /// - Parameters:
  ///   - instance: The legacy instance.
  ///   - worker: The worker whose ``File`` the result reports as its file.
  @MainActor
  public convenience init(_ instance: RiveDataBindingViewModel.Instance, worker: Worker) {
    self.init(file: File(loaded: instance.node.file, worker: worker), node: instance.node)
  }
}
