"""The game as users hold it: :class:`~rummy500.State`, saving and loading, action
ids, and the worlds a player cannot tell from theirs. Built on the hidden-information layer.
"""
