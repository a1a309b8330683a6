"""DRF endpoints for the memory center's operations; thin shells around the services.

Same rules as the page (``memory/views.py``): the access comes from the session, every read
goes through ``memory/selectors.py``, every write through one service. Design: DESIGN §5.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory import services
from memory.models import Memory
from memory.selectors import (
    author_label,
    memory_audit_log,
    memory_center,
    memory_get,
    memory_subject_attributes,
    memory_versions,
    rights_for,
)
from memory.views import ACTIONS, _organization_id
from sumalos.accounts.middleware import request_access
from sumalos.rls.rule import Visibility


class MemoryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    visibility = serializers.CharField()
    area = serializers.CharField()
    category = serializers.CharField()
    subject = serializers.CharField()
    attribute = serializers.CharField()
    value = serializers.CharField()
    text = serializers.CharField()
    status = serializers.CharField()
    proposed_visibility = serializers.CharField(allow_null=True)
    unverified = serializers.BooleanField()
    notice = serializers.CharField(help_text='"sin verificar" when the value is unverified.')
    author = serializers.CharField()
    rights = serializers.DictField(child=serializers.BooleanField())


def _out(request: Request, memory: Memory) -> dict[str, Any]:
    rights = rights_for(access=request_access(request), memory=memory)
    return {
        "id": memory.pk,
        "visibility": memory.visibility,
        "area": memory.area,
        "category": memory.category,
        "subject": memory.subject,
        "attribute": memory.attribute,
        "value": memory.value,
        "text": memory.text,
        "status": memory.status,
        "proposed_visibility": memory.proposed_visibility,
        "unverified": memory.unverified,
        "notice": "sin verificar" if memory.unverified else "",
        "author": author_label(memory) if memory.visibility == Visibility.SHARED else "",
        "rights": vars(rights),
    }


class MemoryWriteSerializer(serializers.Serializer[Any]):
    category = serializers.ChoiceField(choices=Memory.Category.choices)
    text = serializers.CharField(max_length=services.MAX_TEXT)
    subject = serializers.CharField(required=False, default="", allow_blank=True)
    attribute = serializers.CharField(required=False, default="", allow_blank=True)
    value = serializers.CharField(required=False, default="", allow_blank=True)
    requested_visibility = serializers.ChoiceField(
        choices=Visibility.CHOICES, required=False, allow_null=True, default=None
    )


WriteResultSerializer = inline_serializer(
    name="MemoryWriteResult",
    fields={
        "memory": MemoryOutputSerializer(allow_null=True),
        "visibility": serializers.CharField(allow_null=True),
        "proposed": serializers.BooleanField(),
        "merged": serializers.BooleanField(),
        "superseded_id": serializers.IntegerField(allow_null=True),
        "refused": serializers.BooleanField(),
        "reason": serializers.CharField(),
    },
)


class MemoryListApi(APIView):
    @extend_schema(responses=MemoryOutputSerializer(many=True))
    def get(self, request: Request) -> Response:
        center = memory_center(access=request_access(request))
        rows = [*center.personal, *center.private, *center.shared, *center.proposals]
        return Response([_out(request, m) for m in rows])

    @extend_schema(
        request=MemoryWriteSerializer,
        responses={
            201: WriteResultSerializer,
            200: WriteResultSerializer,
            422: WriteResultSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        """Remember something explicitly ("recordar"), under the write ladder."""
        access = request_access(request)
        data = MemoryWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.memory_write(
            access=access,
            organization_id=_organization_id(access),
            explicit=True,
            **data.validated_data,
        )
        body = {
            "memory": _out(request, result.memory) if result.memory else None,
            "visibility": result.visibility,
            "proposed": result.proposed,
            "merged": result.merged,
            "superseded_id": result.superseded.pk if result.superseded else None,
            "refused": result.refused,
            "reason": result.reason,
        }
        code: int
        if result.refused:
            code = status.HTTP_422_UNPROCESSABLE_ENTITY
        else:
            code = status.HTTP_200_OK if result.merged else status.HTTP_201_CREATED
        return Response(body, status=code)


class MemoryEditSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(max_length=services.MAX_TEXT)
    value = serializers.CharField(required=False, allow_blank=True, max_length=services.MAX_VALUE)


class MemoryDetailApi(APIView):
    @extend_schema(responses=MemoryOutputSerializer)
    def get(self, request: Request, memory_id: int) -> Response:
        memory, _ = memory_get(access=request_access(request), memory_id=memory_id)
        return Response(_out(request, memory))

    @extend_schema(request=MemoryEditSerializer, responses=MemoryOutputSerializer)
    def patch(self, request: Request, memory_id: int) -> Response:
        data = MemoryEditSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        memory = services.memory_edit(
            access=request_access(request), memory_id=memory_id, **data.validated_data
        )
        return Response(_out(request, memory))

    @extend_schema(responses={204: None})
    def delete(self, request: Request, memory_id: int) -> Response:
        services.memory_delete(access=request_access(request), memory_id=memory_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


API_ACTIONS = {
    "share": "compartir",
    "make-private": "solo-para-mi",
    "confirm": "confirmar",
    "reject": "rechazar",
    "restore": "restaurar",
}


class MemoryActionApi(APIView):
    @extend_schema(
        operation_id="memories_action",
        request=None,
        responses={
            200: inline_serializer("MemoryActionResult", {"detail": serializers.CharField()})
        },
        parameters=[OpenApiParameter("action", str, "path", enum=sorted(API_ACTIONS))],
    )
    def post(self, request: Request, memory_id: int, action: str) -> Response:
        """share, make-private, confirm, reject or restore one memory."""
        if action not in API_ACTIONS:
            return Response({"detail": "Acción desconocida."}, status=status.HTTP_404_NOT_FOUND)
        service, done = ACTIONS[API_ACTIONS[action]]
        service(access=request_access(request), memory_id=memory_id)
        return Response({"detail": done})


class MemoryVersionsApi(APIView):
    @extend_schema(responses=MemoryOutputSerializer(many=True))
    def get(self, request: Request, memory_id: int) -> Response:
        rows = memory_versions(access=request_access(request), memory_id=memory_id)
        return Response([_out(request, m) for m in rows])


class MemoryAuditApi(APIView):
    @extend_schema(
        responses=inline_serializer(
            "MemoryAuditEntry",
            {
                "memory_id": serializers.IntegerField(),
                "action": serializers.CharField(),
                "actor": serializers.CharField(),
                "at": serializers.DateTimeField(),
                "before": serializers.JSONField(allow_null=True),
                "after": serializers.JSONField(allow_null=True),
            },
            many=True,
        )
    )
    def get(self, request: Request) -> Response:
        access = request_access(request)
        organization_id = _organization_id(access)
        entries = (
            memory_audit_log(access=access, organization_id=organization_id)
            if organization_id is not None
            else []
        )
        return Response(
            [
                {
                    "memory_id": e.memory_id,
                    "action": e.action,
                    "actor": e.actor.email if e.actor else e.actor_phone,
                    "at": e.at,
                    "before": e.before,
                    "after": e.after,
                }
                for e in entries
            ]
        )


class MemoryAttributesApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("subject", str, required=True)],
        responses=inline_serializer(
            "StoredAttribute",
            {"attribute": serializers.CharField(), "value": serializers.CharField()},
            many=True,
        ),
    )
    def get(self, request: Request) -> Response:
        """Attributes already stored for a subject (what the extractor reuses)."""
        access = request_access(request)
        rows = memory_subject_attributes(
            access=access,
            organization_id=_organization_id(access),
            subject=request.query_params.get("subject", ""),
        )
        return Response([{"attribute": r.attribute, "value": r.value} for r in rows])
