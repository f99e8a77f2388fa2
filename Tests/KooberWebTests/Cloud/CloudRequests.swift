/// JSON bodies the tests send, as the book's app encodes them.
enum CloudRequests {
    static let operaHouse = #"{"id":"1","latitude":-33.858667,"longitude":151.214028}"#
    static let pickup = #"{"id":"0","latitude":-33.864308,"longitude":151.209146}"#

    static func ride(option: String = "wallaroo", pickup: String = pickup, dropoff: String = operaHouse) -> String {
        #"{"waypoints":{"pickupLocation":\#(pickup),"dropoffLocation":\#(dropoff)},"rideOptionID":"\#(option)"}"#
    }

    static func signUp(
        fullName: String = "Skippy Roo", nickname: String = "Skippy", email: String = "skippy@example.com",
        mobileNumber: String = "0412 345 678", password: String = "hop-hop-hop"
    ) -> String {
        #"{"fullName":"\#(fullName)","nickname":"\#(nickname)","email":"\#(email)","mobileNumber":"\#(mobileNumber)","password":"\#(password)"}"#
    }

    static let sydneyQuery = "latitude=-33.864308&longitude=151.209146"
}
