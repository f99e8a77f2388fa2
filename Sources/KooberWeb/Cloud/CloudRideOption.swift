import KooberKit

/// `RideOption` of the book's app: its id, its name, and its pictures for the option picker (plain and selected) and
/// for the map's markers of free animals.
struct CloudRideOption: Encodable, Sendable {
    let id: String
    let name: String
    let segmentImageLocation: CloudRemoteImage
    let segmentSelectedImageLocation: CloudRemoteImage
    let availableMapMarkerImageLocation: CloudRemoteImage

    init(_ option: RideOption, links: CloudLinks) {
        id = option.id
        name = option.name
        segmentImageLocation = links.image(named: "\(option.id)-segment")
        segmentSelectedImageLocation = links.image(named: "\(option.id)-segment-selected")
        availableMapMarkerImageLocation = links.image(named: "\(option.id)-marker")
    }
}
