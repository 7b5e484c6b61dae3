enum DemoCommand {
  static func run(arguments: [String]) -> Int32 { ExitCode.usage }
}
