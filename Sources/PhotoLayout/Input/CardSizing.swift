/// The grid constants a card is sized by (docs/API.md §4, "Cards"): those of the status's grid
/// style. A `mosaic` grid's cards are sized as `adaptive` ones, with the mosaic's content
/// width and spacing.
public enum CardSizing: Hashable, Sendable {
    /// Cells of side `itemSize` (s), `spacing` (g) apart.
    case classic(itemSize: Double, spacing: Double)
    /// Cells sized from the content width W and spacing g.
    case adaptive(contentWidth: Double, spacing: Double)
}
