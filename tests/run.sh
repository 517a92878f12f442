#!/usr/bin/env bash
# Sets up everything the test suite needs, then runs it under a virtual X display.
# Usage: bash tests/run.sh [pytest arguments]
# Fails loudly (non-zero exit, a message on stderr) when anything cannot be set up.
set -euo pipefail
cd "$(dirname "$0")/.."

die() { echo "tests/run.sh: $*" >&2; exit 1; }

PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1; then PY="$candidate"; break; fi
  done
fi
[ -n "$PY" ] || die "no python3 found; install Python 3.11"
"$PY" -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else 1)' \
  || die "Python 3.11 is required (found $("$PY" --version 2>&1))"

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv || die "could not create the virtual environment .venv"
fi
.venv/bin/python -m pip install --quiet --upgrade pip >/dev/null || die "pip upgrade failed"
.venv/bin/python -m pip install --quiet -e '.[test]' || die "installing the package and test dependencies failed"
.venv/bin/python -c 'import cv2, numpy, skimage, kivy, hypothesis, pytest' \
  || die "a dependency does not import; see the error above"

if ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xauth >/dev/null 2>&1; then
  echo "tests/run.sh: installing xvfb and xauth (needed for the app's UI tests)" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq xvfb xauth >/dev/null \
    || die "could not install xvfb and xauth; install them and run again"
fi
command -v xvfb-run >/dev/null 2>&1 || die "xvfb-run is still missing"

# Kivy needs a GL-capable X server; xvfb provides Mesa's software renderer.
exec xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python -m pytest "$@"
