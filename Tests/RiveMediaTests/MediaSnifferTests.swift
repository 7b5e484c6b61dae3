import Foundation
import RiveMedia
import RiveTestSupport
import Testing

extension DecodingTests {
  /// Telling formats apart by their magic bytes.
  @Suite struct MediaSnifferTests {
    static let cases: [([UInt8], MediaFormat?)] = [
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], .image(.png)),
      ([0xFF, 0xD8, 0xFF, 0xE0], .image(.jpeg)),
      (Array("RIFF\u{1}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .image(.webp)),
      (Array("GIF87a".utf8), .image(.gif)),
      (Array("GIF89a".utf8), .image(.gif)),
      ([0x00, 0x01, 0x00, 0x00, 0x00, 0x10], .font(.trueType)),
      (Array("true".utf8), .font(.trueType)),
      (Array("OTTO".utf8), .font(.openType)),
      (Array("ttcf".utf8), .font(.collection)),
      (Array("wOFF".utf8), .font(.woff)),
      (Array("wOF2".utf8), .font(.woff2)),
      (Array("RIFF\u{1}\u{0}\u{0}\u{0}WAVEfmt ".utf8), .audio(.wav)),
      (Array("fLaC".utf8), .audio(.flac)),
      (Array("OggS".utf8), .audio(.ogg)),
      (Array("ID3".utf8) + [4, 0], .audio(.mp3)),
      ([0xFF, 0xFB, 0x90, 0x64], .audio(.mp3)),  // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz
      ([0xFF, 0xF3, 0x40, 0xC4], .audio(.mp3)),  // MPEG-2 Layer III
      ([0xFF, 0xFD, 0x90, 0x64], nil),  // Layer II
      ([0xFF, 0xFB, 0xF0, 0x64], nil),  // bad bitrate index
      ([0xFF, 0xD8], nil),  // too short for JPEG
      (Array("RIFF\u{1}\u{0}\u{0}\u{0}AVI ".utf8), nil),
      (Array("<svg".utf8), nil),
      ([], nil),
    ]

    @Test(arguments: cases)
    func sniffs(bytes: [UInt8], expected: MediaFormat?) {
      #expect(MediaSniffer.sniff(bytes) == expected)
      #expect(MediaSniffer.sniff(Data(bytes)) == expected)
      #expect(MediaSniffer.sniff(bytes)?.kind == expected?.kind)
      if case .image(let format)? = expected {
        #expect(ImageFormat.sniff(bytes) == format)
      } else {
        #expect(ImageFormat.sniff(bytes) == nil)
      }
    }

    @Test(SharedCorpus.requirement)
    func corpusFilesSniffAsTheirExtensions() throws {
      let expectations: [(String, MediaFormat)] = [
        ("1.webp", .image(.webp)), ("1x1_jpg.jpg", .image(.jpeg)), ("bad.png", .image(.png)),
        ("OpenSans-Italic.ttf", .font(.trueType)), ("what.wav", .audio(.wav)),
      ]
      for (name, format) in expectations {
        #expect(MediaSniffer.sniff(try #require(Corpus.bytes(name))) == format, "\(name)")
      }
    }

    @Test func descriptionsNameTheFormat() {
      #expect(MediaFormat.image(.webp).description == "WebP")
      #expect(MediaFormat.font(.collection).description == "font collection")
      #expect(MediaFormat.audio(.mp3).description == "MP3")
      #expect(MediaFormat.audio(.ogg).kind == .audio)
    }
  }
}
