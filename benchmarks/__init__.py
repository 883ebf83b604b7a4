"""Benchmarks of the dlx engine, and its comparison with other exact-cover solvers."""
