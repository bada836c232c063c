# Sourced by scripts/start and scripts/test: makes sure Bun 1.4.4 and the packages are installed, and (with
# NEED_BROWSER=1) Debian's Chromium for the browser tests. Safe to run again: it skips what is in place.
BUN_VERSION=1.4.4

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! command -v bun >/dev/null 2>&1 || [ "$(bun --version 2>/dev/null)" != "$BUN_VERSION" ]; then
  if [ -x "$HOME/.bun/bin/bun" ] && [ "$("$HOME/.bun/bin/bun" --version)" = "$BUN_VERSION" ]; then
    export PATH="$HOME/.bun/bin:$PATH"
  elif command -v npm >/dev/null 2>&1; then
    log "installing Bun $BUN_VERSION from the npm registry"
    npm install -g --no-audit --no-fund "bun@$BUN_VERSION" >/dev/null
    hash -r
  else
    echo "Bun $BUN_VERSION is needed and neither bun nor npm was found. Install Node.js (for npm) or Bun." >&2
    exit 1
  fi
fi
log "bun $(bun --version)"

if [ -n "${CI:-}" ] || [ ! -d node_modules ]; then
  log "installing packages"
  bun install --frozen-lockfile
else
  bun install --frozen-lockfile >/dev/null
fi

if [ "${NEED_BROWSER:-}" = 1 ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's chromium for the browser tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Browser tests need Chromium at /usr/bin/chromium (or CHROMIUM_PATH): apt-get install chromium" >&2
    exit 1
  fi
fi
