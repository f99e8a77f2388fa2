import Foundation
import KooberTestSupport
import Testing

/// The `koober` executable as an operator runs it: started, used, stopped with a signal.
@Suite struct KooberProcessTests {
    @Test func kooberServesSeedsTheDemoAccountAndStopsCleanlyOnSIGINT() async throws {
        let directory = try KooberProcess.temporaryDirectory()
        let (koober, port) = try await KooberProcess.serving(in: directory)

        let browser = TestBrowser(host: "127.0.0.1", port: port)
        try await browser.visit("/healthz")
        #expect(browser.bodyText == "ok")
        try await browser.signIn(email: "johnny@gmail.com", password: "password")
        #expect(browser.path == "/ride")

        koober.process.interrupt()  // SIGINT, as Ctrl-C sends
        #expect(await koober.waitForExit(timeout: .seconds(10)))
        #expect(koober.process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("koober.sqlite").path))
    }

    @Test func aMissingTemplateStopsStartUpWithAMessageNamingIt() async throws {
        let koober = try KooberProcess(
            ["--port", "0", "--templates", "/nonexistent/templates"], in: try KooberProcess.temporaryDirectory()
        )
        #expect(await koober.waitForExit(timeout: .seconds(30)))
        #expect(koober.process.terminationStatus != 0)
        #expect(koober.log.contains("/nonexistent/templates/layout.mustache is missing"))
    }
}
