/// How wide a text is, in em, at most. The server cannot measure fonts, so each character counts at least its
/// advance in DejaVu Sans, wider than the usual sans-serif faces: a name that fits here fits on screen.
public enum TextWidth {
    public static func estimate(of text: some StringProtocol) -> Double {
        text.reduce(0) { total, character in
            switch character {
            case " ", "i", "l", "j", "t", "f", "r", ".", ",", ";", ":", "'", "!", "|", "(", ")", "[", "]", "-", "/":
                total + 0.42
            case "m", "w", "M", "W", "…", "@", "%", "#", "&", "+", "<", "=", ">", "^", "~": total + 1
            default: total + (character.isUppercase ? 0.8 : 0.65)
            }
        }
    }
}
