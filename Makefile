# cardstack: build, run, test and install. `make help` lists the targets.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= Config/cardstack.toml
SWIFT_BUILD_FLAGS ?=
BINDIR ?= $(PREFIX)/bin
SYSCONFDIR ?= /etc
DATADIR ?= $(PREFIX)/share/cardstack
DOCDIR ?= $(PREFIX)/share/doc/cardstack
SYSTEMD_SYSTEM_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
# Which build `make install` copies: release (built first) or debug (as it is).
BUILD ?= release
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: what the build needs, and the real tools the tests drive.
BUILD_PACKAGES := libinotifytools0-dev libtomlplusplus-dev libcairo2-dev
# What `cardstack render` and `plot` run: ffmpeg encodes, the font draws titles.
RUN_PACKAGES := ffmpeg fonts-dejavu-core
TEST_PACKAGES := socat python3 vim ed tmux systemd strace
# The exported stylesheet and the browser preview are checked in headless Chromium (Selenium drives it).
BROWSER_TEST_PACKAGES := chromium chromium-driver python3-pip python3-pil

.PHONY: help deps test-deps bench-deps build release run test test-stress frame bench install uninstall clean

help:
	@echo "make run        install what is missing, build, and show the default stack"
	@echo "make test       install what is missing, build, and run every test"
	@echo "make test-stress  make test with every core held by a busy loop (docs/testing.md)"
	@echo "make release    optimised binaries in .build/release"
	@echo "make frame      print one frame of $(CONFIG) as JSON"
	@echo "make bench      performance figures (release build)"
	@echo "make install    binaries, systemd units and /etc/cardstack/cardstack.toml (PREFIX, DESTDIR)"

# Installs only the packages that are missing, so it is cheap to run every time.
deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES))

test-deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES) $(TEST_PACKAGES))
	@python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q pytest
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q Pillow 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages Pillow
	@$(call apt_install,$(BROWSER_TEST_PACKAGES))
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages selenium

define apt_install
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then echo "installing:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi
endef

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

release: deps
	swift build -c release $(SWIFT_BUILD_FLAGS)

# The main job: the daemon on $(CONFIG) (its log in .build/cardstackd.log) and the viewer
# on its socket. Quitting the viewer stops the daemon. Edit $(CONFIG) in another terminal.
# When a daemon already listens on the socket, it stops and says so rather than showing
# that daemon's file; when ours does not start, it shows why from the log.
run: build
	@sock=$$(.build/debug/cardstack socket); \
	if .build/debug/cardstack get state --timeout 2 >/dev/null 2>&1; then \
	  file=$$(.build/debug/cardstack get params --timeout 2 2>/dev/null | grep -o '"path":"[^"]*"' | head -n 1 | cut -d'"' -f4); \
	  echo "make run: another cardstackd already listens on $$sock$${file:+ (parameters from $$file)}." >&2; \
	  echo "Stop it first (or use it: .build/debug/cardstack view), or run this one on another socket:" >&2; \
	  echo "  CARDSTACK_SOCKET=/tmp/cardstack-run.sock make run" >&2; \
	  exit 1; \
	fi; \
	.build/debug/cardstackd --config $(CONFIG) 2>>.build/cardstackd.log & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null' EXIT INT TERM; \
	for i in $$(seq 100); do \
	  if ! kill -0 $$pid 2>/dev/null; then \
	    echo "make run: cardstackd did not start; the end of .build/cardstackd.log:" >&2; tail -n 3 .build/cardstackd.log >&2; exit 1; \
	  fi; \
	  .build/debug/cardstack get state >/dev/null 2>&1 && break; sleep 0.1; \
	done; \
	kill -0 $$pid 2>/dev/null || { echo "make run: cardstackd stopped; see .build/cardstackd.log" >&2; exit 1; }; \
	.build/debug/cardstack view --timeout 10

frame: build
	@.build/debug/cardstack frame --config $(CONFIG)

# Unit tests (Swift Testing), then the integration tests against the real binaries.
test: test-deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)
	swift test --package-path CardStackKit
	CARDSTACK_BIN_DIR=$$(swift build --show-bin-path) python3 -m pytest -q Tests/integration

# `make test` while busy loops hold every core (at least two): no test may depend on when the
# scheduler, a timer or a paint gets round to it. The loops end with the suite, however it ends.
test-stress:
	scripts/busy_cores.sh $(MAKE) test

# The floors the benchmarks compare against: mpv's JSON IPC for `ping`, a C++ compiler for
# the toml++ save floor.
bench-deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES) mpv g++ util-linux)

# The liveness part also runs the debug build, the one `make run` starts.
bench: bench-deps release build
	swift build -c release --product layout-benchmark && .build/release/layout-benchmark
	swift build -c release --product wire-benchmark && .build/release/wire-benchmark
	python3 Benchmarks/bench.py --bin .build/release
	python3 Benchmarks/web_bench.py --bin .build/release
	python3 Benchmarks/render_bench.py --bin .build/release
	swift build -c release --package-path examples/live-follow
	python3 Benchmarks/live_bench.py --bin .build/release \
	  --follower $$(swift build -c release --package-path examples/live-follow --show-bin-path)/live-follow

# Binaries, system and user units (with this PREFIX's paths), the default parameter file
# (an edited one is never overwritten; a pristine copy goes to $(DATADIR), which cardstackd
# names when a user has no file yet), the presets and the README.
install: $(if $(filter debug,$(BUILD)),build,release)
	install -Dm755 .build/$(BUILD)/cardstackd $(DESTDIR)$(BINDIR)/cardstackd
	install -Dm755 .build/$(BUILD)/cardstack $(DESTDIR)$(BINDIR)/cardstack
	install -d $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR) $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR) $(DESTDIR)$(DATADIR)/presets
	for unit in cardstackd.service cardstackd.socket; do \
	  sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc/cardstack|$(DOCDIR)|g' \
	      -e 's|%E/cardstack|$(SYSCONFDIR)/cardstack|g' systemd/$$unit > $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/$$unit; \
	  sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc/cardstack|$(DOCDIR)|g' \
	      systemd/user/$$unit > $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit; \
	done
	chmod 644 $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/cardstackd.* $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/cardstackd.*
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml"; \
	else install -Dm644 Config/cardstack.toml $(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml; fi
	install -m644 Config/presets/*.toml $(DESTDIR)$(DATADIR)/presets/
	install -m644 Config/cardstack.toml $(DESTDIR)$(DATADIR)/cardstack.toml
	install -Dm644 README.md $(DESTDIR)$(DOCDIR)/README.md

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cardstackd $(DESTDIR)$(BINDIR)/cardstack
	rm -f $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/cardstackd.* $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/cardstackd.*
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf .build
