"""SpecTree on Flask with Pydantic models, written the way SpecTree's docs show: the signup and
receipt endpoints of Tests/RealServers, with the schema shapes a form must read (a nested object,
a list of objects, enums, a nullable value, formats, a read-only id, a write-only secret).

The document is SpecTree's own (spec.spec: its paths and wrappers around Pydantic's JSON schema,
component names with a hash suffix), OpenAPI 3.1. Nothing is served:
Tests/OpenAPIGenerators/generate.py imports this module and writes the document.
"""
import datetime
import enum
import uuid
from typing import List, Optional

from flask import Flask
from pydantic import BaseModel, EmailStr, Field
from spectree import Response, SpecTree

app = Flask(__name__)
spec = SpecTree("flask", app=app, title="SpecTree signup", version="1.0.0")


class Country(str, enum.Enum):
    NO = "NO"
    SE = "SE"
    DK = "DK"


class Address(BaseModel):
    city: str = Field(min_length=1, max_length=40)
    zip: str = Field(pattern=r"^[0-9]{4}$")


class Signup(BaseModel):
    id: Optional[int] = Field(default=None, json_schema_extra={"readOnly": True})
    username: str = Field(min_length=3, max_length=20, title="Username")
    email: EmailStr
    password: str = Field(min_length=8, json_schema_extra={"writeOnly": True, "format": "password"})
    address: Address
    age: Optional[int] = Field(default=None, ge=13, le=120)
    country: Country = Country.NO
    birthday: Optional[datetime.date] = None
    invite: Optional[uuid.UUID] = None
    tags: List[str] = []


class Created(BaseModel):
    id: int


class Sku(str, enum.Enum):
    ABC_1 = "ABC-1"
    ABC_2 = "ABC-2"
    BULK_10 = "BULK-10"


class Line(BaseModel):
    sku: Sku
    qty: int = Field(ge=1, le=100)


class Receipt(BaseModel):
    lines: List[Line] = Field(min_length=2)
    note: Optional[str] = None


@app.route("/api/signup", methods=["POST"])
@spec.validate(json=Signup, resp=Response(HTTP_201=Created), operation_id="signup")
def signup():
    """Create an account"""
    return {"id": 1}, 201


@app.route("/api/receipt", methods=["POST"])
@spec.validate(json=Receipt, resp=Response(HTTP_201=Created), operation_id="receipt")
def receipt():
    """Record a goods receipt"""
    return {"id": 1}, 201


def document():
    with app.app_context():
        return spec.spec
