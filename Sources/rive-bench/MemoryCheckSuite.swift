import CRiveAllocationCounter
import Foundation
import RiveReliabilitySupport

/// `rive-bench memory CHECK [FILE]`: runs one of the hostile inputs the limit and corruption
/// tests bound (``HostileMemoryCheck``) in this process, under the allocation counter, and
/// prints what it found, the bytes it asked the heap for, how much the live heap grew and
/// its peak over the start.
/// The tests run it in a process of its own: measured beside suites allocating in parallel,
/// the figures moved with them.
enum MemoryCheckSuite {
  static func run(arguments: [String]) -> Int32 {
    guard let name = arguments.first, let check = HostileMemoryCheck(rawValue: name) else {
      let names = HostileMemoryCheck.allCases.map(\.rawValue).joined(separator: "|")
      FileHandle.standardError.write(
        Data("usage: rive-bench memory \(names) [FILE]\n".utf8))
      return 2
    }
    var input: Data?
    if arguments.count > 1 {
      guard let data = FileManager.default.contents(atPath: arguments[1]) else {
        FileHandle.standardError.write(Data("memory: cannot read \(arguments[1])\n".utf8))
        return 1
      }
      input = data
    }
    guard CRiveAllocationCounter_isAvailable() else {
      FileHandle.standardError.write(Data("memory: heap counting is unavailable here\n".utf8))
      return 1
    }
    CRiveAllocationCounter_start()
    let found = check.run(input: input)
    let counts = CRiveAllocationCounter_stop()
    guard let found else {
      FileHandle.standardError.write(Data("memory: \(name) did not go as expected\n".utf8))
      return 1
    }
    print("found: \(found)")
    print("requested: \(counts.bytes) bytes")
    print("heap growth: \(counts.netBytes) bytes")
    print("heap peak: \(counts.peakNetBytes) bytes")
    return 0
  }
}
