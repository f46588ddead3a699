"""Generated values near a JSON Schema: mostly following it, straying over its bounds and types."""

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 3),
    st.sampled_from([0.0, 1.0, 1.5, -1.0]),
    st.text(alphabet="ab/~01", max_size=4),
)
ANY_JSON = st.recursive(
    LEAVES,
    lambda children: (
        st.lists(children, max_size=2) | st.dictionaries(st.text(max_size=2), children)
    ),
    max_leaves=4,
)


def near(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    """Values that mostly follow ``schema`` but stray over its bounds and types."""
    if "anyOf" in schema:
        return st.one_of(*(near(branch) for branch in schema["anyOf"]))
    kind = schema["type"]
    if kind == "object":
        shaped = _near_object(schema)
    elif kind == "array":
        shaped = _near_array(schema)
    elif kind == "boolean":
        shaped = st.booleans()
    elif kind == "string":
        # No newline: Python's re, which jsonschema uses, reads "$" as matching before one.
        shaped = st.text(alphabet="ab/~01", max_size=4)
    else:
        shaped = st.integers(-1, 3) | st.sampled_from([1.0, 0.5, True])
    # One value in eight strays from the type, so that well-formed batches are common too.
    return st.integers(0, 7).flatmap(lambda n: LEAVES if n == 0 else shaped)


def _near_object(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    properties = {name: near(sub) for name, sub in schema.get("properties", {}).items()}
    other = schema.get("additionalProperties", True)
    values = near(other) if isinstance(other, Mapping) else ANY_JSON
    extra = st.dictionaries(st.sampled_from(["k", "a/b", "ids"]), values, max_size=2)
    required = {name: properties.pop(name) for name in schema.get("required", ())}
    # Mostly with the required properties and without unknown ones.
    known = st.fixed_dictionaries(required, optional=properties)
    anything = st.fixed_dictionaries({}, optional={**required, **properties})
    shaped = st.integers(0, 3).flatmap(lambda n: anything if n == 0 else known)
    # Other properties are mostly unknown ones; where a schema gives them (bind), they are not.
    rare = st.integers(0, 3).flatmap(lambda n: extra if n == 0 else st.just({}))
    extras = extra if isinstance(other, Mapping) else rare
    return st.tuples(shaped, extras).map(lambda pair: {**pair[1], **pair[0]})


def _near_array(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    items = near(schema["items"])
    # The maximum and one over it, as copies of one item: cheap to make at 20 operations.
    high = st.tuples(items, st.sampled_from([schema["maxItems"], schema["maxItems"] + 1]))
    return st.lists(items, max_size=3) | high.map(lambda pair: [pair[0]] * pair[1])
