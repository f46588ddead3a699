"""The JSON API of the HTTP adapter: routes, the batch route, OpenAPI, bodies and problems."""
