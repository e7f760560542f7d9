"""flask-smorest, stock: marshmallow schemas parse the body through `@blp.arguments` (webargs),
flask-smorest renders the 422 (`{"code":422,"status":"Unprocessable Entity","errors":{"json":{..}}}`);
an error of the whole body is a `@validates_schema` error (`_schema`); a refusal is `abort(400, message=..)`,
as flask-smorest's docs show. No formline code was written for this shape (issue 28).

Run: python app.py PORT
"""
import itertools
import sys

from flask import Flask
from flask.views import MethodView
from flask_smorest import Api, Blueprint, abort
from marshmallow import Schema, ValidationError, fields, validate, validates, validates_schema

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}

app = Flask(__name__)
app.config["API_TITLE"] = "signup"
app.config["API_VERSION"] = "v1"
app.config["OPENAPI_VERSION"] = "3.0.2"
api = Api(app)
blp = Blueprint("signup", __name__, url_prefix="/api")
ids = itertools.count(1)
receipt_ids = itertools.count(1)


class SignupSchema(Schema):
    username = fields.String(required=True, validate=validate.Length(min=3, max=20))
    email = fields.Email(required=True)
    password = fields.String(required=True, validate=validate.Length(min=8))
    age = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=13, max=120))

    @validates("username")
    def username_not_taken(self, value, **kwargs):
        if value in TAKEN_USERNAMES:
            raise ValidationError("A user with that username already exists.")

    @validates_schema
    def password_differs_from_username(self, data, **kwargs):
        if data.get("password") == data.get("username"):
            raise ValidationError("The password must not equal the username.")


class LineSchema(Schema):
    sku = fields.String(required=True, validate=validate.Length(min=1, max=20))
    qty = fields.Integer(required=True, validate=validate.Range(min=1, max=100))

    @validates("sku")
    def sku_known(self, value, **kwargs):
        if value not in KNOWN_SKUS:
            raise ValidationError("Unknown SKU.")

    @validates_schema
    def bulk_in_tens(self, data, **kwargs):
        if data.get("sku", "").startswith("BULK-") and data.get("qty", 0) % 10:
            raise ValidationError("Bulk SKUs ship in tens.")


class ReceiptSchema(Schema):
    lines = fields.List(fields.Nested(LineSchema), required=True, validate=validate.Length(min=2))


@blp.route("/signup")
class Signup(MethodView):
    @blp.arguments(SignupSchema)
    @blp.response(201)
    def post(self, user):
        if user["username"] in BLOCKED_USERNAMES:
            abort(400, message="Sign-ups from this account are closed.")
        return {"id": next(ids)}


@blp.route("/receipt")
class Receipt(MethodView):
    @blp.arguments(ReceiptSchema)
    @blp.response(201)
    def post(self, receipt):
        return {"id": next(receipt_ids)}


api.register_blueprint(blp)

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]))
