/// The timing curve of a transition (`transition.curve`).
public enum TransitionCurve: String, CaseIterable, Hashable, Sendable {
    /// UIKit's ease-in-out: cubic-bezier(0.42, 0, 0.58, 1) over the duration.
    case easeInOut = "ease_in_out"
    /// A facebook/pop spring from bounciness and speed; it lasts until it comes to rest.
    case spring
}
