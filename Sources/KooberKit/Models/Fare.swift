/// Money as Koober shows it: Australian dollars, to the cent.
public enum Fare {
    /// `1234` → `A$12.34`.
    public static func format(cents: Int) -> String {
        let dollars = cents / 100
        let rest = cents % 100
        return "A$\(dollars).\(rest < 10 ? "0" : "")\(rest)"
    }
}
