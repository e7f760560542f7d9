"""Litestar, stock: a Pydantic model is the request body, Litestar renders the 400
(`{"status_code":400,"detail":"Validation failed for POST /api/signup","extra":[{"message":..,"key":..,"source":"body"}]}`);
a refusal is `HTTPException(status_code=400, detail=..)`, as Litestar's docs show. No formline
code was written for this shape (issue 28).

Run: uvicorn app:app --host 127.0.0.1 --port PORT
"""
import itertools
from typing import List, Optional

from litestar import Litestar, post
from litestar.exceptions import HTTPException
from pydantic import BaseModel, EmailStr, Field, field_validator, model_validator

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}
ids = itertools.count(1)
receipt_ids = itertools.count(1)


class Signup(BaseModel):
    username: str = Field(min_length=3, max_length=20)
    email: EmailStr
    password: str = Field(min_length=8)
    age: Optional[int] = Field(default=None, ge=13, le=120)

    @field_validator("username")
    @classmethod
    def username_not_taken(cls, value: str) -> str:
        if value in TAKEN_USERNAMES:
            raise ValueError("A user with that username already exists.")
        return value

    @model_validator(mode="after")
    def password_differs_from_username(self) -> "Signup":
        if self.password == self.username:
            raise ValueError("The password must not equal the username.")
        return self


class Line(BaseModel):
    sku: str = Field(min_length=1, max_length=20)
    qty: int = Field(ge=1, le=100)

    @field_validator("sku")
    @classmethod
    def sku_known(cls, value: str) -> str:
        if value not in KNOWN_SKUS:
            raise ValueError("Unknown SKU.")
        return value

    @model_validator(mode="after")
    def bulk_in_tens(self) -> "Line":
        if self.sku.startswith("BULK-") and self.qty % 10:
            raise ValueError("Bulk SKUs ship in tens.")
        return self


class Receipt(BaseModel):
    lines: List[Line] = Field(min_length=2)


@post("/api/signup")
async def signup(data: Signup) -> dict:
    if data.username in BLOCKED_USERNAMES:
        raise HTTPException(status_code=400, detail="Sign-ups from this account are closed.")
    return {"id": next(ids)}


@post("/api/receipt")
async def receipt(data: Receipt) -> dict:
    return {"id": next(receipt_ids)}


app = Litestar([signup, receipt])
