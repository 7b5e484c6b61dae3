enum CheckCommand {
  static func run(arguments: [String]) -> Int32 { 0 }
}
