import Foundation
import RiveCore
@_spi(RiveFormatInternals) import RiveFormat

/// `rive-assets`: inspect, extract and check the assets of `.riv` files.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(arguments))
