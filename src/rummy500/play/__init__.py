"""Playing a hand: moves and events, the position, what each move needs (legality), the legal-move
generator, the transitions (engine), scoring, the checks of a whole position and the building
of positions by hand. Built on the melds.
"""
