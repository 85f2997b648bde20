"""Assembly (SPEC-028 §5.3, §7, §8; SPEC-003 packing): the envelope types, packing with the
sandwich, the CRP headers and the ``ContextAssembler`` that blends the three tiers."""
