"""`python -m bot.cli`: the `deadline-bot` command line."""

import sys

from bot.cli import main

sys.exit(main())
