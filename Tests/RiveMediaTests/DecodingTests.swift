import Testing

/// The parent suite of every decoder test, so that `swift test --filter Decoding` selects
/// exactly these suites.
@Suite enum DecodingTests {}
