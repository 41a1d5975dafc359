"""Geography for the map, without Qt: Web Mercator, point clusters, state outlines, map tiles."""
