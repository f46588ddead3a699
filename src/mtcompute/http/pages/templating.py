"""The page templates, package data in ``templates/`` beside this module, rendered with escaping
on: every value a template shows is escaped unless this module made it markup, so no contract
text, query or Host header can inject HTML."""

import re

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

# The inline marks contract text uses: `code`, ``code with a ` in it`` and **strong**.
_INLINE = re.compile(r"`` ?(.+?) ?``|`([^`]+)`|\*\*(.+?)\*\*")


def inline(text: str) -> Markup:
    """``text`` escaped, with its `code` and **strong** marks shown as such."""
    parts, start = [], 0
    for mark in _INLINE.finditer(text):
        parts.append(escape(text[start : mark.start()]))
        code, strong = mark.group(1) or mark.group(2), mark.group(3)
        if strong is None:
            parts.append(Markup("<code>%s</code>") % code)
        else:
            parts.append(Markup("<strong>%s</strong>") % strong)
        start = mark.end()
    parts.append(escape(text[start:]))
    return Markup("").join(parts)


def _environment() -> Environment:
    environment = Environment(
        loader=PackageLoader("mtcompute.http.pages", "templates"),
        autoescape=True,
        undefined=StrictUndefined,  # a missing value is a bug, not an empty string
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["inline"] = inline
    return environment


_ENVIRONMENT = _environment()


def render(template: str, **context: object) -> str:
    """The page ``template`` (a file name in ``templates/``) filled with ``context``."""
    return _ENVIRONMENT.get_template(template).render(**context)
