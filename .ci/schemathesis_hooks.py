"""Schemathesis hooks for .ci/schemathesis.sh: what JSON Schema cannot say about a search.

A search's `near` must name a place GeoNames knows (or `lat,lon`), which no pattern can list, so a
generated, well-formed `near` would rightly be refused with a 400. It is replaced by a real place;
malformed values (not a string, over 200 characters) are left as generated, so negative cases
stay negative. A `radius_km` without `near` (refused since session 37) is given the place too. Hooks act in the fuzzing phase; .ci/schemathesis.toml says what the coverage phase
does instead.
"""

import schemathesis

PLACE = "Toronto"


def _blank(value):
    return value is None or (isinstance(value, str) and value.strip() == "")


def _with_real_place(params):
    if isinstance(params, dict):
        near = params.get("near")
        if isinstance(near, str) and near.strip() != "" and len(near) <= 200:
            params["near"] = PLACE
        # `radius_km` measures from `near` and is refused without it (a 400 naming it), a pairing
        # no schema of separate query parameters can state: a generated radius gets its place. A
        # malformed radius is still refused for itself, so negative cases stay negative.
        if "radius_km" in params and not _blank(params["radius_km"]) and _blank(near):
            params["near"] = PLACE
    return params


@schemathesis.hook
def map_query(ctx, query):
    return _with_real_place(query)


@schemathesis.hook
def map_body(ctx, body):
    return _with_real_place(body)
