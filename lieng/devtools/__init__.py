"""Developer tools, never imported by the game itself (a test checks the import graph):
the self-tests behind `--selftest`, screenshot makers, asset generators and the build."""
