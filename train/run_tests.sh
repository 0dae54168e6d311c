#!/bin/sh
# The trainer's unit tests (train/test_*.py) on Debian's python3 with torch and numpy; exit 77
# (ctest: skipped, and shown as such) when they are not installed: train/setup.sh installs them.
cd "$(dirname "$0")/.." || exit 1
if ! /usr/bin/python3 -c 'import torch, numpy' 2>/dev/null; then
    echo "train/run_tests.sh: /usr/bin/python3 has no torch or numpy (run train/setup.sh); skipped"
    exit 77
fi
exec /usr/bin/python3 -m unittest discover train
