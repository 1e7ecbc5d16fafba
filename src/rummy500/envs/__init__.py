"""Environments for reinforcement learning, built on the fixed action ids and observations.

Two adapters, each needing the ``rl`` extra (``pip install 'rummy500[rl]'``), which brings
numpy, PettingZoo and Gymnasium:

* :mod:`rummy500.envs.pettingzoo`: a PettingZoo AEC environment, one agent per seat;
* :mod:`rummy500.envs.gymnasium`: a Gymnasium environment for one seat, the other seats played
  by built-in bots, registered as ``"rummy500/Rummy500-v0"``.

Both observe a player's view through :class:`~rummy500.observations.ObservationSpace`, number
moves through :class:`~rummy500.ActionSpace`, deal each new hand themselves and reward only the
end of the game: +1 for each player of the winning side, -1 for the others, 0 for everyone
when the game is drawn. The "Train with PettingZoo" page of the documentation describes them.

This package imports neither library itself: import the adapter you need.
"""
