import KooberKit
import Testing

struct FleetInServiceTests {
    @Test func eachOptionsLimitIsTheHighestNumberAmongItsMembersAndZeroWithoutMembers() {
        let members = Fleet.members(size: 4).filter { $0.rideOptionID != RideOption.kangaroo.id && $0.number != 2 }
        let rule = FleetInService(members)
        #expect(
            rule.limits.map(\.highestNumber) == [4, 4, 0]
                && rule.limits.map(\.rideOptionID) == RideOption.all.map(\.id))
        #expect(rule.isInService(rideOptionID: RideOption.wallabee.id, number: 2), "a gap below the highest serves")
        #expect(!rule.isInService(rideOptionID: RideOption.wallabee.id, number: 5))
        #expect(!rule.isInService(rideOptionID: RideOption.kangaroo.id, number: 1))
        #expect(!rule.isInService(rideOptionID: "unicorn", number: 1))
    }
}
