"""The figures of one evaluation run."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Report"]


@dataclass
class Report:
    """The figures of one ``evaluate`` run (``as_dict`` is the ``--json`` object)."""

    task: str
    file: str
    embedder: str
    conversations: int = 0
    probes: int = 0
    ours: dict[str, float] = field(default_factory=dict)
    baselines: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "file": self.file,
            "embedder": self.embedder,
            "conversations": self.conversations,
            "probes": self.probes,
            "ours": dict(self.ours),
            "baselines": {name: dict(values) for name, values in self.baselines.items()},
        }

    def table(self) -> str:
        """The report as an aligned text table: one row per system, one column per metric."""
        metrics = list(self.ours)
        rows = [("multihorizon", self.ours), *self.baselines.items()]
        width = max(len(name) for name, _ in rows)
        head = f"{'':<{width}}  " + "  ".join(f"{metric:>14}" for metric in metrics)
        lines = [
            f"{self.task} on {self.file} ({self.embedder}): {self.conversations} conversations, "
            f"{self.probes} probes, {self.seconds:.1f} s",
            head,
        ]
        for name, values in rows:
            cells = [
                f"{values[metric]:>14.3f}" if metric in values else f"{'-':>14}"
                for metric in metrics
            ]
            lines.append(f"{name:<{width}}  " + "  ".join(cells))
        return "\n".join(lines)
