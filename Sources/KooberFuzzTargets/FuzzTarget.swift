/// One parser under the fuzzer: it takes any bytes, must not crash, and reports the invariants its answer broke.
///
/// The fuzzer (`Fuzz/`, `scripts/fuzz`) calls `check` with libFuzzer's inputs and stops at the first finding;
/// `FuzzCorpusTests` replays every saved input, the seeds and the crashes found, in the normal test suite.
public protocol FuzzTarget: Sendable {
    /// The target's name: its corpus folder under `Fuzz/Corpus/` and the value of `KOOBER_FUZZ_TARGET`.
    var name: String { get }
    /// Runs the parser on `input`; throws `FuzzFinding` when an invariant does not hold.
    func check(_ input: [UInt8]) throws(FuzzFinding)
}

/// An invariant a fuzz input broke.
public struct FuzzFinding: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Every fuzz target, by name.
public enum FuzzTargets {
    public static func named(_ name: String) -> (any FuzzTarget)? {
        all.first { $0.name == name }
    }

    public static var all: [any FuzzTarget] {
        [
            HTTPRequestFuzzTarget.shared, URLEncodedFormFuzzTarget(), CookieFuzzTarget(), StaticPathFuzzTarget.shared,
            PlaceSearchFuzzTarget(), HTTPDateFuzzTarget(), ClientAddressFuzzTarget(), FormTokenFuzzTarget(),
            LastEventIDFuzzTarget(),
            MapTilePathFuzzTarget(),
            RideHistoryCursorFuzzTarget(), CloudRequestFuzzTarget.shared,
            SMTPReplyFuzzTarget(), MailHeaderFuzzTarget(), TipAmountFuzzTarget(), ShareTokenFuzzTarget(),
            SavedPlaceLabelFuzzTarget(),
            PickupTimeFuzzTarget(), RoutePathFuzzTarget(),
            TOTPCodeFuzzTarget(),
            QRCodeFuzzTarget(), ReportListCursorFuzzTarget(), RefundAmountFuzzTarget(),
            AcceptLanguageFuzzTarget(),
        ]
    }
}
