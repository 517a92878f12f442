"""``python -m companion`` is the ``tile-companion`` command."""
import sys

from companion.cli import main

sys.exit(main())
