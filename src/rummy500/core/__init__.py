"""The vocabulary every layer speaks: cards, phases, the package's errors, and the helpers for
deprecated names and fast builders of frozen classes. Imports nothing of the package.
"""
