"""The model: cards, moves, the phase, the state and its log, a hand's results, errors.

The lowest layer: plain immutable values that every other layer reads. It imports nothing
of pitchcore above it (the rules a state follows are its table's, in ``pitchcore.game``).
"""
