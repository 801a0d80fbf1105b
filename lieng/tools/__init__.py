"""Developer tools: building the packaged program."""
