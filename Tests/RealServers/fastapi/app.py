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
