"""The three context tiers (SPEC-028 §2.1): Tier C retrieval over the turn log, Tier P's
knowledge store with CDR coverage (SPEC-024), Tier E's scratch buffer and summaries
(SPEC-029), and the candidates each tier offers the assembler."""
