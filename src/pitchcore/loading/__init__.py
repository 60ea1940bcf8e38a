"""Loading: a YAML file (or a record's JSON) to a checked ``Variant``.

The loader and its line-numbered YAML reading, the checks of each key and value, the
switches, the contradictions between slots, the limits on untrusted files, the JSON Schema
of variant files and the plugin components.
"""
