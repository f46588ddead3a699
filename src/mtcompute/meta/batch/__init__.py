"""The meta-tool ``execute_batch``: its schema, its check, its bindings and its run."""
