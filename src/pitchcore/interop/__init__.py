"""Interchange with other software: action ids, tensors, JSON views, records and hand histories."""
