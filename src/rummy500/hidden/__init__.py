"""What a player knows: the reading of a hand's log (which cards are where, and which stock each
hidden card played came from), the facts play makes public, and the player's view. Built on
play.
"""
