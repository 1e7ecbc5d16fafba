"""The FAQ page: every answer's example gives what it shows, and its figures are the ones
the pages it quotes give.

The Python sessions of the page run one after another in one namespace, as a reader would type
them, and each result must be as written. The speed figures are quoted from the Performance
page: each one must still be there.
"""

from __future__ import annotations

import re

from helpers_doc_pages import blocks, page, run_sessions

TEXT = page("faq.md")


def _answer(question: str) -> str:
    """The text of the answer under the heading ``## question``."""
    start = TEXT.index(f"## {question}\n")
    end = TEXT.find("\n## ", start + 1)
    return TEXT[start : end if end != -1 else len(TEXT)]


def test_every_example_is_a_python_session() -> None:
    # Sessions show their results, so each is checked; a block of another kind would not be.
    assert {block.lang for block in blocks(TEXT)} == {"pycon"}
    assert len(blocks(TEXT)) == 9


def test_the_python_sessions_give_what_they_show() -> None:
    assert run_sessions("faq.md", TEXT, {}) == []


def test_the_questions() -> None:
    assert re.findall(r"^## (.+)$", TEXT, re.M) == [
        'Which preset is "standard"?',
        "Why can't I take this card from the discard pile?",
        "What happens when the stock runs out?",
        "How are aces scored?",
        "How do I play a variant?",
        "How do I save a game?",
        "Can I take a move back?",
        "Is it deterministic?",
        "How do I write a bot, or train one?",
        "Does it run in the browser?",
        "How fast is it?",
    ]


def test_the_speed_figures_are_those_of_the_performance_page() -> None:
    answer = _answer("How fast is it?")
    figures = re.findall(r"\b\d+\.\d+\b|\b\d+ million\b", answer)
    assert figures == ["1.35", "2.43", "5.57", "74 million", "43 million"]
    performance = page("performance.md")
    headline = performance[: performance.index("## Running the benchmark")]
    gin_rummy = r"OpenSpiel `gin_rummy`, new game per game \| 1\.35 \([^)]*\) \| 2\.43 "
    assert re.search(gin_rummy, headline)
    assert re.search(r"PettingZoo `gin_rummy_v4` \| 5\.57 ", headline)
    assert "costs 43\nmillion compiled and 74 million pure" in headline
