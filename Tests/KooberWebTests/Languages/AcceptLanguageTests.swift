import HTTPServer
import KooberKit
import NIOHTTP1
import Testing

@testable import KooberWeb

/// A browser's `Accept-Language` (RFC 9110 §12.5.4) and the language of Koober's that best meets it.
@Suite struct AcceptLanguageTests {
    private func best(_ header: String) -> Language? {
        AcceptLanguage(header).bestLanguage
    }

    @Test func theHighestWeightWinsWhateverItsPlace() {
        #expect(best("en;q=0.5, vi") == .vietnamese)
        #expect(best("zh-CN;q=0.8, ar;q=0.9") == .arabic)
        #expect(best("ar;q=0.1, zh;q=0.2, vi;q=0.3, en;q=0.25") == .vietnamese)
        #expect(best("vi;q=0.999, ar;q=1.000") == .arabic)
        #expect(best("en;q=0.001, fr") == .english)
    }

    @Test func equalWeightsKeepTheHeadersOrder() {
        #expect(best("vi;q=0.5, ar;q=0.5") == .vietnamese)
        #expect(best("ar;q=0.5, vi;q=0.5") == .arabic)
        #expect(best("zh, vi, ar") == .chinese)
        #expect(best("ar, zh, vi") == .arabic)
        #expect(best("vi;q=0.7, ar, zh;q=1") == .arabic)
        #expect(AcceptLanguage("vi, ar;q=1, zh;q=1.0").ranges.map { $0.subtags.joined() } == ["vi", "ar", "zh"])
    }

    @Test func aWeightOfZeroMeansNotThis() {
        #expect(best("vi;q=0") == nil)
        #expect(best("vi;q=0.000") == nil)
        #expect(best("vi;q=0, ar;q=0.1") == .arabic)
        #expect(best("ar;q=0, fr") == nil)
        #expect(best("*;q=0") == nil)
    }

    @Test func anyLanguageIsKoobersFirst() {
        #expect(best("*") == .english)
        #expect(best("fr, de;q=0.9, *;q=0.1") == .english)
        #expect(best("*;q=0.5, vi") == .vietnamese)
    }

    @Test func languagesKooberDoesNotSpeakMatchNothing() {
        #expect(best("fr") == nil)
        #expect(best("fr-FR, de;q=0.9, ja;q=0.8") == nil)
        #expect(best("x-klingon, i-default") == nil)
        #expect(best("") == nil)
        #expect(best("envi") == nil)
    }

    @Test(arguments: ["zh-TW", "zh-Hant", "zh-HK", "zh-MO", "zh-Hant-CN", "zh-hant", "ZH-TW"])
    func traditionalChineseIsNotKoobersChinese(tag: String) {
        #expect(best(tag) == nil)
        #expect(best("\(tag), vi;q=0.5") == .vietnamese)
    }

    @Test(arguments: ["zh", "zh-Hans", "zh-CN", "zh-Hans-CN", "zh-SG", "zh-Hans-SG", "ZH-HANS"])
    func simplifiedChineseIsKoobersChinese(tag: String) {
        #expect(best(tag) == .chinese)
    }

    @Test func tagsAndTheWeightsNameAreCaseInsensitive() {
        #expect(best("VI") == .vietnamese)
        #expect(best("Ar-EG") == .arabic)
        #expect(best("EN-au") == .english)
        #expect(best("en;Q=0.5, vi;q=0.4") == .english)
        #expect(best("en;Q=0.1, vi;q=0.4") == .vietnamese)
    }

    @Test func spacesAroundElementsAndParametersAreAllowed() {
        #expect(best("  en ; q=0.2 ,\tvi ;\tq=0.3  ") == .vietnamese)
    }

    @Test(arguments: [
        "vi;q=1.5", "vi;q=0.1234", "vi;q=abc", "vi;q=", "vi;q", "vi;q=-0.5", "vi;q=.5", "vi;q=2", "vi;level=1",
        "vi;", "vi-", "-vi", "vi--VN", "vietnamese", "vi-abcdefghi", "v1", "vi_VN", "ví", "vi\u{FFFD}",
        "\u{1}vi", "vi-VN\u{0}", "\"vi\"", ",,,", " , ; ,", ";q=0.5", "=",
    ])
    func aMalformedElementIsSkipped(element: String) {
        #expect(best(element) == nil, "\(element.debugDescription) was read")
        #expect(best("\(element), ar;q=0.1") == .arabic, "\(element.debugDescription) hid a good element")
        #expect(best("ar;q=0.1,\(element)") == .arabic, "\(element.debugDescription) hid a good element")
    }

    @Test func nineLettersAreTooManyForASubtagButEightAreNot() {
        #expect(best("abcdefghi, vi;q=0.1") == .vietnamese)
        #expect(AcceptLanguage("abcdefghi").ranges.isEmpty)
        #expect(AcceptLanguage("abcdefgh").ranges.count == 1)
        #expect(best("zh-abcdefgh") == .chinese)
    }

    @Test func aGoodElementWinsAmongBrokenOnes() {
        #expect(best("en-;q=1, -en, vi;q=1.5, ar;q=0.2") == .arabic)
        #expect(best("en;q=abc,,, zh;q=0.1234, ;;, vi;q=0.9") == .vietnamese)
        #expect(best("\u{7F}\u{80}\u{FF}, zh-Hans-CN;q=0.3") == .chinese)
    }

    @Test func aHeaderOfManyElementsIsReadOnlyToItsLimit() {
        let limit = AcceptLanguage.elementLimit
        let tooMany = Array(repeating: "fr", count: limit * 100).joined(separator: ",")
        #expect(best(tooMany + ", vi") == nil)
        #expect(AcceptLanguage(tooMany).ranges.count == limit)
        let vietnameseLast = Array(repeating: "fr", count: limit - 1) + ["vi"]
        #expect(best(vietnameseLast.joined(separator: ",")) == .vietnamese)
        let huge = String(repeating: "en-;q=9,", count: 100_000) + "vi"
        #expect(best(huge) == nil)
    }

    @Test func aRequestsHeadersDecideAndEnglishStandsForNoMatch() {
        func language(_ values: [String]) -> Language {
            var headers: [(String, String)] = [("Host", "localhost")]
            headers += values.map { ("Accept-Language", $0) }
            return AcceptLanguage.language(of: Request(method: .GET, uri: "/welcome", headers: HTTPHeaders(headers)))
        }
        #expect(language([]) == .english)
        #expect(language(["vi"]) == .vietnamese)
        #expect(language(["fr, de"]) == .english)
        #expect(language([""]) == .english)
        #expect(language(["fr", "ar;q=0.5"]) == .arabic)
        #expect(language(["vi;q=0.2", "zh-Hans;q=0.3"]) == .chinese)
    }
}
