import Foundation

/// The models of the book's iOS app (Advanced iOS App Architecture, KooberKit), shaped exactly as the app declares
/// them, decoded as the app decodes Koober Cloud's answers: if these decode, the unchanged app does.
enum BookApp {
    typealias AuthToken = String
    typealias LocationID = String
    typealias RideOptionID = String

    struct UserProfile: Equatable, Codable {
        let name: String
        let email: String
        let mobileNumber: String
        let avatar: URL
    }

    struct RemoteUserSession: Codable, Equatable {
        let token: AuthToken
    }

    struct UserSession: Equatable {
        let profile: UserProfile
        let remoteSession: RemoteUserSession
    }

    /// What `KooberCloudAuthenticationRemoteAPI` decodes from `/login` and `/signUp`.
    struct SignInResponsePayload: Codable {
        let profile: UserProfile
        let token: String
    }

    struct Location: Identifiable, Equatable, Codable {
        let id: LocationID
        let latitude: Double
        let longitude: Double
    }

    struct NamedLocation: Equatable, Codable {
        let name: String
        let location: Location
    }

    struct RemoteImage: Decodable {
        let at1xURL: URL
        let at2xURL: URL
        let at3xURL: URL
    }

    struct RideOption: Decodable {
        let id: RideOptionID
        let name: String
        let buttonRemoteImages: (selected: RemoteImage, unselected: RemoteImage)
        let availableMapMarkerRemoteImage: RemoteImage

        enum CodingKeys: String, CodingKey {
            case id, name, segmentSelectedImageLocation, segmentImageLocation, availableMapMarkerImageLocation
        }

        init(from decoder: any Decoder) throws {
            let values = try decoder.container(keyedBy: CodingKeys.self)
            id = try values.decode(RideOptionID.self, forKey: .id)
            name = try values.decode(String.self, forKey: .name)
            let selectedImage = try values.decode(RemoteImage.self, forKey: .segmentSelectedImageLocation)
            let unselectedImage = try values.decode(RemoteImage.self, forKey: .segmentImageLocation)
            buttonRemoteImages = (selectedImage, unselectedImage)
            availableMapMarkerRemoteImage = try values.decode(
                RemoteImage.self, forKey: .availableMapMarkerImageLocation)
        }
    }

    struct NewAccount: Codable {
        let fullName: String
        let nickname: String
        let email: String
        let mobileNumber: String
        let password: String
    }

    struct NewRideWaypoints: Codable {
        let pickupLocation: Location
        let dropoffLocation: Location
    }

    struct NewRideRequest: Codable {
        let waypoints: NewRideWaypoints
        let rideOptionID: RideOptionID
    }
}
