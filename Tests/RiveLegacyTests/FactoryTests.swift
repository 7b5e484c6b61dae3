import Foundation
import RiveCore
import RiveFormat
import RiveLegacy
import RiveTestSupport
import Testing

@Suite("RiveFactory and decoded types", SharedCorpus.requirement)
struct FactoryTests {
  @Test func renderImageFromEmptyDataIsNil() {
    #expect(RiveRenderImage(data: Data()) == nil)
  }

  @Test func renderImageFromIncompatibleDataIsNil() {
    #expect(RiveRenderImage(data: Data([1, 2, 3, 4, 5, 6, 7, 8])) == nil)
  }

  @Test(arguments: ["1x1_jpg.jpg", "1x1_png.png"])
  func renderImageFromCompatibleData(_ name: String) throws {
    let image = try #require(RiveRenderImage(data: Corpus.data(name)))
    #expect(!image.isEmpty)
    #expect(image.width == 1 && image.height == 1)
  }

  @Test func decodeImageNeverNilButSaysWhyItIsEmpty() throws {
    let factory = RiveFactory()
    let empty = factory.decodeImage(Data([1, 2, 3]))
    #expect(empty.isEmpty)
    #expect(empty.decodingError != nil)
    let good = factory.decodeImage(try Corpus.data("1.webp"))
    #expect(!good.isEmpty)
    #expect(good.decodingError == nil)
  }

  @Test func decodeFontFromDataAndFromSystemFont() throws {
    let factory = RiveFactory()
    let font = factory.decodeFont(try Corpus.data("OpenSans-Italic.ttf"))
    #expect(!font.isEmpty)
    #expect(font.familyName == "Open Sans")
    let bad = factory.decodeFont(Data("not a font".utf8))
    #expect(bad.isEmpty)
    #expect(bad.decodingError != nil)
    let system = try #require(factory.decodeFont(SystemFont.systemFont(ofSize: 12)))
    #expect(!system.isEmpty)
    #expect(factory.decodeFont(SystemFont(name: "No Such Family Zzyzx", size: 12)) == nil)
  }

  @Test func decodeAudio() throws {
    let factory = RiveFactory()
    let audio = try #require(factory.decodeAudio(Data(try Fixtures.wav())))
    #expect(!audio.isEmpty)
    let bad = try #require(factory.decodeAudio(Data([0, 1, 2])))
    #expect(bad.isEmpty)
    #expect(bad.decodingError != nil)
  }
}
