import ArgumentParser
import Foundation
import KooberApp
import KooberKit
import Logging

/// Times the dispatcher's cost per assignment (`DispatchRidesUseCase`) at two fleet sizes, for issue 45's goal
/// (docs/performance.md, "The dispatcher at city scale"): the cost at the large fleet divided by the cost at the small
/// one.
///
/// Each size gets a new SQLite file in `--folder`, opened as koober opens it (`KooberStorage.open`, which provides the fleet: `--small` and `--large` animals per option,
/// scattered over central Sydney as koober scatters them). A round requests `--assignments` rides one at a time, each
/// from a pick-up drawn at random (a fixed seed) over central Sydney, for the options in turn, and after each request
/// runs the dispatcher once, timed: at rush hour the dispatcher wakes for each request. Every run must assign exactly
/// the one ride. After the round each ride is cancelled where its animal stood (untimed), so every round sees the same
/// fleet. The sizes take rounds in turn; each size's best round (lowest mean) is reported, then the ratio. Each round
/// also times the searches alone (`FleetRepository.nearestFreeAnimal` from the same pick-ups, nothing assigned). `--scan`
/// reads the fleet as the dispatcher did before issue 45 (`ScanningFleet`), for the "before" on the same binary.
@main
struct DispatchCost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "KooberDispatchCost", abstract: "Times the dispatcher's cost per assignment at two fleet sizes.")

    @Option(help: "The folder for the two SQLite files (made anew).")
    var folder = NSTemporaryDirectory()

    @Option(help: "Animals per option in the small fleet.")
    var small = 667

    @Option(help: "Animals per option in the large fleet.")
    var large = 6_667

    @Option(help: "Rides assigned (and timed) in a round.")
    var assignments = 300

    @Option(help: "Rounds per size, in turns.")
    var rounds = 5

    @Flag(help: "Read the fleet as before issue 45: every free animal at each search (ScanningFleet).")
    var scan = false

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        var results: [Int: [Duration]] = [:]
        var searches: [Int: [Duration]] = [:]
        var fleets: [(size: Int, bench: DispatchBench)] = []
        for size in [small, large] {
            fleets.append((size, try await DispatchBench.open(folder: folder, fleetSize: size, riders: assignments)))
        }
        do {
            for _ in 0..<max(rounds, 1) {
                for (size, bench) in fleets {
                    results[size, default: []].append(try await bench.round(scanning: scan))
                    searches[size, default: []].append(try await bench.searches(scanning: scan))
                }
            }
            for (_, bench) in fleets { try await bench.close() }
        } catch {
            for (_, bench) in fleets { try? await bench.close() }
            throw error
        }
        let perRide = { (times: [Duration]?) in (times?.min() ?? .zero).timeInterval * 1e6 / Double(max(assignments, 1))
        }
        let perAssignment = { (size: Int) in perRide(results[size]) }
        let perSearch = { (size: Int) in perRide(searches[size]) }
        let report: [String: Double] = [
            "small_animals": Double(small * RideOption.all.count),
            "large_animals": Double(large * RideOption.all.count),
            "small_us_per_assignment": perAssignment(small),
            "large_us_per_assignment": perAssignment(large),
            "ratio": perAssignment(large) / perAssignment(small),
            "small_us_per_search": perSearch(small),
            "large_us_per_search": perSearch(large),
            "scan": scan ? 1 : 0,
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
