extension Animal {
    /// The animal of `animals` nearest `location` (great-circle distance), the lowest id among the equally near;
    /// `nil` when there are none.
    public static func nearest(among animals: [Animal], to location: Location) -> Animal? {
        animals.map { (animal: $0, kilometres: $0.location.kilometres(to: location)) }
            .min { ($0.kilometres, $0.animal.id.rawValue) < ($1.kilometres, $1.animal.id.rawValue) }?.animal
    }
}
