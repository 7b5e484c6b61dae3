import RiveCore
import RiveFormat

/// The human-readable form of `inspect`: an asset table and a structure tree.
enum InspectText {
  static func render(_ report: RiveImportReport, path: String, byteCount: Int) -> String {
    var lines: [String] = []
    var title = "\(path) (\(byteCount) bytes"
    if let header = report.header {
      title += ", format \(header.majorVersion).\(header.minorVersion), file id \(header.fileID)"
    }
    lines.append(title + ")")
    guard report.importResult == .success else {
      lines.append("  import failed: \(report.importResult.rawValue)")
      return lines.joined(separator: "\n")
    }
    lines.append("")
    if report.assets.isEmpty {
      lines.append("Assets: none")
    } else {
      lines.append("Assets (\(report.assets.count)):")
      let header = ["#", "kind", "unique filename", "storage", "bytes", "size", "cdn uuid"]
      let rows = report.assets.map { asset -> [String] in
        var size = ""
        if let width = asset.width, let height = asset.height {
          size = "\(formatted(width))×\(formatted(height))"
        }
        return [
          String(asset.index), asset.kind.description, asset.uniqueFilename, asset.storage.rawValue,
          asset.contents.map { String($0.count) } ?? "-", size,
          asset.cdnUUIDString.isEmpty ? "-" : asset.cdnUUIDString,
        ]
      }
      lines += table(header: header, rows: rows).map { "  " + $0 }
    }
    lines.append("")
    lines.append("Artboards (\(report.artboards.count)):")
    for artboard in report.artboards {
      lines.append(
        "  \(quoted(artboard.name)) \(formatted(artboard.width))×\(formatted(artboard.height))")
      for animation in artboard.animations {
        lines.append(
          "    animation \(quoted(animation.name)): \(animation.duration) frames at "
            + "\(animation.fps) fps, \(animation.loop)")
      }
      for machine in artboard.stateMachines {
        var line = "    state machine \(quoted(machine.name)): \(machine.layerCount) layers, "
        line += "\(machine.listenerCount) listeners"
        if machine.isSynthetic { line += " (added by the runtime)" }
        lines.append(line)
        for input in machine.inputs {
          var text = "      input \(quoted(input.name)): \(input.kindName)"
          switch input.kind {
          case .boolean(let value): text += " = \(value)"
          case .number(let value): text += " = \(formatted(value))"
          case .trigger: break
          }
          lines.append(text)
        }
      }
    }
    lines.append("")
    lines.append("View models (\(report.viewModels.count)):")
    for viewModel in report.viewModels {
      lines.append("  \(quoted(viewModel.name))")
      for property in viewModel.properties {
        var text = "    property \(quoted(property.name)): \(property.dataType.rawValue)"
        if let enumName = property.enumName { text += " (\(quoted(enumName)))" }
        lines.append(text)
      }
      for instance in viewModel.instances {
        var text = "    instance \(quoted(instance.name))"
        let references = instance.assetReferences.compactMap { reference -> String? in
          guard let index = reference.assetIndex, report.assets.indices.contains(index),
            viewModel.properties.indices.contains(reference.propertyIndex)
          else { return nil }
          return "\(viewModel.properties[reference.propertyIndex].name) → "
            + report.assets[index].uniqueName
        }
        if !references.isEmpty { text += ": " + references.joined(separator: ", ") }
        lines.append(text)
      }
    }
    return lines.joined(separator: "\n")
  }

  static func quoted(_ text: String) -> String { "\"\(text)\"" }

  static func formatted(_ value: Float) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
  }

  static func table(header: [String], rows: [[String]]) -> [String] {
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    return [line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
