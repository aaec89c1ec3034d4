extension HTTP1Connection {
    /// The actions of the machine waiting for the caller, first in first out, in memory the
    /// caller owns and reuses from event to event: nothing is allocated per request once it
    /// has grown to the deepest burst, and an action is moved in and moved out, never copied
    /// (an `[Action]` cost a copy and a destroy of every action, each a switch over the cases
    /// with a retain or release per payload, and `removeAll(keepingCapacity:)` to reuse it).
    ///
    /// Not Sendable: one event loop (or one test) owns it. The machine appends with `append`;
    /// the caller pulls with `next()` until nil, and may append while pulling (a completion's
    /// `send` follows its `handle`). Its state is `@exclusivity(unchecked)`: each method's
    /// accesses end before it returns, so none can overlap another.
    final class ActionQueue {
        @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Action>
        @exclusivity(unchecked) private var capacity: Int
        /// Index of the first waiting action in `storage` (a ring: wraps at `capacity`).
        @exclusivity(unchecked) private var head = 0
        @exclusivity(unchecked) private(set) var count = 0

        /// - Parameter capacity: room before the first growth (a burst of pipelined requests).
        init(capacity: Int = 16) {
            self.capacity = max(2, capacity)
            storage = .allocate(capacity: self.capacity)
        }

        deinit {
            removeAll()
            storage.deallocate()
        }

        var isEmpty: Bool { count == 0 }

        /// Moves `action` to the back of the queue.
        func append(_ action: consuming Action) {
            if count == capacity { grow() }
            (storage + (head + count) % capacity).initialize(to: action)
            count += 1
        }

        /// Moves the first action out of the queue; nil when none waits.
        func next() -> Action? {
            guard count > 0 else { return nil }
            let action = (storage + head).move()
            head = head + 1 == capacity ? 0 : head + 1
            count -= 1
            if count == 0 { head = 0 }
            return action
        }

        /// Drops every waiting action.
        func removeAll() {
            while next() != nil {}
        }

        /// The waiting actions, moved out into an array (for tests and the array-returning API).
        func drain() -> [Action] {
            var actions: [Action] = []
            actions.reserveCapacity(count)
            while let action = next() { actions.append(action) }
            return actions
        }

        private func grow() {
            let larger = UnsafeMutablePointer<Action>.allocate(capacity: capacity * 2)
            for offset in 0..<count {
                (larger + offset).moveInitialize(from: storage + (head + offset) % capacity, count: 1)
            }
            storage.deallocate()
            storage = larger
            capacity *= 2
            head = 0
        }
    }
}
