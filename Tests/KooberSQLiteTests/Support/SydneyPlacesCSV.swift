import Foundation

/// A verbatim copy of `data/sydney-places.csv` from the shared folder, so the place tests check the database against
/// the file itself rather than against `SydneyPlaces`, the Swift list generated from it. `SydneyPlacesTests` checks
/// this copy against the shared file whenever that file is at hand.
enum SydneyPlacesCSV {
    /// One data row: the name as written, the coordinates as numbers.
    struct Row: Equatable {
        let name: String
        let latitude: Double
        let longitude: Double
    }

    static let text = """
        name,latitude,longitude
        Opera House,-33.858667,151.214028
        Apple Store,-33.868781,151.206645
        100 George Street,-33.858129,151.209390
        MOMA,-33.859715,151.209025
        Sydney Harbour Bridge,-33.852306,151.210787
        Circular Quay,-33.861756,151.212533
        The Rocks,-33.859900,151.208900
        Café Sydney,-33.861400,151.210800
        Royal Botanic Garden,-33.864167,151.216111
        Mrs Macquarie's Chair,-33.859700,151.222600
        Art Gallery of New South Wales,-33.868800,151.217400
        State Library of New South Wales,-33.866100,151.213000
        Hyde Park,-33.873100,151.211100
        Australian Museum,-33.874300,151.213200
        Queen Victoria Building,-33.871700,151.206700
        Sydney Tower Eye,-33.870500,151.208900
        Darling Harbour,-33.874800,151.200400
        Barangaroo Reserve,-33.855700,151.202400
        Chinatown,-33.878500,151.204000
        Central Station,-33.882900,151.206700
        Luna Park,-33.847700,151.209900
        Taronga Zoo,-33.843300,151.241300
        Paddington,-33.884400,151.231400
        Sydney Cricket Ground,-33.891600,151.224800
        University of Sydney,-33.888600,151.187300
        Newtown,-33.897800,151.179000
        Cockatoo Island,-33.847200,151.171400
        Bondi Beach,-33.890800,151.274300
        Coogee Beach,-33.920800,151.258100
        Watsons Bay,-33.843900,151.281700
        Manly Beach,-33.797200,151.288700
        Sydney Airport,-33.939900,151.175300

        """

    /// The data rows, in file order. The file has no quoted fields (no name holds a comma), so a split will do.
    static func rows(of text: String = text) throws -> [Row] {
        try text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 3, let latitude = Double(fields[1]), let longitude = Double(fields[2]) else {
                throw MalformedLine(line: String(line))
            }
            return Row(name: String(fields[0]), latitude: latitude, longitude: longitude)
        }
    }

    struct MalformedLine: Error {
        let line: String
    }
}
