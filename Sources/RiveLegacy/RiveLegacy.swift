import RiveCore
