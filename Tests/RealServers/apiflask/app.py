"""APIFlask, stock: `@app.input(Schema)` validates the body with marshmallow (webargs), APIFlask
renders the 422 (`{"detail":{"json":{..}},"message":"Validation error"}`); an error of the whole
body is a `@validates_schema` error (`_schema`); a refusal is `abort(400, ..)`, as APIFlask's docs
show. No formline code was written for this shape (issue 28).

Run: python app.py PORT
"""
import itertools
import sys

from apiflask import APIFlask, Schema, abort
from apiflask.fields import Email, Integer, List, Nested, String
from apiflask.validators import Length, Range
from marshmallow import ValidationError, validates, validates_schema

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}

app = APIFlask(__name__)
ids = itertools.count(1)
receipt_ids = itertools.count(1)


class SignupIn(Schema):
    username = String(required=True, validate=Length(min=3, max=20))
    email = Email(required=True)
    password = String(required=True, validate=Length(min=8))
    age = Integer(load_default=None, allow_none=True, validate=Range(min=13, max=120))

    @validates("username")
    def username_not_taken(self, value, **kwargs):
        if value in TAKEN_USERNAMES:
            raise ValidationError("A user with that username already exists.")

    @validates_schema
    def password_differs_from_username(self, data, **kwargs):
        if data.get("password") == data.get("username"):
            raise ValidationError("The password must not equal the username.")


class LineIn(Schema):
    sku = String(required=True, validate=Length(min=1, max=20))
    qty = Integer(required=True, validate=Range(min=1, max=100))

    @validates("sku")
    def sku_known(self, value, **kwargs):
        if value not in KNOWN_SKUS:
            raise ValidationError("Unknown SKU.")

    @validates_schema
    def bulk_in_tens(self, data, **kwargs):
        if data.get("sku", "").startswith("BULK-") and data.get("qty", 0) % 10:
            raise ValidationError("Bulk SKUs ship in tens.")


class ReceiptIn(Schema):
    lines = List(Nested(LineIn), required=True, validate=Length(min=2))


@app.post("/api/signup")
@app.input(SignupIn, arg_name="user")
def signup(user):
    if user["username"] in BLOCKED_USERNAMES:
        abort(400, "Sign-ups from this account are closed.")
    return {"id": next(ids)}, 201


@app.post("/api/receipt")
@app.input(ReceiptIn, arg_name="receipt")
def receipt(receipt):
    return {"id": next(receipt_ids)}, 201


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]))
