"""The links, stylesheets, scripts and ids of an HTML page, read with the standard parser."""

from html.parser import HTMLParser


class PageLinks(HTMLParser):
    """Collects every ``href`` and ``src`` and every ``id`` of a page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.ids: set[str] = set()
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src", "action") and value is not None:
                self.targets.append(value)
            elif name == "id" and value is not None:
                self.ids.add(value)
