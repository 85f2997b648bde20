"""The dialogue stages of one turn (SPEC-028 §3-§6): the turn's features and the turn log
(§3.1), references (§4), intent (§5.2), multi-party addressing, threads (§3.3), thread state
(§6), and the opt-in antecedent analysis."""
