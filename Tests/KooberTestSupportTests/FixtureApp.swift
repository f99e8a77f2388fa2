import HTTPServer
import NIOCore
import NIOHTTP1

/// A small app for the browser to drive: links, a sign-in form, redirects, and cookies with paths.
struct FixtureApp: Responder {
    let log: RequestLog

    func respond(to request: Request) async -> Response {
        await log.record(request)
        switch (request.method, request.path) {
        case (.GET, "/"): return html(FixturePages.home)
        case (.GET, "/docs/intro"): return html(FixturePages.docs)
        case (.GET, "/about"), (.GET, "/profile"), (.GET, "/docs/"): return html(FixturePages.page(request.path, ""))
        case (.GET, "/sign-in"): return html(FixturePages.signIn)
        case (.GET, "/forms/temporary"): return html(FixturePages.temporary)
        case (.GET, "/forms/extras"): return html(FixturePages.extras)
        case (.GET, "/plain"): return .text("just text")
        case (.GET, "/redirect/1"): return .redirect(to: "2", status: .found)
        case (.GET, "/redirect/2"): return .redirect(to: "http://localhost/redirect/3", status: .found)
        case (.GET, "/redirect/3"): return .redirect(to: "/about", status: .movedPermanently)
        case (.GET, "/loop"): return .redirect(to: "/loop", status: .found)
        case (.POST, "/keep"): return .redirect(to: "/echo", status: .temporaryRedirect)
        case (.POST, "/sign-in"): return signIn()
        case (.POST, "/sign-out"):
            var response = Response.redirect(to: "/")
            response.setCookie(.expired(name: "session"))
            return response
        case (.GET, "/cookies/set"): return setCookies()
        case (.GET, "/cookies/delete"): return deleteCookies()
        default: return echo(request)
        }
    }

    private func html(_ text: String) -> Response {
        Response(contentType: "text/html; charset=utf-8", body: text)
    }

    private func echo(_ request: Request) -> Response {
        let page = FixturePages.echo(
            method: request.method.rawValue,
            query: request.queryString ?? "",
            cookie: request.headers["Cookie"].joined(separator: " | "),
            body: request.bodyText
        )
        return html(page)
    }

    private func signIn() -> Response {
        var response = Response.redirect(to: "/welcome")
        response.setCookie(SetCookie(name: "session", value: "abc123", path: "/", httpOnly: true, sameSite: .lax))
        response.setCookie(SetCookie(name: "flash", value: "hi", path: "/welcome", secure: true))
        return response
    }

    private func setCookies() -> Response {
        var response = html(FixturePages.page("Cookies", ""))
        response.setCookie(SetCookie(name: "global", value: "2", path: "/"))
        response.setCookie(SetCookie(name: "scoped", value: "1", path: "/cookies"))
        response.headers.add(name: "Set-Cookie", value: "dir=4")  // no Path: defaults to /cookies
        return response
    }

    private func deleteCookies() -> Response {
        var response = html(FixturePages.page("Cookies", ""))
        response.setCookie(.expired(name: "global"))
        response.headers.add(
            name: "Set-Cookie",
            value: "scoped=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/cookies"
        )
        return response
    }
}

extension Request {
    var bodyText: String { String(buffer: body) }
}
