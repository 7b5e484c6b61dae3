import RiveCore
import RiveFormat

extension RiveFile {
  /// The parsed file, once its bytes have arrived (package access for `RiveExport`'s
  /// recordings, which read its runtime graph).
  package var loadedFile: LoadedFile? { store.loaded }
}
