"""Schemathesis hooks for .ci/schemathesis.sh: what JSON Schema cannot say about a search.

Each search parameter's own rules are in the OpenAPI document, but two rules span parameters or
the world, and a generated request that breaks only those is rightly refused with a 400:

- a qualifier needs what it qualifies (`radius_km` goes with `near`; `salary_currency` and
  `salary_include_unknown` go with `salary_min`), src/domain/filters.ts;
- `near` must name a place GeoNames knows, which no pattern can list.

So a generated request gets the parameter a qualifier needs, and a well-formed `near` names a real
place. Malformed values are left as generated, so negative cases stay negative.
"""

import schemathesis

QUALIFIED_BY = {
    "radius_km": "near",
    "salary_currency": "salary_min",
    "salary_include_unknown": "salary_min",
}
STAND_IN = {"near": "Toronto", "salary_min": "1"}


def _blank(value):
    return value is None or (isinstance(value, str) and value.strip() == "")


def _coherent(params):
    if not isinstance(params, dict):
        return params
    near = params.get("near")
    if isinstance(near, str) and not _blank(near) and len(near) <= 200:
        params["near"] = STAND_IN["near"]
    for qualifier, qualified in QUALIFIED_BY.items():
        if qualifier in params and _blank(params.get(qualified)):
            params[qualified] = STAND_IN[qualified]
    return params


@schemathesis.hook
def map_query(ctx, query):
    return _coherent(query)


@schemathesis.hook
def map_body(ctx, body):
    return _coherent(body)
