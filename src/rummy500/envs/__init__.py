"""Environments for reinforcement learning and search, built on the fixed action ids and
observations.

Two adapters need the ``rl`` extra (``pip install '.[rl]'`` in a checkout), which brings numpy,
PettingZoo and Gymnasium:

* :mod:`rummy500.envs.pettingzoo`: a PettingZoo AEC environment, one agent per seat;
* :mod:`rummy500.envs.gymnasium`: a Gymnasium environment for one seat, the other seats played
  by built-in bots, registered as ``"rummy500/Rummy500-v0"``.

A third needs the ``openspiel`` extra (``pip install '.[openspiel]'``):

* :mod:`rummy500.envs.openspiel`: an OpenSpiel game registered with ``pyspiel`` as
  ``"python_rummy500"``, every seat a player and every deal a chance node (the "Search with
  OpenSpiel" page of the documentation describes it).

All three number moves through :class:`~rummy500.toolkit.ActionSpace`, observe a player's view
through :class:`~rummy500.observations.ObservationSpace` and reward only the end of the game:
+1 for each player of the winning side, -1 for the others, 0 for everyone when the game is
drawn. In the first two, a game a limit of the rules cut off (a draw at ``hand_limit``, a
last hand stopped by ``turn_limit``) ends *truncated* rather than *terminated*, as
Gymnasium and PettingZoo define a time limit. The first two deal each new hand themselves
(the "Train with PettingZoo" page of the documentation describes them); in the OpenSpiel
game a deal is a chance node.

This package imports none of these libraries itself: import the adapter you need.
"""
