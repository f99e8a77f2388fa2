import HTTPServer
import KooberMap
import NIOCore
import NIOHTTP1

/// Serves the base map's tiles, `GET /map/<zoom>/<column>/<row>.svg`, to anyone (they are public, like the
/// stylesheet), cached as the public files are: the URL a page writes carries the map's version (`?v=…`) and is kept
/// by the browser for a year; any other is revalidated through its ETag. A path that names no tile of the map is
/// a 404 from the app; everything else goes on to the next responder.
struct MapTileMiddleware: Middleware {
    let tiles: MapTiles

    func respond(to request: Request, next: any Responder) async -> Response {
        guard request.path.hasPrefix("/map/") else { return await next.respond(to: request) }
        guard request.method == .GET || request.method == .HEAD, let key = MapTileKey(path: request.path),
            let svg = tiles.svg(for: key)
        else { return await next.respond(to: request) }
        let etag = "\"\(tiles.version)\""
        var headers: HTTPHeaders = [
            "ETag": etag,
            "Cache-Control": request.queryString == "v=\(tiles.version)"
                ? StaticFileMiddleware.versionedCacheControl : StaticFileMiddleware.unversionedCacheControl,
        ]
        if request.ifNoneMatch(etag) == true {
            var response = Response(status: .notModified, headers: headers)
            response.route = "map-tile"
            return response
        }
        headers.add(name: "Content-Type", value: "image/svg+xml")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        // Opened on its own, a tile is a document: it may load and run nothing.
        headers.add(name: "Content-Security-Policy", value: "default-src 'none'")
        var response = Response(status: .ok, headers: headers, body: ByteBuffer(string: svg))
        response.route = "map-tile"
        return response
    }
}
