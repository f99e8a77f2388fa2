/// The drop-off places Koober knows: `sydney-places.csv` of the shared data folder, row for row and in file order,
/// so ids run 1…32. The first four are the original app's places, with its exact names and coordinates.
///
/// Migration 2 inserts these rows with bound values (never spliced into SQL text, so apostrophes and accents need no
/// escaping), so the app never reads the shared folder at run time. The list is part of that migration: once shipped
/// it must not change, because a database already at version 2 would never see the change. To add or fix places, add
/// a migration.
///
/// Generated from the CSV, names and coordinates copied as written (nothing rounded, `é` kept precomposed):
/// `tail -n +2 sydney-places.csv | awk -F, '{ printf "place(%d, \"%s\", %s, %s),\n", NR, $1, $2, $3 }'`
public enum SydneyPlaces {
    /// Every place, in file order.
    public static let all: [NamedLocation] = [
        place(1, "Opera House", -33.858667, 151.214028),
        place(2, "Apple Store", -33.868781, 151.206645),
        place(3, "100 George Street", -33.858129, 151.209390),
        place(4, "MOMA", -33.859715, 151.209025),
        place(5, "Sydney Harbour Bridge", -33.852306, 151.210787),
        place(6, "Circular Quay", -33.861756, 151.212533),
        place(7, "The Rocks", -33.859900, 151.208900),
        place(8, "Café Sydney", -33.861400, 151.210800),
        place(9, "Royal Botanic Garden", -33.864167, 151.216111),
        place(10, "Mrs Macquarie's Chair", -33.859700, 151.222600),
        place(11, "Art Gallery of New South Wales", -33.868800, 151.217400),
        place(12, "State Library of New South Wales", -33.866100, 151.213000),
        place(13, "Hyde Park", -33.873100, 151.211100),
        place(14, "Australian Museum", -33.874300, 151.213200),
        place(15, "Queen Victoria Building", -33.871700, 151.206700),
        place(16, "Sydney Tower Eye", -33.870500, 151.208900),
        place(17, "Darling Harbour", -33.874800, 151.200400),
        place(18, "Barangaroo Reserve", -33.855700, 151.202400),
        place(19, "Chinatown", -33.878500, 151.204000),
        place(20, "Central Station", -33.882900, 151.206700),
        place(21, "Luna Park", -33.847700, 151.209900),
        place(22, "Taronga Zoo", -33.843300, 151.241300),
        place(23, "Paddington", -33.884400, 151.231400),
        place(24, "Sydney Cricket Ground", -33.891600, 151.224800),
        place(25, "University of Sydney", -33.888600, 151.187300),
        place(26, "Newtown", -33.897800, 151.179000),
        place(27, "Cockatoo Island", -33.847200, 151.171400),
        place(28, "Bondi Beach", -33.890800, 151.274300),
        place(29, "Coogee Beach", -33.920800, 151.258100),
        place(30, "Watsons Bay", -33.843900, 151.281700),
        place(31, "Manly Beach", -33.797200, 151.288700),
        place(32, "Sydney Airport", -33.939900, 151.175300),
    ]

    private static func place(_ id: Int64, _ name: String, _ latitude: Double, _ longitude: Double) -> NamedLocation {
        NamedLocation(id: PlaceID(id), name: name, location: Location(latitude: latitude, longitude: longitude))
    }
}
