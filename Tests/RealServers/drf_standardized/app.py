"""Django REST framework + drf-standardized-errors, set up as its README shows: the same Serializer,
errors rendered by drf-standardized-errors' exception handler.

Its OpenAPI document comes from drf-spectacular with drf-standardized-errors' AutoSchema, as that
package's docs show ("OpenAPI integration": the error responses documented in its shape);
GET /api/schema/?format=json, kept as a fixture by Tests/RealServers/openapi.py.

One file, no database (the taken username is a constant). Run: python app.py PORT
"""
import sys

from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    SECRET_KEY="real-servers-test-only",
    INSTALLED_APPS=["rest_framework", "drf_standardized_errors", "drf_spectacular"],
    MIDDLEWARE=["django.middleware.common.CommonMiddleware"],
    DATABASES={},
    REST_FRAMEWORK={
        # No users and no database: nobody is authenticated, nothing is looked up.
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
        "EXCEPTION_HANDLER": "drf_standardized_errors.handler.exception_handler",
        "DEFAULT_SCHEMA_CLASS": "drf_standardized_errors.openapi.AutoSchema",
    },
    SPECTACULAR_SETTINGS={
        "TITLE": "formline real-server DRF app (drf-standardized-errors)",
        "VERSION": "1.0.0",
        "SERVE_INCLUDE_SCHEMA": False,
        "ENUM_NAME_OVERRIDES": {
            "ValidationErrorEnum": "drf_standardized_errors.openapi_serializers.ValidationErrorEnum.choices",
            "ClientErrorEnum": "drf_standardized_errors.openapi_serializers.ClientErrorEnum.choices",
            "ServerErrorEnum": "drf_standardized_errors.openapi_serializers.ServerErrorEnum.choices",
        },
        "POSTPROCESSING_HOOKS": ["drf_standardized_errors.openapi_hooks.postprocess_schema_enums"],
    },
)

import django  # noqa: E402

django.setup()

from django.urls import path  # noqa: E402
from drf_spectacular.utils import extend_schema, inline_serializer  # noqa: E402
from drf_spectacular.views import SpectacularAPIView  # noqa: E402
from rest_framework import serializers, status  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

TAKEN_USERNAMES = {"admin"}
BLOCKED_USERNAMES = {"blocked"}


class SignupSerializer(serializers.Serializer):
    username = serializers.CharField(min_length=3, max_length=20)
    email = serializers.EmailField()
    password = serializers.CharField(min_length=8, write_only=True)
    age = serializers.IntegerField(min_value=13, max_value=120, required=False, allow_null=True)

    def validate_username(self, value):
        if value in TAKEN_USERNAMES:
            raise serializers.ValidationError("A user with that username already exists.", code="unique")
        return value

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


class ReceiptSerializer(serializers.Serializer):
    lines = LineSerializer(many=True, min_length=2)


class SignupView(APIView):
    next_id = 1

    @extend_schema(
        operation_id="signup",
        request=SignupSerializer,
        responses={201: inline_serializer("Created", fields={"id": serializers.IntegerField()})},
    )
    def post(self, request):
        serializer = SignupSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user_id = SignupView.next_id
        SignupView.next_id += 1
        return Response({"id": user_id}, status=status.HTTP_201_CREATED)


class ReceiptView(APIView):
    next_id = 1

    @extend_schema(
        operation_id="receipt",
        request=ReceiptSerializer,
        responses={201: inline_serializer("ReceiptCreated", fields={"id": serializers.IntegerField()})},
    )
    def post(self, request):
        serializer = ReceiptSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        receipt_id = ReceiptView.next_id
        ReceiptView.next_id += 1
        return Response({"id": receipt_id}, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("api/signup", SignupView.as_view()),
    path("api/receipt", ReceiptView.as_view()),
    path("api/schema/", SpectacularAPIView.as_view()),
]

if __name__ == "__main__":
    from django.core.management import execute_from_command_line

    execute_from_command_line([sys.argv[0], "runserver", "--noreload", "--skip-checks", f"127.0.0.1:{sys.argv[1]}"])
