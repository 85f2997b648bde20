"""The small knowledge base ``multihorizon demo`` runs on (Tier P): operations notes on etcd,
Postgres backups and TLS, written for the demo."""

from __future__ import annotations

from .tiers.knowledge import Fact

__all__ = ["DEMO_FACTS"]

_DOCS, _RUNBOOK, _WIKI = "etcd-docs", "ops-runbook", "team-wiki"

DEMO_FACTS: tuple[Fact, ...] = (
    Fact("etcd-cluster", "etcd members find each other through --initial-cluster, a list of "
         "name=peer-URL pairs set on every member at bootstrap.", _DOCS, 0.8),
    Fact("etcd-quorum", "A three-node etcd cluster keeps quorum with one node down; run an "
         "odd number of members.", _DOCS, 0.8),
    Fact("etcd-client-tls", "etcd client TLS: --cert-file and --key-file give the server "
         "certificate; --trusted-ca-file and --client-cert-auth make clients present certs.",
         _DOCS, 0.8),
    Fact("etcd-peer-tls", "etcd peer TLS: --peer-cert-file, --peer-key-file and "
         "--peer-trusted-ca-file secure member-to-member traffic.", _DOCS, 0.8),
    Fact("etcd-certs", "Issue one etcd server certificate per member with the member's IP and "
         "DNS name in its subject alternative names, signed by your CA.", _RUNBOOK, 0.7),
    Fact("etcd-rotate", "Rotate etcd certificates one member at a time: replace the files, "
         "restart the member, wait for it to rejoin before the next.", _RUNBOOK, 0.7),
    Fact("etcd-backup", "Back up etcd with etcdctl snapshot save on one member; restore with "
         "etcdctl snapshot restore into a new data directory.", _DOCS, 0.75),
    Fact("pg-basebackup", "pg_basebackup takes a full physical copy of a Postgres cluster; run "
         "it nightly from a replica to spare the primary.", _RUNBOOK, 0.7),
    Fact("pg-wal-archive", "Postgres WAL archiving copies each write-ahead log segment with "
         "archive_command; with base backups it allows point-in-time recovery.", _DOCS, 0.8),
    Fact("pg-retention", "To keep 30 days of Postgres recovery, keep every WAL segment since "
         "the oldest base backup you retain.", _RUNBOOK, 0.7),
    Fact("pg-restore-test", "Test Postgres restores monthly: a backup that was never restored "
         "is not a backup.", _WIKI, 0.6),
    Fact("tls-ca", "A private CA for internal TLS: keep the CA key offline and issue short "
         "lived certificates from an intermediate.", _WIKI, 0.6),
)  # fmt: skip
