"""The rules as data: :class:`~rummy500.RuleConfig` and its value classes, how the
rules are read from and written to plain data, and the deal. Built on :mod:`rummy500.core`.
"""
