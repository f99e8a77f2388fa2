/// `RemoteImage` of the book's app: one picture as PNG files at 1×, 2× and 3×, by absolute URL (`UIImage` reads PNG,
/// not SVG).
struct CloudRemoteImage: Encodable, Sendable {
    let at1xURL: String
    let at2xURL: String
    let at3xURL: String
}
