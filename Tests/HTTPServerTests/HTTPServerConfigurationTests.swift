import HTTPServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("HTTPServerConfiguration")
struct HTTPServerConfigurationTests {
    @Test func theDefaultsAreTheDocumentedLimits() {
        let configuration = HTTPServerConfiguration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.maxBodyBytes == 1_048_576)
        #expect(configuration.maxHeaderBytes == 16_384)
        #expect(configuration.requestHeadTimeout == .seconds(10))
        #expect(configuration.idleTimeout == .seconds(60))
        #expect(configuration.shutdownTimeout == .seconds(9))
    }

    @Test(arguments: [HTTPResponseStatus.badRequest, .payloadTooLarge, .requestHeaderFieldsTooLarge])
    func theDefaultErrorResponseIsTheReasonPhraseAsText(status: HTTPResponseStatus) {
        let response = HTTPServerConfiguration().errorResponse(status)
        #expect(response.status == status)
        #expect(response.bodyText == "\(status.reasonPhrase)\n")
        #expect(response.headers.first(name: "content-type") == "text/plain; charset=utf-8")
    }
}
