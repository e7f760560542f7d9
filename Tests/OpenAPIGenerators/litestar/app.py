"""Litestar with msgspec Structs, written the way Litestar's docs show: the signup and receipt
endpoints of Tests/RealServers, with the schema shapes a form must read (a nested object, a list
of objects, enums, a nullable value, formats, a read-only id, a write-only secret).

The document is Litestar's own generator (app.openapi_schema), OpenAPI 3.1. Nothing is served:
Tests/OpenAPIGenerators/generate.py imports this module and writes the document.
"""
import datetime
import enum
import uuid
from typing import Annotated, List, Optional

import msgspec
from litestar import Litestar, post
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import OpenAPIFormat
from litestar.params import KwargDefinition


class Country(str, enum.Enum):
    NO = "NO"
    SE = "SE"
    DK = "DK"


class Address(msgspec.Struct):
    city: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    zip: Annotated[str, msgspec.Meta(pattern="^[0-9]{4}$")]


class Signup(msgspec.Struct, kw_only=True):
    username: Annotated[str, msgspec.Meta(min_length=3, max_length=20, title="Username")]
    email: Annotated[str, KwargDefinition(format=OpenAPIFormat.EMAIL, title="Email")]
    password: Annotated[str, KwargDefinition(min_length=8, schema_extra={"writeOnly": True})]
    id: Annotated[Optional[int], KwargDefinition(read_only=True)] = None
    address: Address
    age: Optional[Annotated[int, msgspec.Meta(ge=13, le=120)]] = None
    country: Country = Country.NO
    birthday: Optional[datetime.date] = None
    invite: Optional[uuid.UUID] = None
    tags: List[Annotated[str, msgspec.Meta(max_length=10)]] = []


class Created(msgspec.Struct):
    id: int


class Sku(str, enum.Enum):
    ABC_1 = "ABC-1"
    ABC_2 = "ABC-2"
    BULK_10 = "BULK-10"


class Line(msgspec.Struct):
    sku: Sku
    qty: Annotated[int, msgspec.Meta(ge=1, le=100)]


class Receipt(msgspec.Struct):
    lines: Annotated[List[Line], msgspec.Meta(min_length=2)]
    note: Optional[str] = None


@post("/api/signup", operation_id="signup", summary="Create an account")
async def signup(data: Signup) -> Created:
    return Created(id=1)


@post("/api/receipt", operation_id="receipt", summary="Record a goods receipt")
async def receipt(data: Receipt) -> Created:
    return Created(id=1)


app = Litestar(route_handlers=[signup, receipt], openapi_config=OpenAPIConfig(title="Litestar signup", version="1.0.0"))


def document():
    return app.openapi_schema.to_schema()
