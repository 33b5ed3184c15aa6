"""The bundle's entry point: the same ``main`` as the ``tuolaji`` GUI script."""

import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
