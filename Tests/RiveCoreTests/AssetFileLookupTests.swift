import RiveFormat
import Testing

@testable import RiveCore

@Suite("AssetFileLookup")
struct AssetFileLookupTests {
  private func asset(_ kind: RiveDocument.Asset.Kind, _ name: String, id: UInt32)
    -> RiveDocument.Asset
  {
    RiveDocument.Asset(index: 0, kind: kind, name: name, assetID: id, storedAssetID: id)
  }

  @Test("an image: unique name with every image extension, then the name as is and extended")
  func image() {
    let names = AssetFileLookup.candidateFileNames(for: asset(.image, "photo.jpg", id: 42))
    #expect(
      names == [
        "photo-42.png", "photo-42.jpg", "photo-42.jpeg", "photo-42.webp", "photo.jpg",
        "photo.jpg.png", "photo.jpg.jpg", "photo.jpg.jpeg", "photo.jpg.webp",
      ])
  }

  @Test("a font and an audio clip use their kinds' extensions, official first")
  func fontAndAudio() {
    #expect(
      AssetFileLookup.candidateFileNames(for: asset(.font, "Inter", id: 7)) == [
        "Inter-7.ttf", "Inter-7.otf", "Inter-7.ttc", "Inter", "Inter.ttf", "Inter.otf",
        "Inter.ttc",
      ])
    #expect(
      AssetFileLookup.candidateFileNames(for: asset(.audio, "beep.wav", id: 3)) == [
        "beep-3.wav", "beep-3.mp3", "beep-3.flac", "beep-3.ogg", "beep.wav", "beep.wav.wav",
        "beep.wav.mp3", "beep.wav.flac", "beep.wav.ogg",
      ])
  }

  @Test("a blob has only its official extension; an empty name adds nothing")
  func blobAndEmptyName() {
    #expect(
      AssetFileLookup.candidateFileNames(for: asset(.blob, "table", id: 1)) == [
        "table-1.blob", "table", "table.blob",
      ])
    #expect(AssetFileLookup.candidateFileNames(for: asset(.image, "", id: 5)).first == "-5.png")
    #expect(!AssetFileLookup.candidateFileNames(for: asset(.image, "", id: 5)).contains(""))
  }

  @Test("the list has no duplicates")
  func noDuplicates() {
    let names = AssetFileLookup.candidateFileNames(for: asset(.image, "x-1", id: 1))
    #expect(Set(names).count == names.count)
  }
}
