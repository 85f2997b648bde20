"""Text analysis: tokens and terms, cues, the marker lexicon, enumerations, state cues and
linear-time scanners. One definition of each cue; nothing here knows about turns or threads."""
