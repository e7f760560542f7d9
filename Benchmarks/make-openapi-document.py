#!/usr/bin/env python3
"""Writes a large OpenAPI 3.1 document for the OpenAPI benchmark: N operations (default 2,000),
each a POST with a JSON body of its own schema (about 2.5 KB apiece, so ~5 MB in all), a few of
them sharing component schemas through $ref, as generated API documents do.

    Benchmarks/make-openapi-document.py OUT.json [-n 2000]

Operation k is `createThing{k}` (POST /api/things{k}); its first field is "Name"; each has an
array of objects (`lines`, a `$ref` to a shared `Line` schema), which becomes a repeated group.
"""
import argparse, json

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("-n", type=int, default=2000)
args = parser.parse_args()

def body(k):
    return {
        "type": "object",
        "required": ["name", "email", "quantity"],
        "properties": {
            "name": {"type": "string", "title": "Name", "minLength": 1, "maxLength": 80,
                     "description": f"The name of thing {k}, as shown in listings and on invoices."},
            "email": {"type": "string", "format": "email", "title": "Contact email",
                      "description": "Where questions about this thing are sent."},
            "quantity": {"type": "integer", "minimum": 1, "maximum": 10000, "title": "Quantity"},
            "price": {"type": "number", "minimum": 0, "title": "Unit price",
                      "description": "In the account's currency, before tax."},
            "colour": {"type": "string", "enum": ["red", "green", "blue", "black", "white"], "default": "black"},
            "delivery": {"type": "string", "format": "date", "title": "Delivery date"},
            "note": {"type": ["string", "null"], "maxLength": 500,
                     "description": "Anything the warehouse should know. Shown on the picking list."},
            "address": {"$ref": "#/components/schemas/Address"},
            "reference": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{6}$", "title": "Reference"},
            # An array of objects: a repeated group (`- group: lines`) in the derived form.
            "lines": {"type": "array", "title": "Lines", "minItems": 1, "maxItems": 200,
                      "description": "What is ordered, one line per article.",
                      "items": {"$ref": "#/components/schemas/Line"}},
            "website": {"type": "string", "format": "uri"},
            "id": {"type": "integer", "readOnly": True},
        },
    }

paths = {}
for k in range(1, args.n + 1):
    paths[f"/api/things{k}"] = {"post": {
        "operationId": f"createThing{k}",
        "summary": f"Create thing {k}",
        "description": "Creates one thing. " * 2,
        "tags": [f"group{k % 40}"],
        "requestBody": {"required": True, "content": {"application/json": {"schema": body(k)}}},
        "responses": {
            "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}}},
            "422": {"description": "Validation error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HTTPValidationError"}}}},
        },
    }}
document = {
    "openapi": "3.1.0",
    "info": {"title": "Benchmark API", "version": "1.0.0"},
    "paths": paths,
    "components": {"schemas": {
        "Address": {"type": "object", "required": ["city"], "properties": {
            "street": {"type": "string", "title": "Street"}, "city": {"type": "string", "title": "City"},
            "postcode": {"type": "string", "pattern": "^[0-9]{4,5}$", "title": "Postcode"}}},
        "Line": {"type": "object", "required": ["sku", "qty"], "properties": {
            "sku": {"type": "string", "title": "SKU", "pattern": "^[A-Z]+-[0-9]+$"},
            "qty": {"type": "integer", "title": "Quantity", "minimum": 1, "maximum": 1000},
            "lot": {"type": "string", "title": "Lot", "maxLength": 20}}},
        "Created": {"type": "object", "properties": {"id": {"type": "integer"}}},
        "HTTPValidationError": {"type": "object", "properties": {"detail": {"type": "array", "items": {
            "type": "object", "properties": {"loc": {"type": "array", "items": {"type": "string"}},
                                             "msg": {"type": "string"}, "type": {"type": "string"}}}}}},
    }},
}
with open(args.out, "w") as f:
    json.dump(document, f, indent=1)
