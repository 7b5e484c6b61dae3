import Foundation
import RiveFormat
import RiveMedia

extension RiveImportReport {
  /// The report as one JSON object with the field names and meanings of the official runtime's
  /// reference reports (`header`, `import_result`, `assets_offered`, `file_assets`, `artboards`,
  /// `view_models`), so the two can be compared field by field.
  ///
  /// - Parameters:
  ///   - fileName: The value of the `file` field.
  ///   - data: The file's bytes, for `size` and `sha256`.
  /// - Returns: The report as an object with ordered keys.
  public func jsonValue(fileName: String, data: Data) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("file", .string(fileName)),
      ("size", .integer(Int64(data.count))),
      ("sha256", .string(SHA256.hash(data).hexString)),
    ]
    if let header {
      pairs.append(
        (
          "header",
          .object([
            ("major", .integer(Int64(clamping: header.majorVersion))),
            ("minor", .integer(Int64(clamping: header.minorVersion))),
            ("file_id", .integer(Int64(clamping: header.fileID))),
          ])
        ))
    } else {
      pairs.append(("header", .null))
    }
    pairs.append(("import_result", .string(importResult.rawValue)))
    if let error {
      pairs.append(("error", .string(error.description)))
    }
    pairs.append(
      (
        "assets_offered",
        .array(
          offeredAssets.map { offered in
            var fields = RiveImportReport.assetFields(
              offered.asset, kindName: offered.kindName, typeKey: offered.typeKey)
            fields.append(("in_band_bytes", .integer(Int64(offered.contents?.count ?? 0))))
            fields.append(
              ("in_band_sha256", offered.contents.map { .string($0.sha256.hexString) } ?? .null))
            return .object(fields)
          })
      ))
    guard importResult == .success else { return .object(pairs) }
    pairs.append(
      (
        "file_assets",
        .array(
          assets.map {
            .object(
              RiveImportReport.assetFields(
                $0, kindName: $0.kind.description, typeKey: $0.kind.typeKey))
          })
      ))
    pairs.append(("artboards", .array(artboards.map(RiveImportReport.artboardValue))))
    pairs.append(("view_models", .array(viewModels.map(RiveImportReport.viewModelValue))))
    return .object(pairs)
  }

  static func assetFields(
    _ asset: RiveDocument.Asset, kindName: String, typeKey: UInt32
  )
    -> [(String, JSONValue)]
  {
    let fileExtension = kindName == "manifest" ? "man" : asset.fileExtension
    let uniqueName = asset.uniqueName
    var fields: [(String, JSONValue)] = [
      ("kind", .string(kindName)),
      ("core_type", .integer(Int64(typeKey))),
      ("name", .string(asset.name)),
      ("unique_name", .string(uniqueName)),
      ("unique_filename", .string("\(uniqueName).\(fileExtension)")),
      ("file_extension", .string(fileExtension)),
      ("asset_id", .integer(Int64(asset.assetID))),
      ("cdn_uuid", .string(asset.cdnUUIDString)),
      ("cdn_base_url", .string(asset.cdnBaseURL)),
    ]
    if let width = asset.width, let height = asset.height {
      fields.append(("width", .number(Double(width))))
      fields.append(("height", .number(Double(height))))
    }
    return fields
  }

  static func artboardValue(_ artboard: RiveDocument.Artboard)
    -> JSONValue
  {
    .object([
      ("name", .string(artboard.name)),
      ("width", .number(Double(artboard.width))),
      ("height", .number(Double(artboard.height))),
      (
        "animations",
        .array(
          artboard.animations.map { animation in
            .object([
              ("name", .string(animation.name)),
              ("fps", .integer(Int64(animation.fps))),
              ("duration", .integer(Int64(animation.duration))),
              ("speed", .number(Double(animation.speed))),
              ("loop", .string(animation.loop.description)),
              ("loop_value", .integer(Int64(animation.loopValue))),
              ("work_start", .integer(Int64(animation.workStart))),
              ("work_end", .integer(Int64(animation.workEnd))),
              ("enable_work_area", .bool(animation.enableWorkArea)),
            ])
          })
      ),
      (
        "state_machines",
        .array(
          artboard.stateMachines.map { machine in
            .object([
              ("name", .string(machine.name)),
              ("layer_count", .integer(Int64(machine.layerCount))),
              ("listener_count", .integer(Int64(machine.listenerCount))),
              ("synthetic", .bool(machine.isSynthetic)),
              ("inputs", .array(machine.inputs.map(inputValue))),
            ])
          })
      ),
    ])
  }

  static func inputValue(_ input: RiveDocument.StateMachineInput)
    -> JSONValue
  {
    var fields: [(String, JSONValue)] = [
      ("name", .string(input.name)),
      ("core_type", .integer(Int64(input.typeKey))),
      ("kind", .string(input.kindName)),
    ]
    switch input.kind {
    case .boolean(let value): fields.append(("default", .bool(value)))
    case .number(let value): fields.append(("default", .number(Double(value))))
    case .trigger: break
    }
    return .object(fields)
  }

  static func viewModelValue(_ viewModel: RiveDocument.ViewModel)
    -> JSONValue
  {
    .object([
      ("name", .string(viewModel.name)),
      (
        "properties",
        .array(
          viewModel.properties.map { property in
            var fields: [(String, JSONValue)] = [
              ("name", .string(property.name)),
              ("core_type", .integer(Int64(property.typeKey))),
              ("type", .string(property.dataType.rawValue)),
            ]
            if let enumName = property.enumName { fields.append(("enum_name", .string(enumName))) }
            return .object(fields)
          })
      ),
      ("instances", .array(viewModel.instances.map { .string($0.name) })),
    ])
  }
}
