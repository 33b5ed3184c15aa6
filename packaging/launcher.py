"""The bundle's entry point: the same ``main`` as the ``tuolaji`` GUI script."""

import multiprocessing
import sys

from app.main import main

if __name__ == "__main__":
    # a spawned child (the hosted server, AI workers) runs its target, not the app again
    multiprocessing.freeze_support()
    sys.exit(main())
