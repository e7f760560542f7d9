"""django-ninja, stock: a Schema (Pydantic) validates the body, Ninja renders its 422; a refusal
that belongs to no field is an HttpError, as Ninja's docs raise them.

One file, no database (the taken username is a constant). Run: python app.py PORT
"""
import itertools
import sys
from typing import List, Optional

from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    SECRET_KEY="real-servers-test-only",
    INSTALLED_APPS=["ninja"],
    MIDDLEWARE=["django.middleware.common.CommonMiddleware"],
    DATABASES={},
)

import django  # noqa: E402

django.setup()

from django.urls import path  # noqa: E402
from ninja import Field, NinjaAPI, Schema  # noqa: E402
from ninja.errors import HttpError  # noqa: E402
from pydantic import EmailStr, field_validator, model_validator  # noqa: E402
from pydantic_core import PydanticCustomError  # noqa: E402

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}

api = NinjaAPI()
ids = itertools.count(1)


class SignupIn(Schema):
    username: str = Field(min_length=3, max_length=20)
    email: EmailStr
    password: str = Field(min_length=8)
    age: Optional[int] = Field(default=None, ge=13, le=120)

    @field_validator("username")
    @classmethod
    def username_not_taken(cls, value: str) -> str:
        if value in TAKEN_USERNAMES:
            raise PydanticCustomError("unique", "A user with that username already exists.")
        return value

    @model_validator(mode="after")
    def password_differs_from_username(self) -> "SignupIn":
        if self.password == self.username:
            raise PydanticCustomError("password_matches_username", "The password must not equal the username.")
        return self


# The receipt endpoint (issue 11): a list of line items, each validated on its own.
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}


class Line(Schema):
    sku: str = Field(min_length=1, max_length=20)
    qty: int = Field(ge=1, le=100)

    @field_validator("sku")
    @classmethod
    def sku_known(cls, value: str) -> str:
        if value not in KNOWN_SKUS:
            raise PydanticCustomError("unknown_sku", "Unknown SKU.")
        return value

    @model_validator(mode="after")
    def bulk_in_tens(self) -> "Line":
        if self.sku.startswith("BULK-") and self.qty % 10:
            raise PydanticCustomError("bulk_in_tens", "Bulk SKUs ship in tens.")
        return self


class Receipt(Schema):
    lines: List[Line] = Field(min_length=2)


class Created(Schema):
    id: int


@api.post("/signup", response={201: Created})
def signup(request, payload: SignupIn):
    if payload.username in BLOCKED_USERNAMES:
        raise HttpError(400, "Sign-ups from this account are closed.")
    return 201, {"id": next(ids)}


receipt_ids = itertools.count(1)


@api.post("/receipt", response={201: Created})
def receipt(request, payload: Receipt):
    return 201, {"id": next(receipt_ids)}


urlpatterns = [path("api/", api.urls)]

if __name__ == "__main__":
    from django.core.management import execute_from_command_line

    execute_from_command_line([sys.argv[0], "runserver", "--noreload", "--skip-checks", f"127.0.0.1:{sys.argv[1]}"])
