import HTTPServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("Response helpers and responders")
struct ResponseTests {
    @Test func aResponseIsAnEmpty200ByDefault() {
        let response = Response()
        #expect(response.status == .ok)
        #expect(response.headers.isEmpty)
        #expect(response.body.readableBytes == 0)
    }

    @Test func textIsPlainUTF8WithTheGivenStatus() {
        let response = Response.text("Trajet introuvable", status: .notFound)
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == ["text/plain; charset=utf-8"])
        #expect(response.bodyText == "Trajet introuvable")
    }

    @Test func aContentTypeAndTextMakeTheBody() {
        let response = Response(status: .created, contentType: "text/html; charset=utf-8", body: "<p>é</p>")
        #expect(response.status == .created)
        #expect(response.headers.first(name: "content-type") == "text/html; charset=utf-8")
        #expect(response.body.readableBytes == 9)
    }

    @Test func aRedirectIsASeeOtherWithALocationByDefault() {
        let redirect = Response.redirect(to: "/rides/42")
        #expect(redirect.status == .seeOther)
        #expect(redirect.headers["Location"] == ["/rides/42"])
        #expect(redirect.body.readableBytes == 0)
        #expect(Response.redirect(to: "/new", status: .movedPermanently).status == .movedPermanently)
    }

    @Test func setCookieAddsOneHeaderPerCookie() {
        var response = Response.text("ok")
        response.setCookie(SetCookie(name: "a", value: "1", path: "/"))
        response.setCookie(.expired(name: "b"))
        #expect(response.headers["Set-Cookie"] == ["a=1; Path=/", SetCookie.expired(name: "b").headerValue])
    }

    @Test func aClosureResponderAnswersWithItsClosure() async {
        let responder = ClosureResponder { request in .text("seen \(request.path)") }
        let response = await responder.respond(to: Request(method: .GET, uri: "/here?x=1"))
        #expect(response.bodyText == "seen /here")
    }

    @Test func middlewareRunsOutermostFirstAndMayAnswerItself() async {
        struct Tag: Middleware {
            let name: String
            func respond(to request: Request, next: any Responder) async -> Response {
                if request.path == "/stop-at-\(name)" { return .text(name) }
                var response = await next.respond(to: request)
                response.headers.add(name: "X-Trail", value: name)
                return response
            }
        }
        let responder = ClosureResponder { _ in .text("app") }.with(Tag(name: "inner")).with(Tag(name: "outer"))
        let full = await responder.respond(to: Request(method: .GET, uri: "/"))
        #expect(full.bodyText == "app")
        #expect(full.headers["X-Trail"] == ["inner", "outer"])
        let stopped = await responder.respond(to: Request(method: .GET, uri: "/stop-at-inner"))
        #expect(stopped.bodyText == "inner")
        #expect(stopped.headers["X-Trail"] == ["outer"])
    }
}
