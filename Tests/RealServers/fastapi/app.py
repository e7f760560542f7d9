"""FastAPI, stock: a Pydantic model validates the body, FastAPI renders its 422; a refusal that
belongs to no field is an HTTPException, as FastAPI's tutorial raises them.

Run: uvicorn app:app --host 127.0.0.1 --port PORT
"""
import itertools
from typing import List, Optional

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel, EmailStr, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}

app = FastAPI()
ids = itertools.count(1)


class Signup(BaseModel):
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
    def password_differs_from_username(self) -> "Signup":
        if self.password == self.username:
            raise PydanticCustomError("password_matches_username", "The password must not equal the username.")
        return self


# The receipt endpoint (issue 11): a list of line items, each validated on its own.
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}


class Line(BaseModel):
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


class Receipt(BaseModel):
    lines: List[Line] = Field(min_length=2)


@app.post("/api/signup", status_code=201)
def signup(user: Signup):
    if user.username in BLOCKED_USERNAMES:
        raise HTTPException(status_code=400, detail="Sign-ups from this account are closed.")
    return {"id": next(ids)}


receipt_ids = itertools.count(1)


@app.post("/api/receipt", status_code=201)
def receipt(receipt: Receipt):
    return {"id": next(receipt_ids)}


# Server checks (issue 30, docs/checks.md): what a form asks on Enter, written the FastAPI way.
# A taken username is a RequestValidationError on the path parameter, so FastAPI renders its
# own 422 (`{"detail": [{"type", "loc": ["path", "username"], "msg", "input"}]}`); an unknown
# SKU is an HTTPException 404 (`{"detail": "Unknown SKU."}`), as the tutorial raises them.
# SLOW-1 answers after about a second, for a check that takes a while.
import time

from fastapi import Depends, Query
from fastapi.exceptions import RequestValidationError

SKUS = {
    "ABC-1": ("Widget, blue, 12-pack", "12.50"),
    "ABC-2": ("Widget, red, 6-pack", "7.25"),
    "SLOW-1": ("Slow widget", "3.00"),
}
DOCKS = {"Oslo": ["OSL-A", "OSL-B", "OSL-C"], "Bergen": ["BGO-1", "BGO-2"]}


def username_not_taken(username: str) -> str:
    """A dependency: the path's username, refused when an account has it."""
    if username.lower() in TAKEN_USERNAMES | {"root"}:
        raise RequestValidationError([{
            "type": "unique", "loc": ("path", "username"),
            "msg": "A user with that username already exists.", "input": username,
        }])
    return username


@app.get("/api/usernames/{username}")
def username_check(username: str = Depends(username_not_taken)):
    return {"username": username, "available": True}


@app.get("/api/skus/{sku}")
def sku_lookup(sku: str):
    if sku not in SKUS:
        raise HTTPException(status_code=404, detail="Unknown SKU.")
    if sku == "SLOW-1":
        time.sleep(1.0)
    name, price = SKUS[sku]
    return {"sku": sku, "name": name, "price": price}


@app.get("/api/docks")
def docks(warehouse: str = Query(min_length=1, max_length=40)):
    if warehouse not in DOCKS:
        raise HTTPException(status_code=404, detail="Unknown warehouse.")
    return [{"code": code, "name": f"Dock {code}"} for code in DOCKS[warehouse]]


class Order(BaseModel):
    username: str = Field(min_length=3, max_length=20)
    warehouse: str
    dock: str
    sku: str
    qty: int = Field(ge=1)
    unit_price: float = Field(ge=0)


order_ids = itertools.count(1)


@app.post("/api/orders", status_code=201)
def order(order: Order):
    return {"id": next(order_ids)}
