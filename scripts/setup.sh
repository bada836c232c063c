# Sourced by scripts/start and scripts/test: makes sure Bun 1.4.4 and the packages are installed, and (with
# NEED_BROWSER=1) Debian's Chromium for the browser tests, poppler's pdfsig, Prometheus's promtool,
# fail2ban's fail2ban-regex, caddy and ClamAV's clamd. Safe to run again: it skips what is in place.
BUN_VERSION=1.4.4

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# True when $1 is an executable Bun of the wanted version.
bun_ok() { [ -n "$1" ] && [ -x "$1" ] && [ "$("$1" --version 2>/dev/null)" = "$BUN_VERSION" ]; }

if ! bun_ok "$(command -v bun)"; then
  # npm's global bin folder is not always on PATH (a prefix in the home folder, for one): look there too.
  npm_bin=""
  if command -v npm >/dev/null 2>&1; then npm_bin="$(npm prefix -g 2>/dev/null)/bin"; fi
  if bun_ok "$HOME/.bun/bin/bun"; then
    export PATH="$HOME/.bun/bin:$PATH"
  elif [ -n "$npm_bin" ] && bun_ok "$npm_bin/bun"; then
    export PATH="$npm_bin:$PATH"
  elif [ -n "$npm_bin" ]; then
    log "installing Bun $BUN_VERSION from the npm registry"
    npm install -g --no-audit --no-fund "bun@$BUN_VERSION" >/dev/null
    export PATH="$npm_bin:$PATH"
  else
    echo "Bun $BUN_VERSION is needed and neither bun nor npm was found. Install Node.js (for npm) or Bun." >&2
    exit 1
  fi
  hash -r
  if ! bun_ok "$(command -v bun)"; then
    echo "Bun $BUN_VERSION was installed but is not found on PATH or in $npm_bin. Add the folder holding bun to PATH." >&2
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

# The signing tests check sealed PDFs with poppler's pdfsig, a reader that is not ours.
if [ "${NEED_BROWSER:-}" = 1 ] && ! command -v pdfsig >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's poppler-utils (pdfsig) for the signing tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  else
    echo "The signing tests need pdfsig: apt-get install poppler-utils" >&2
    exit 1
  fi
fi

# The metrics test checks /metrics with Prometheus's own promtool, from Debian's prometheus package.
if [ "${NEED_BROWSER:-}" = 1 ] && ! command -v promtool >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's prometheus (promtool) for the metrics test"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  else
    echo "The metrics test needs promtool: apt-get install prometheus" >&2
    exit 1
  fi
fi

# The fail2ban filter in deploy/ is checked with Debian's own fail2ban-regex against the server's log lines.
if [ "${NEED_BROWSER:-}" = 1 ] && ! command -v fail2ban-regex >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's fail2ban (fail2ban-regex) for the sign-in log test"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fail2ban >/dev/null
  else
    echo "The sign-in log test needs fail2ban-regex: apt-get install fail2ban" >&2
    exit 1
  fi
fi

# deploy/Caddyfile is checked with Debian's own caddy (caddy validate, and its access log adapted as JSON).
if [ "${NEED_BROWSER:-}" = 1 ] && ! command -v caddy >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's caddy (caddy validate) for the Caddyfile test"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends caddy >/dev/null
  else
    echo "The Caddyfile test needs caddy: apt-get install caddy" >&2
    exit 1
  fi
fi

# Uploads are scanned by ClamAV's clamd (ADR 296): the tests start Debian's own, with a signature database they
# write (no freshclam, no network).
if [ "${NEED_BROWSER:-}" = 1 ] && ! command -v clamd >/dev/null 2>&1 && [ ! -x /usr/sbin/clamd ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing Debian's clamav-daemon (clamd) for the upload scanning tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clamav-daemon >/dev/null
  else
    echo "The upload scanning tests need clamd: apt-get install clamav-daemon" >&2
    exit 1
  fi
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
