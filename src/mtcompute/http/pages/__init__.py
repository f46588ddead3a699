"""The pages for people, rendered from the contracts: views, templates and static files."""
