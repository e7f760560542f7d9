@testable import FormCore
import Foundation
import Testing

/// `Wizard.totalBreaks`: whole sums against whole bounds compare as integers, anything else as
/// Decimal; both must decide, and word the sum, exactly alike.
@Suite struct ItemTotalTests {
    private func text(_ outcome: Wizard.TotalBreak?) -> String {
        switch outcome {
        case .above(let sum, let bound)?: return "above \(sum) \(bound)"
        case .below(let sum, let bound)?: return "below \(sum) \(bound)"
        case nil: return "within"
        }
    }

    @Test func wholeSumsAgainstWholeBounds() throws {
        let total = ItemTotal(field: "qty", minimum: DecimalText("5"), maximum: DecimalText("5000"))
        #expect(text(Wizard.totalBreaks(whole: 5000, fractional: nil, total)) == "within")
        #expect(text(Wizard.totalBreaks(whole: 5001, fractional: nil, total)) == "above 5001 5000")
        #expect(text(Wizard.totalBreaks(whole: 4, fractional: nil, total)) == "below 4 5")
        #expect(text(Wizard.totalBreaks(whole: -3, fractional: nil, ItemTotal(field: nil, minimum: DecimalText("-2")))) == "below -3 -2")
    }

    @Test func aFractionOrAFractionalBoundComparesAsDecimal() throws {
        let whole = ItemTotal(field: "qty", maximum: DecimalText("10"))
        #expect(text(Wizard.totalBreaks(whole: 10, fractional: Decimal(string: "0.5"), whole)) == "above 10.5 10")
        #expect(text(Wizard.totalBreaks(whole: 9, fractional: Decimal(string: "0.5"), whole)) == "within")
        let fractional = ItemTotal(field: "amount", minimum: DecimalText("0.5"), maximum: DecimalText("99.99"))
        #expect(text(Wizard.totalBreaks(whole: 100, fractional: nil, fractional)) == "above 100 99.99")
        #expect(text(Wizard.totalBreaks(whole: 0, fractional: nil, fractional)) == "below 0 0.5")
        #expect(text(Wizard.totalBreaks(whole: 99, fractional: Decimal(string: "0.99"), fractional)) == "within")
    }
}
