/// How long a test waits for something outside its control that is sure to happen soon (another process starting,
/// a socket closing, a thread pool finishing), when it only proves that it happens, not how fast. What a test controls,
/// time above all, it drives itself (`TestClock`, a test event loop), and never waits for.
///
/// A minute: the suite starts some 1,300 tests at once on two cores, so a test's first wait can be long before anything
/// is wrong. In CI, beside the release build in the background, one run saw a server's stop and local requests take
/// 22 s in the suite's first minute (20 s was the patience then); a test that passes never waits for it.
public enum BusyMachine {
    public static let patience = Duration.seconds(60)
}
