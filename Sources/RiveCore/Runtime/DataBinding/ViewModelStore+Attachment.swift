import RiveFormat
import Synchronization

/// Which store an artboard tree's data binds live in.
///
/// The binds of an artboard, of its nested artboards and list items and of the machines that
/// drive them are kept in the ``ViewModelStore`` they were bound in; the instances only hold
/// their indices. Binding the tree to an instance of another store first forgets those
/// indices (``ArtboardInstance/forgetBindings()``), so an index is only ever read in the store
/// that made it. Unbinding (``ArtboardInstance/unbindViewModels(machine:)``) also gives the
/// store back the room the tree's binds took when nothing was bound in it after them, so
/// binding two instances in turn does not grow either store.
struct BindAttachment: Sendable, Equatable {
  /// The store's identity (``ViewModelStore/identity``).
  var store: UInt64
  /// This attachment's own identity: the store's ``ViewModelStore/lastAttachment`` while no
  /// other tree was attached after it.
  var token: UInt64
  /// The store's sizes when the attachment began.
  var mark: ViewModelStore.Mark
}

extension ViewModelStore {
  /// The sizes of a store's bind tables at one moment (what an attachment added lies past it).
  struct Mark: Sendable, Equatable {
    var contexts: Int
    var containers: Int
    var binds: Int
    var converters: Int
    var bindables: Int
    var listArtboards: Int
  }

  private static let identities = Atomic<UInt64>(0)

  /// A new identity, never 0 and never given before in this process.
  static func makeIdentity() -> UInt64 {
    identities.wrappingAdd(1, ordering: .relaxed).newValue
  }

  var mark: Mark {
    Mark(
      contexts: contexts.count, containers: containers.count, binds: binds.count,
      converters: converters.count, bindables: bindables.count, listArtboards: listArtboardCount)
  }

  /// Makes this store the one `artboard`'s binds live in: when they lived in another store
  /// (or in none), their indices are forgotten and a new attachment begins here.
  mutating func attach(_ artboard: inout ArtboardInstance) {
    if artboard.attachment?.store == identity { return }
    artboard.forgetBindings()
    let token = Self.makeIdentity()
    artboard.attachment = BindAttachment(store: identity, token: token, mark: mark)
    lastAttachment = token
  }

  /// Makes this store the one `machine`'s binds live in (its container index is forgotten
  /// when it was made in another store).
  func attach(_ machine: inout StateMachineInstance) {
    if machine.context.bindStore != identity {
      machine.context.forgetBindings()
      machine.context.bindStore = identity
    }
  }

  /// Drops every bind table entry past `mark` and every reference to them from the values
  /// (their dependents and the layers that used their changes).
  mutating func truncate(to mark: Mark) {
    guard mark.containers <= containers.count, mark.binds <= binds.count,
      mark.converters <= converters.count, mark.bindables <= bindables.count,
      mark.contexts <= contexts.count
    else { return }
    let (bindLimit, converterLimit, containerLimit) = (
      Int32(mark.binds), Int32(mark.converters), UInt32(mark.containers)
    )
    for index in values.indices {
      if !values[index].dependents.isEmpty {
        values[index].dependents.removeAll { dependent in
          switch dependent {
          case .bind(let bind), .bindTarget(let bind): bind >= bindLimit
          case .formula(let converter): converter >= converterLimit
          case .listener(let container, _): container >= Int32(mark.containers)
          }
        }
      }
      if !values[index].usedLayers.isEmpty {
        values[index].usedLayers.removeAll { $0 >> 16 >= containerLimit }
      }
    }
    contexts.removeSubrange(mark.contexts...)
    containers.removeSubrange(mark.containers...)
    binds.removeSubrange(mark.binds...)
    converters.removeSubrange(mark.converters...)
    bindables.removeSubrange(mark.bindables...)
    listArtboardCount = mark.listArtboards
  }
}

extension ArtboardInstance {
  /// Forgets the indices of this tree's binds (and everything else bound in a store: the
  /// instances of its stateful components and its list items), down through nested
  /// artboards and their machines.
  mutating func forgetBindings() {
    attachment = nil
    bindContainer = -1
    bindObserved = []
    bindCollapsible = []
    pendingBindCollapses = []
    embeddedHandles = []
    componentLists = []
    for index in nested.indices {
      nested[index].ownedInstance = -1
      nested[index].mount.withValue { $0.forgetBindings() }
      for position in nested[index].animations.indices {
        nested[index].animations[position].machine?.inPlace { $0.context.forgetBindings() }
      }
    }
  }

  /// Unbinds the view-model store this artboard holds and hands it back: the binds of this
  /// tree (and of `machine`) are dropped from it — their room too, when nothing was bound in
  /// the store after them — and the tree keeps the values it shows until it is bound again.
  ///
  /// A host calls this before binding an instance of another store, so that the store it
  /// leaves does not keep binds nothing uses.
  ///
  /// - Parameter machine: The state machine driving this artboard, if any.
  /// - Returns: The store, as ``removeViewModels()`` returns it (nil when none was held).
  public mutating func unbindViewModels(machine: inout StateMachineInstance?) -> ViewModelStore? {
    guard var store = takeViewModelStore() else { return nil }
    if let attachment, attachment.store == store.identity {
      if store.lastAttachment == attachment.token {
        store.truncate(to: attachment.mark)
        store.lastAttachment = 0
      } else {
        // Binds of another tree lie past ours: ours stay, but no value tells them anything.
        store.unbindContainers(of: self)
      }
    }
    forgetBindings()
    if machine?.context.bindStore == store.identity {
      machine?.inPlace { $0.context.forgetBindings() }
    }
    return store
  }
}

extension ViewModelStore {
  /// Unbinds every bind of `artboard`'s tree (its containers, its nested artboards' and list
  /// items' and their machines'), so that no value of the store tells them of a change.
  fileprivate mutating func unbindContainers(of artboard: ArtboardInstance) {
    var containers: [Int32] = []
    artboard.collectBindContainers(into: &containers)
    for container in containers where container >= 0 && Int(container) < self.containers.count {
      for bind in self.containers[Int(container)].binds where Int(bind) < binds.count {
        unbind(bind)
      }
    }
  }
}

extension ArtboardInstance {
  /// The bind containers of this tree: this artboard's, its nested artboards' and list
  /// items', and those of the machines that drive them.
  fileprivate func collectBindContainers(into list: inout [Int32]) {
    list.append(bindContainer)
    for nested in nested {
      nested.artboard?.collectBindContainers(into: &list)
      for animation in nested.animations {
        if let machine = animation.machine { list.append(machine.context.bindContainer) }
      }
    }
    for componentList in componentLists {
      for item in componentList.items {
        item.artboard?.collectBindContainers(into: &list)
        if let machine = item.machine { list.append(machine.context.bindContainer) }
      }
    }
  }
}

extension MachineContext {
  /// Forgets the machine's bind container (made in a store it is no longer bound in).
  mutating func forgetBindings() {
    bindContainer = -1
    bindStore = 0
  }
}

extension StateMachineInstance {
  /// Forgets this machine's binds when the artboard it runs on holds a store other than the
  /// one they were made in (a host bound another instance through another machine): the
  /// machine then runs unbound instead of reading another store's tables.
  @inline(__always)
  mutating func checkBindStore(_ artboard: inout ArtboardInstance) {
    if context.bindContainer >= 0, context.bindStore != artboard.storeBox.read({ $0.identity }) {
      context.forgetBindings()
    }
  }
}
