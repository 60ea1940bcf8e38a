"""Adapters for learning and search libraries (optional extras)."""
