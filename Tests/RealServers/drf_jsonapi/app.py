"""Django REST framework + djangorestframework-jsonapi, configured as its docs show: JSON:API parser,
renderer and exception handler; the request is a JSON:API document {"data":{"type":"signups","attributes":{..}}}.

One file, no database (the taken username is a constant). Run: python app.py PORT
"""
import sys

from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    SECRET_KEY="real-servers-test-only",
    INSTALLED_APPS=["rest_framework", "rest_framework_json_api"],
    MIDDLEWARE=["django.middleware.common.CommonMiddleware"],
    DATABASES={},
    REST_FRAMEWORK={
        # No users and no database: nobody is authenticated, nothing is looked up.
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
        "EXCEPTION_HANDLER": "rest_framework_json_api.exceptions.exception_handler",
        "DEFAULT_PARSER_CLASSES": ["rest_framework_json_api.parsers.JSONParser"],
        "DEFAULT_RENDERER_CLASSES": ["rest_framework_json_api.renderers.JSONRenderer"],
        "DEFAULT_METADATA_CLASS": "rest_framework_json_api.metadata.JSONAPIMetadata",
        "TEST_REQUEST_DEFAULT_FORMAT": "vnd.api+json",
    },
)

import django  # noqa: E402

django.setup()

from django.urls import path  # noqa: E402
from rest_framework import generics, serializers  # noqa: E402

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}


class Signup:
    """What a model instance would be; no database here."""

    def __init__(self, pk, username, email, password, age=None):
        self.pk, self.id = pk, pk
        self.username, self.email, self.password, self.age = username, email, password, age


class SignupSerializer(serializers.Serializer):
    next_id = 0
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(min_length=3, max_length=20)
    email = serializers.EmailField()
    password = serializers.CharField(min_length=8, write_only=True)
    age = serializers.IntegerField(min_value=13, max_value=120, required=False, allow_null=True)

    def validate_username(self, value):
        if value in TAKEN_USERNAMES:
            raise serializers.ValidationError("A user with that username already exists.", code="unique")
        return value

    class Meta:
        resource_name = "signups"

    def create(self, validated_data):
        SignupSerializer.next_id += 1
        return Signup(pk=SignupSerializer.next_id, **validated_data)

    def validate(self, attrs):
        if attrs["username"] in BLOCKED_USERNAMES:
            raise serializers.ValidationError("Sign-ups from this account are closed.")
        if attrs["password"] == attrs["username"]:
            raise serializers.ValidationError(
                "The password must not equal the username.", code="password_matches_username"
            )
        return attrs


# The receipt endpoint (issue 11): a list of line items, each validated on its own.
KNOWN_SKUS = {"ABC-1", "ABC-2", "BULK-10"}


class LineSerializer(serializers.Serializer):
    sku = serializers.CharField(max_length=20)
    qty = serializers.IntegerField(min_value=1, max_value=100)

    def validate_sku(self, value):
        if value not in KNOWN_SKUS:
            raise serializers.ValidationError("Unknown SKU.", code="unknown_sku")
        return value

    def validate(self, attrs):
        if attrs["sku"].startswith("BULK-") and attrs["qty"] % 10:
            raise serializers.ValidationError("Bulk SKUs ship in tens.", code="bulk_in_tens")
        return attrs


class Receipt:
    def __init__(self, pk, lines):
        self.pk, self.id, self.lines = pk, pk, lines


class ReceiptSerializer(serializers.Serializer):
    next_id = 0
    id = serializers.IntegerField(read_only=True)
    lines = LineSerializer(many=True, min_length=2)

    class Meta:
        resource_name = "receipts"

    def create(self, validated_data):
        ReceiptSerializer.next_id += 1
        return Receipt(pk=ReceiptSerializer.next_id, **validated_data)


class ReceiptView(generics.CreateAPIView):
    resource_name = "receipts"
    serializer_class = ReceiptSerializer


class SignupView(generics.CreateAPIView):
    """A generic view (as the docs' viewsets are): the error handler points field errors at
    /data/attributes/NAME only for views that have a serializer."""

    resource_name = "signups"
    serializer_class = SignupSerializer


urlpatterns = [path("api/signup", SignupView.as_view()), path("api/receipt", ReceiptView.as_view())]

if __name__ == "__main__":
    from django.core.management import execute_from_command_line

    execute_from_command_line([sys.argv[0], "runserver", "--noreload", "--skip-checks", f"127.0.0.1:{sys.argv[1]}"])
