import Foundation
import KooberKit
import NIOHTTP1

/// The part of a path a template reads into a typed value (`PathValue`): what it accepts, how it prints, and whether
/// it is a secret (printed as `*` in the logs).
public enum PathCapture: String, Hashable, Sendable {
    /// A ride's id (`RideID`): a positive number in plain digits, no sign, no leading zero, at most 18.
    case rideID
    /// A scheduled ride's id (`ScheduledRideID`), written as a ride's.
    case scheduledRideID
    /// A rider's id (`UserID`), written as a ride's: Koober Ops' rider pages.
    case userID
    /// A share link's token (`RideShareToken(wellFormed:)`): the link itself, so a secret.
    case shareToken
    /// A saved place's label as the API's path carries it: percent-encoded, never empty.
    case savedPlaceLabel
    /// An animal's id (`AnimalID`), written as a ride's: Koober Ops' fleet forms.
    case animalID

    /// How the template writes it (`/rides/{id}`): OpenAPI's names, which `Public/api/openapi.json` uses.
    var placeholder: String {
        switch self {
        case .rideID, .scheduledRideID, .userID, .animalID: "{id}"
        case .shareToken: "{token}"
        case .savedPlaceLabel: "{label}"
        }
    }

    /// Whoever has it can use it: the logs print `*` instead.
    var isSecret: Bool { self == .shareToken }

    /// Whether the capture must have at least one byte for its template to claim a path.
    var mayBeEmpty: Bool { self != .savedPlaceLabel }

    /// The most UTF-8 bytes a value can have, when bounded: a longer path is no value, and is not read further.
    var maximumLength: Int? {
        switch self {
        case .rideID, .scheduledRideID, .userID, .animalID: Self.maximumDigits
        case .shareToken: RideShareToken.length
        case .savedPlaceLabel: nil
        }
    }

    /// A ride id's most digits: any 18 fit in an `Int64`, so reading them cannot overflow.
    static let maximumDigits = 18

    /// The typed value of `text`, or `nil` when it is not one Koober could have written (a 404, never a trap).
    func value(of text: Substring) -> PathValue? {
        switch self {
        case .rideID: Self.id(digits: text).map { .rideID(RideID($0)) }
        case .scheduledRideID: Self.id(digits: text).map { .scheduledRideID(ScheduledRideID($0)) }
        case .userID: Self.id(digits: text).map { .userID(UserID($0)) }
        case .shareToken: RideShareToken(wellFormed: String(text)).map { .shareToken($0) }
        case .savedPlaceLabel: String(text).removingPercentEncoding.map { .savedPlaceLabel($0) }
        case .animalID: Self.id(digits: text).map { .animalID(AnimalID($0)) }
        }
    }

    /// A positive number in plain digits (no sign, no leading zero, at most 18), or `nil`.
    static func id(digits: Substring) -> Int64? {
        guard (1...maximumDigits).contains(digits.count), digits.first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int64(digits)
    }
}

/// A value a path carries, typed: read from a request's path by its template's `PathCapture`, or printed into one.
public enum PathValue: Equatable, Sendable {
    case rideID(RideID)
    case scheduledRideID(ScheduledRideID)
    case userID(UserID)
    case shareToken(RideShareToken)
    case savedPlaceLabel(String)
    case animalID(AnimalID)

    /// The capture that reads and prints this value.
    var capture: PathCapture {
        switch self {
        case .rideID: .rideID
        case .scheduledRideID: .scheduledRideID
        case .userID: .userID
        case .shareToken: .shareToken
        case .savedPlaceLabel: .savedPlaceLabel
        case .animalID: .animalID
        }
    }

    /// The value as a path writes it (a label percent-encoded: every byte but ASCII letters, digits and `-._~`).
    var pathText: String {
        switch self {
        case .rideID(let id): String(id.rawValue)
        case .scheduledRideID(let id): String(id.rawValue)
        case .userID(let id): String(id.rawValue)
        case .shareToken(let token): token.value
        case .savedPlaceLabel(let label): label.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? ""
        case .animalID(let id): String(id.rawValue)
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    var rideID: RideID? { if case .rideID(let id) = self { id } else { nil } }
    var scheduledRideID: ScheduledRideID? { if case .scheduledRideID(let id) = self { id } else { nil } }
    var userID: UserID? { if case .userID(let id) = self { id } else { nil } }
    var shareToken: RideShareToken? { if case .shareToken(let token) = self { token } else { nil } }
    var savedPlaceLabel: String? { if case .savedPlaceLabel(let label) = self { label } else { nil } }
    var animalID: AnimalID? { if case .animalID(let id) = self { id } else { nil } }
}

/// Where a route lives: a literal path (`/profile`), or a literal prefix, one typed capture and a literal suffix
/// (`/rides/{id}/rating`). One template both parses a request's path (`claims`, `value(in:)`) and prints the path
/// of a value (`path(_:)`), for the pages (`Route`) and the API (`CloudRoute`) alike.
///
/// A capture reads every byte between its prefix and its suffix, slashes included: `/rides/a/b` is a receipt's
/// path naming no ride (the 404 page), not a path nobody owns. A value that is not one Koober could have written is
/// `nil`, never a trap: digits past 18, a zero, a sign, non-ASCII digits, a token of the wrong length or alphabet,
/// escapes that are not UTF-8.
public struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The path before the capture (the whole path when there is none).
    let prefix: String
    let capture: PathCapture?
    /// The path after the capture.
    let suffix: String
    /// Whether the prefix alone claims a path, the suffix being read only with the value: `/rides/scheduled/<x>`
    /// is Cancel's path however it ends (a path with no ride, so a 404), as it always was.
    let claimsEverythingUnderPrefix: Bool

    /// A path with nothing to read.
    static func literal(_ path: String) -> PathTemplate {
        PathTemplate(prefix: path, capture: nil, suffix: "", claimsEverythingUnderPrefix: false)
    }

    /// `prefix`, then the capture, then `suffix`.
    static func captured(
        _ prefix: String, _ capture: PathCapture, _ suffix: String = "", claimsEverythingUnderPrefix: Bool = false
    ) -> PathTemplate {
        PathTemplate(
            prefix: prefix, capture: capture, suffix: suffix, claimsEverythingUnderPrefix: claimsEverythingUnderPrefix)
    }

    /// The template as the documents write it: `/rides/{id}/rating`.
    public var description: String { prefix + (capture?.placeholder ?? "") + suffix }

    /// The template as the logs write a path it claims: a secret capture as `*` (`/share/*/events`), else `nil`
    /// (the path is logged as it is).
    var redacted: String? { capture?.isSecret == true ? prefix + "*" + suffix : nil }

    /// How much of a path the template fixes: a template that fixes more is tried first (`/rides/{id}/rating`
    /// before `/rides/{id}`).
    var literalLength: Int { prefix.utf8.count + suffix.utf8.count }

    /// Whether a request's (percent-encoded) path is this template's: for a template with a capture, it starts
    /// with the prefix and ends with the suffix (unless the prefix claims everything under it), the capture empty
    /// only where it may be. Literal templates are matched by equality, by `RouteTable`.
    func claims(_ path: String) -> Bool {
        guard let capture else { return path == prefix }
        guard path.hasPrefix(prefix) else { return false }
        if !capture.mayBeEmpty, path.utf8.count <= prefix.utf8.count { return false }
        return claimsEverythingUnderPrefix || path.hasSuffix(suffix)
    }

    /// The typed value a path this template claims carries, or `nil` when it carries none Koober could have written.
    /// Bounded before anything is read: a path longer than the longest value is none.
    func value(in path: String) -> PathValue? {
        guard let capture else { return nil }
        let utf8 = path.utf8.count
        let literal = prefix.utf8.count + suffix.utf8.count
        if let maximum = capture.maximumLength, utf8 > literal + maximum { return nil }
        guard utf8 >= literal, path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        return capture.value(of: path.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The path of `value` (`/rides/42/rating`); a template without a capture prints itself.
    func path(_ value: PathValue?) -> String {
        assert(value?.capture == capture, "\(self) prints no \(String(describing: value))")
        return prefix + (value?.pathText ?? "") + suffix
    }
}

/// What a request's method and path come to, among the pages (`Route`) or the API's operations (`CloudRoute`).
public enum RouteMatch<R: Equatable & Sendable>: Equatable, Sendable {
    /// The route, with the typed value its path carries: `nil` when its template has no capture, or when the path
    /// names nothing Koober could have made (the route answers that: a 404, an ended link).
    case route(R, capture: PathValue? = nil)
    /// The path exists, but not with this method; `allowed` goes into the `Allow` header.
    case methodNotAllowed(allowed: [HTTPMethod])
    case notFound

    /// The methods the path takes when it is `methodNotAllowed` (none otherwise).
    var allowedMethods: [HTTPMethod] {
        if case .methodNotAllowed(let allowed) = self { allowed } else { [] }
    }

    /// The methods a path takes, as the `Allow` header says them: `HEAD` beside every `GET`.
    static func allowed(_ methods: [HTTPMethod]) -> [HTTPMethod] {
        methods.flatMap { $0 == .GET ? [.GET, .HEAD] : [$0] }
    }
}

/// Routes by their templates, built once: a literal path is looked up, then the templates with a capture are tried,
/// the one that fixes most of the path first (ties in the routes' order); the routes of one template are told apart
/// by method (`HEAD` reaches `GET`), and a path whose template takes other methods is `methodNotAllowed`.
struct RouteTable<R: Equatable & Sendable>: Sendable {
    private struct Entry: Sendable {
        let template: PathTemplate
        let routes: [(route: R, method: HTTPMethod)]
    }

    private let literal: [String: Entry]
    private let captured: [Entry]

    init(_ routes: [R], template: (R) -> PathTemplate, method: (R) -> HTTPMethod) {
        var order: [PathTemplate] = []
        var byTemplate: [PathTemplate: [(route: R, method: HTTPMethod)]] = [:]
        for route in routes {
            let key = template(route)
            if byTemplate[key] == nil { order.append(key) }
            byTemplate[key, default: []].append((route, method(route)))
        }
        let entries = order.map { Entry(template: $0, routes: byTemplate[$0] ?? []) }
        literal = Dictionary(
            uniqueKeysWithValues: entries.filter { $0.template.capture == nil }.map { ($0.template.prefix, $0) })
        // A stable sort: ties keep the routes' order.
        captured = entries.filter { $0.template.capture != nil }.enumerated()
            .sorted {
                ($0.element.template.literalLength, -$0.offset) > ($1.element.template.literalLength, -$1.offset)
            }
            .map(\.element)
    }

    private func entry(claiming path: String) -> Entry? {
        literal[path] ?? captured.first { $0.template.claims(path) }
    }

    /// The template that claims `path`, if any.
    func template(claiming path: String) -> PathTemplate? { entry(claiming: path)?.template }

    /// The routes whose literal path is exactly `path`.
    func literalRoutes(at path: String) -> [R] { literal[path]?.routes.map(\.route) ?? [] }

    func match(method: HTTPMethod, path: String) -> RouteMatch<R> {
        guard let entry = entry(claiming: path) else { return .notFound }
        let effectiveMethod = method == .HEAD ? .GET : method
        if let route = entry.routes.first(where: { $0.method == effectiveMethod }) {
            return .route(route.route, capture: entry.template.value(in: path))
        }
        return .methodNotAllowed(allowed: RouteMatch<R>.allowed(entry.routes.map(\.method)))
    }
}
