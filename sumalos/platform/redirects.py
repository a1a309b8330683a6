"""Where a redirect may go: this site only.

A ``next`` field comes from the browser, so anyone can put another site in it. Every redirect
target that a request carries goes through ``safe_next``; ``SafeRedirectMiddleware`` checks every
redirect the views answer with against the same rule, as a net for a view that forgot.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import redirect, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme


def is_safe_target(request: HttpRequest, url: str) -> bool:
    """Whether ``url`` stays on this site (relative, or this host with an allowed scheme)."""
    return url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )


def safe_next(request: HttpRequest, fallback: str) -> HttpResponseRedirect:
    """Redirect to the request's ``next`` when it stays on this site, else to ``fallback``.

    ``fallback`` is a URL name or path, as for ``django.shortcuts.redirect``.
    """
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and is_safe_target(request, target):
        return HttpResponseRedirect(target)
    return redirect(resolve_url(fallback))
