import MustacheRendering
import Testing

@Suite struct HTMLEscapingTests {
    @Test func theFiveSpecialCharactersBecomeCharacterReferences() {
        #expect(String.htmlEscaped(#"<a href="x?a=1&b='2'">"#) == "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;")
    }

    @Test func otherTextIsLeftAsItIs() {
        #expect(String.htmlEscaped("Café 🚕 at 12:30, 1 + 2 = 3") == "Café 🚕 at 12:30, 1 + 2 = 3")
        #expect(String.htmlEscaped("") == "")
        #expect(String.htmlEscaped("é&é") == "é&amp;é")
    }
}
