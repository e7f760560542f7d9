"""APIFlask with marshmallow schemas (its generator is apispec's MarshmallowPlugin), written the
way APIFlask's docs show: the signup and receipt endpoints of Tests/RealServers, with the schema
shapes a form must read (a nested object, a list of objects, enums, a nullable value, formats, a
dump-only id as readOnly, a load-only password as writeOnly).

The document is APIFlask's own (app.spec), set to OpenAPI 3.0.3 (`nullable: true`; APIFlask's
default is 3.1, which the litestar and spectree documents cover). Nothing is served:
Tests/OpenAPIGenerators/generate.py imports this module and writes the document.
"""
from apiflask import APIFlask, Schema
from apiflask.fields import UUID, Date, Email, Integer, List, Nested, String
from apiflask.validators import Length, OneOf, Range, Regexp

app = APIFlask(__name__, title="APIFlask signup", version="1.0.0")
app.config["OPENAPI_VERSION"] = "3.0.3"


class Address(Schema):
    city = String(required=True, validate=Length(1, 40))
    zip = String(required=True, validate=Regexp(r"^[0-9]{4}$"))


class Signup(Schema):
    id = Integer(dump_only=True)
    username = String(required=True, validate=Length(3, 20), metadata={"title": "Username"})
    email = Email(required=True)
    password = String(required=True, load_only=True, validate=Length(min=8))
    address = Nested(Address, required=True)
    age = Integer(allow_none=True, validate=Range(13, 120))
    country = String(load_default="NO", validate=OneOf(["NO", "SE", "DK"]))
    birthday = Date()
    invite = UUID()
    tags = List(String(validate=Length(max=10)))


class Created(Schema):
    id = Integer()


class Line(Schema):
    sku = String(required=True, validate=OneOf(["ABC-1", "ABC-2", "BULK-10"]))
    qty = Integer(required=True, validate=Range(1, 100))


class Receipt(Schema):
    lines = List(Nested(Line), required=True, validate=Length(min=2))
    note = String(allow_none=True)


@app.post("/api/signup")
@app.input(Signup)
@app.output(Created, status_code=201)
@app.doc(summary="Create an account", operation_id="signup")
def signup(json_data):
    return {"id": 1}


@app.post("/api/receipt")
@app.input(Receipt)
@app.output(Created, status_code=201)
@app.doc(summary="Record a goods receipt", operation_id="receipt")
def receipt(json_data):
    return {"id": 1}


def document():
    with app.app_context():
        return app._get_spec("json", force_update=True)
