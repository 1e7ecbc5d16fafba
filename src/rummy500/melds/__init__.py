"""Melds: the shapes of runs and sets (:class:`~rummy500.melds.shape.RunShape`), table melds and
the checks of a meld or a lay-off, the bitmask search for the melds and lay-offs a hand
allows, and the builders of table melds. Built on the rules.
"""
