import Foundation

extension DiaryEntry {
    /// Where the entry was written, from `placeName`, `placeLatitude` and `placeLongitude`;
    /// nil when it holds neither a name nor both degrees. Setting it sets all three.
    var place: EntryPlace? {
        get {
            EntryPlace(storedName: placeName, latitude: placeLatitude, longitude: placeLongitude)
        }
        set {
            placeName = newValue?.name
            placeLatitude = newValue?.coordinates?.latitude
            placeLongitude = newValue?.coordinates?.longitude
        }
    }
}
