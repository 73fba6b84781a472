"""``python -m teenpatti_rules`` runs the ``teenpatti`` command line."""

import sys

from .cli import main

sys.exit(main())
