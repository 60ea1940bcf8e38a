"""The command line (``pitchcore``), the terminal game, match simulation and the generated docs."""
