"""Pictures of a game as SVG: what a picture shows (a *scene*: the seats with their cards or
only their counts, the discard pile, the table melds with the owner of every card, the stock,
the scores, whose turn it is), composed from a state's or a view's values, and drawn by pure
functions into standalone SVG text that needs no font, image or package beyond the standard
library. Built on the rules and the melds; :mod:`rummy500.pictures` is the public face.
"""
