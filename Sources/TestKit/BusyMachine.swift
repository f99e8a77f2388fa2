/// How long a test waits for something outside its control that is sure to happen soon (another process starting,
/// a socket closing, a thread pool finishing), when it only proves that it happens, not how fast. What a test controls,
/// time above all, it drives itself (`TestClock`, a test event loop), and never waits for.
public enum BusyMachine {
    public static let patience = Duration.seconds(20)
}
