"""Speed for bots and search: ``fast.Game`` (mutable, unchecked games) and playout policies."""
