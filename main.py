"""Start Liêng from a checkout: ``python main.py`` (see README.md)."""

from lieng.app import main

if __name__ == "__main__":
    main()
