extension TestBrowser {
    /// Follows the link whose text (whitespace collapsed) or `aria-label` is `text`.
    ///
    /// Several links with that text are fine when they all lead to the same place (a header and a footer);
    /// when they lead to different places the test must say which, so that is an error.
    nonisolated(nonsending) public func clickLink(_ text: String) async throws {
        let links = try currentPage().all("//a[@href]").filter { link in
            link.text == text || link[attribute: "aria-label"] == text
        }
        var hrefs: [String] = []
        for link in links where !hrefs.contains(link[attribute: "href"] ?? "") {
            hrefs.append(link[attribute: "href"] ?? "")
        }
        guard let href = hrefs.first else { throw TestBrowserError.noSuchLink(text) }
        guard hrefs.count == 1 else { throw TestBrowserError.ambiguousLink(text, hrefs: hrefs) }
        try await navigate(.GET, to: URLReference.resolve(href, against: path))
    }
}
