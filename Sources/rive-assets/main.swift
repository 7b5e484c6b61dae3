import Foundation
import RiveCore
import RiveFormat

/// `rive-assets`: inspect, extract and check the assets of `.riv` files.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineTool.run(arguments))
