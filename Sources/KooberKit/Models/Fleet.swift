import Foundation

/// Koober's fleet as seeded (SPEC.md, "Koober's fleet"): `size` animals of each ride option, each with a name fit for
/// its kind and a resting place in central Sydney. The same size always gives the same animals, in every process.
public enum Fleet {
    /// The default `--fleet-size`.
    public static let defaultSize = 8
    /// The largest `--fleet-size` accepted.
    public static let maximumSize = 10_000

    static let names: [String: [String]] = [
        "wallabee": ["Pip", "Bindi", "Scout", "Poppy", "Kip", "Tilly", "Dusty", "Minty", "Wren", "Lulu"],
        "wallaroo": ["Skippy", "Banjo", "Matilda", "Clancy", "Sheila", "Wattle", "Digger", "Koda", "Mabel", "Ziggy"],
        "kangaroo": ["Boomer", "Jack", "Big Red", "Ned", "Bruce", "Dundee", "Roo", "Daisy", "Kanga", "Gus"],
    ]

    /// Central Sydney, where the animals rest: from Circular Quay to Central, Darling Harbour to the Domain.
    public static let restingArea = (south: -33.884, north: -33.858, west: 151.198, east: 151.218)

    public static func members(size: Int) -> [FleetMember] {
        RideOption.all.flatMap { option in
            (1...max(size, 1)).map { number in member(option: option, number: number) }
        }
    }

    static func member(option: RideOption, number: Int) -> FleetMember {
        let names = names[option.id] ?? [option.name]
        let round = (number - 1) / names.count
        let name = names[(number - 1) % names.count] + (round == 0 ? "" : " \(round + 1)")
        // A fixed scatter (a hash of the option and number), not a random one: every process seeds the same places.
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in Array("\(option.id)#\(number)".utf8) {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        // FNV-1a's bits are poorly mixed for names this alike (its high bits laid the animals on a few north–south
        // lines): SplitMix64's finaliser spreads every bit over the whole word.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        let north = Double(hash & 0xFFFF) / 65_535
        let east = Double((hash >> 16) & 0xFFFF) / 65_535
        let area = restingArea
        return FleetMember(
            rideOptionID: option.id, number: number, name: name,
            restingPlace: Location(
                latitude: area.south + (area.north - area.south) * north,
                longitude: area.west + (area.east - area.west) * east
            )
        )
    }
}

/// The fleet's in-service rule, once for every store: providing `members` (`FleetRepository.provide`) puts in service
/// the stored animals of each ride option numbered up to the highest number among that option's members, and takes
/// the others out, every animal of an option without members included. Stores apply it as one limit per option
/// (`limits`: `in_service = number <= highestNumber`).
public struct FleetInService: Equatable, Sendable {
    /// One ride option's limit: its animals numbered up to `highestNumber` are in service (none when it is 0).
    public struct Limit: Equatable, Sendable {
        public let rideOptionID: String
        public let highestNumber: Int
    }

    /// A limit for every ride option (`RideOption.all`), in its order.
    public let limits: [Limit]

    public init(_ members: [FleetMember]) {
        let highest = Dictionary(grouping: members, by: \.rideOptionID).mapValues { $0.map(\.number).max() ?? 0 }
        limits = RideOption.all.map { Limit(rideOptionID: $0.id, highestNumber: highest[$0.id] ?? 0) }
    }

    /// Whether the animal numbered `number` of the option `rideOptionID` is in service.
    public func isInService(rideOptionID: String, number: Int) -> Bool {
        number <= (limits.first { $0.rideOptionID == rideOptionID }?.highestNumber ?? 0)
    }
}
