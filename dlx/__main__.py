"""``python -m dlx FILE``: solve or count an exact-cover problem in Knuth's DLX format."""

from dlx.cli import main

main()
