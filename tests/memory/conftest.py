"""Memory tests create many users: a fast password hasher keeps the suite quick."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
