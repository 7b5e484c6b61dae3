// The generated-fixture encoders and the loopback server are part of every test's toolbox.
@_exported import RiveFixtures
