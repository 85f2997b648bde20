"""Drop-in replacements for crprotocol's ``crp.state.horizons`` and
``crp.state.scratch_buffer`` (crprotocol 6.2.5), backed by this engine.

- ``multihorizon.crp.horizons``: ``ContextTier``, ``TurnEntry``, ``MultiHorizonContext``.
- ``multihorizon.crp.scratch_buffer``: ``ScratchPersistence``, ``ScratchEntry``,
  ``ScratchBuffer``.
- ``multihorizon.crp.headers``: our SPEC-028/029 headers beside crprotocol's
  ``emit_headers`` without overwriting its values.

crprotocol itself is not needed to use them. Where crprotocol and SPEC-028/029 disagree the
spec wins; the README's "crprotocol drop-in" table lists every difference.
"""

from __future__ import annotations
