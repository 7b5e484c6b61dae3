enum CodegenCommand {
  static func run(arguments: [String]) -> Int32 { 0 }
}
