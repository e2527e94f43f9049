"""Helpers shared by the tests (not collected: no ``test_*`` files here).

* ``reference``: a slow, obviously-correct evaluator the C core is checked
  against (``python tests/support/reference.py`` runs its self-check);
* ``strategies``: hypothesis strategies of cards and hands;
* ``rules_helpers``: stacked decks, scripted hands and the shared scenario
  builders of the rules table (tests/rules/);
* ``pokerkit_driver``: replays a hand through pokerkit for
  tests/test_pokerkit_differential.py.
"""
