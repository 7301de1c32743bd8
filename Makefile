# cardstack: build, run, test and install. `make help` lists the targets.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
# The file `make run` and `make frame` use: your own copy, outside the source tree (made from
# Config/cardstack.toml when missing), so tuning and `w` never touch tracked files.
CONFIG ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/cardstack/cardstack.toml
SWIFT_BUILD_FLAGS ?=
BINDIR ?= $(PREFIX)/bin
# /etc for a system install; otherwise under PREFIX, so a PREFIX install stays in PREFIX.
SYSCONFDIR ?= $(if $(filter /usr /usr/local,$(abspath $(PREFIX))),/etc,$(PREFIX)/etc)
DATADIR ?= $(PREFIX)/share/cardstack
DOCDIR ?= $(PREFIX)/share/doc/cardstack
SYSTEMD_SYSTEM_UNIT_DIR ?= $(PREFIX)/lib/systemd/system
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
# Which build `make install` copies: release (built first) or debug (as it is).
BUILD ?= release
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: what the build needs, and the real tools the tests drive.
BUILD_PACKAGES := libinotifytools0-dev libtomlplusplus-dev libcairo2-dev libpixman-1-dev libjpeg-dev
# What `cardstack render` and `plot` run: ffmpeg encodes, the font draws titles.
RUN_PACKAGES := ffmpeg fonts-dejavu-core
TEST_PACKAGES := socat python3 python3-venv vim ed tmux systemd strace binutils adduser bindfs
# The package on a bare Debian (test_deb_bare.py) and the container image (test_image.py).
TEST_PACKAGES += mmdebstrap buildah dpkg-dev
# The exported stylesheet and the browser preview are checked in headless Chromium (Selenium drives it).
BROWSER_TEST_PACKAGES := chromium chromium-driver python3-pil
# The page's maths run in node's own test runner, no browser and no npm (Tests/page, make test-page).
PAGE_TEST_PACKAGES := nodejs
# The tests' Python for a normal user: a venv from Debian's python3 (python3-venv) with these
# from PyPI. Never pip into the system Python (Debian 12 refuses it: PEP 668). As root,
# scripts/integration.sh makes root's and the test user's own, outside the checkout.
VENV := .build/venv
PYTHON_TEST_PACKAGES := pytest selenium Pillow taplo

.PHONY: format config-file help deps test-deps venv bench-deps build release run test test-page test-stress frame bench docs-pictures install install-binaries uninstall deb image clean

help:
	@echo "make run        install what is missing, build, and show the stack of CONFIG=$(CONFIG)"
	@echo "                (a copy of Config/cardstack.toml made when missing; CONFIG=FILE for another)"
	@echo "make test       install what is missing, build, and run every test"
	@echo "make test-page  the page's unit tests (Tests/page) in node, without a browser"
	@echo "make test-stress  make test with every core held by a busy loop (docs/testing.md)"
	@echo "make release    optimised binaries in .build/release"
	@echo "make frame      print one frame of $(CONFIG) as JSON"
	@echo "make bench      performance figures (release build)"
	@echo "make docs-pictures  redraw docs/throw-edges.png from the scroll models"
	@echo "make install    binaries, systemd units, the parameter file (PREFIX, DESTDIR): PREFIX=/usr/local"
	@echo "                (the default) is the system service with /etc/cardstack; PREFIX=~/.local installs"
	@echo "                for you alone; any other PREFIX writes only under it (docs/install.md)"
	@echo "make deb        a Debian package of the release build, in .build/ (docs/install.md)"
	@echo "make image      an OCI image (buildah): the daemon and the page, for docker/podman run (docs/install.md)"
	@echo "make format     format the Swift code with the checked-in .swift-format"

# swift-format ships with the toolchain; Tests/integration/cli/test_source.py checks the result.
SWIFT_SOURCES := Sources Tests Benchmarks CardStackKit/Sources CardStackKit/Tests examples Package.swift CardStackKit/Package.swift
format:
	swift format format -i -r --parallel $(SWIFT_SOURCES)

# A copy of the default parameter file at $(1) whose #:schema line names the schema at $(2),
# so an editor finds it wherever the copy lives.
config_copy = install -d "$(dir $(1))" && sed '1s|^\#:schema .*|\#:schema $(2)|' Config/cardstack.toml > "$(1)" && chmod 644 "$(1)"

# Installs only the packages that are missing, so it is cheap to run every time.
deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES))

test-deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(RUN_PACKAGES) $(TEST_PACKAGES) $(BROWSER_TEST_PACKAGES) $(PAGE_TEST_PACKAGES))
	@if [ "$$(id -u)" != 0 ]; then $(MAKE) --no-print-directory venv; fi

# Made once (about a minute, a download of about 30 MB), then only checked.
venv:
	@if ! $(VENV)/bin/python -c "import pytest, selenium, PIL" 2>/dev/null || [ ! -x $(VENV)/bin/taplo ]; then \
	  echo "make: making $(VENV), the tests' Python: Debian's python3 with $(PYTHON_TEST_PACKAGES) from PyPI"; \
	  /usr/bin/python3 -m venv $(VENV) && $(VENV)/bin/pip install -q $(PYTHON_TEST_PACKAGES) \
	  || { echo "make: could not make $(VENV) (above: why); it needs python3-venv and PyPI" >&2; exit 1; }; \
	fi

# Says what it installs, then shows apt's progress (Chromium alone is a download of minutes).
define apt_install
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then echo "make: installing Debian packages:$$missing (apt-get, with progress below)"; \
  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q $$missing; \
  echo "make: installed:$$missing"; fi
endef

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

release: deps
	swift build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS)

# The main job: the daemon on $(CONFIG) (its log in .build/cardstackd.log) and the viewer
# on its socket. Quitting the viewer stops the daemon. Edit $(CONFIG) in another terminal.
# When a daemon already listens on the socket, it stops and says so rather than showing
# that daemon's file; when ours does not start, it shows why from the log.
# A missing CONFIG is made from the default file, and the first line says where it is.
config-file:
	@if [ ! -e "$(CONFIG)" ]; then $(call config_copy,$(CONFIG),$(CURDIR)/Config/cardstack.schema.json); \
	  echo "make: made $(CONFIG), a copy of Config/cardstack.toml: edit and save that one (CONFIG=FILE for another)" >&2; \
	else echo "make: parameters from $(CONFIG) (CONFIG=FILE for another)" >&2; fi

run: build config-file
	@sock=$$(.build/debug/cardstack socket); \
	if .build/debug/cardstack get state --timeout 2 >/dev/null 2>&1; then \
	  file=$$(.build/debug/cardstack get params --timeout 2 2>/dev/null | grep -o '"path":"[^"]*"' | head -n 1 | cut -d'"' -f4); \
	  echo "make run: another cardstackd already listens on $$sock$${file:+ (parameters from $$file)}." >&2; \
	  echo "Stop it first (or use it: .build/debug/cardstack view), or run this one on another socket:" >&2; \
	  echo "  CARDSTACK_SOCKET=/tmp/cardstack-$$(id -u)/run.sock make run" >&2; \
	  exit 1; \
	fi; \
	.build/debug/cardstackd --config "$(CONFIG)" 2>>.build/cardstackd.log & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null' EXIT INT TERM; \
	for i in $$(seq 100); do \
	  if ! kill -0 $$pid 2>/dev/null; then \
	    echo "make run: cardstackd did not start; the end of .build/cardstackd.log:" >&2; tail -n 3 .build/cardstackd.log >&2; exit 1; \
	  fi; \
	  .build/debug/cardstack get state >/dev/null 2>&1 && break; sleep 0.1; \
	done; \
	kill -0 $$pid 2>/dev/null || { echo "make run: cardstackd stopped; see .build/cardstackd.log" >&2; exit 1; }; \
	.build/debug/cardstack view --timeout 10

frame: build config-file
	@.build/debug/cardstack frame --config "$(CONFIG)"

# Unit tests (Swift Testing), then the integration tests against the real binaries, as an
# unprivileged user when run as root (scripts/integration.sh; the tests marked root as root).
# The package tests (Tests/integration/package: the .deb, the image, PREFIX installs) need
# root and the static release build: as root the release build is made or brought up to date
# (an existing one is reused: seconds when nothing changed; from scratch about 3 min on two
# idle cores, up to 20 on busy ones); as a normal user those tests skip, so it is not built.
test: test-deps
	$(MAKE) --no-print-directory test-page
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)
	swift test --package-path CardStackKit
	@if [ "$$(id -u)" = 0 ]; then \
	  echo "make: the static release build in .build/release, for the package tests (reused when there; from scratch it takes minutes)"; \
	  swift build $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS); \
	else echo "make: no release build: the package tests need root and skip for $$(id -un)"; fi
	scripts/integration.sh $$(swift build --show-bin-path)  # as an unprivileged user; the tests marked root as root

# The page's pure modules (series, springs, curves, moves, homography, looks, values, replay)
# under node's built-in runner: Debian's nodejs, which test-deps installs; no npm, no browser.
test-page:
	@command -v node >/dev/null || { echo "make test-page: no node on PATH: the page's unit tests (Tests/page) run in Debian's nodejs; install it (sudo apt-get install nodejs, or make test-deps) and run make test-page again" >&2; exit 1; }
	node --test Tests/page/*.test.mjs

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
	swift build $(RELEASE_FLAGS) --product layout-benchmark && .build/release/layout-benchmark
	swift build $(RELEASE_FLAGS) --product wire-benchmark && .build/release/wire-benchmark
	python3 Benchmarks/bench.py --bin .build/release
	python3 Benchmarks/throw_bench.py --bin .build/release
	python3 Benchmarks/web_bench.py --bin .build/release
	python3 Benchmarks/web_bench.py --bin .build/release --images
	python3 Benchmarks/render_bench.py --bin .build/release
	python3 Benchmarks/fit_bench.py --bin .build/release
	python3 Benchmarks/startup_bench.py --bin .build/release
	swift build -c release --package-path examples/live-follow
	python3 Benchmarks/live_bench.py --bin .build/release \
	  --follower $$(swift build -c release --package-path examples/live-follow --show-bin-path)/live-follow
	python3 Benchmarks/phone_bench.py --bin .build/release

# The pictures in docs/ that are drawn from the code: a throw into an edge under each scroll
# model (docs/layouts.md §8.1), from layout-benchmark's samples of the models.
docs-pictures:
	swift build --product layout-benchmark
	python3 scripts/throw_pictures.py --bin .build/debug --out docs/throw-edges.png

# The release build as it ships: the Swift runtime linked in (no toolchain needed where it
# runs), only the C libraries a Debian system has left to load. `make install` and `make deb`
# strip their copies.
RELEASE_FLAGS := -c release --static-swift-stdlib
VERSION := $(shell sed -n 's/.*programVersion = "\([0-9.]*\)".*/\1/p' Sources/CardStackProtocol/Messages.swift | head -n 1)
# What kind of install PREFIX and DESTDIR make (docs/install.md), whoever runs it:
# - system: PREFIX=/usr or /usr/local and no DESTDIR: the file in /etc, the service account;
# - staged: a DESTDIR: the same layout, under DESTDIR, and no account (a package's tree);
# - home: PREFIX under $HOME: the user units and the parameter file in ~/.config (for the
#   user manager), the rest under PREFIX; no system units, no /etc;
# - any other PREFIX: everything under PREFIX, the file in PREFIX/etc/cardstack.
SYSTEM_INSTALL := $(if $(DESTDIR),,$(filter /usr /usr/local,$(abspath $(PREFIX))))
USER_INSTALL := $(if $(DESTDIR),,$(filter $(HOME)/%,$(abspath $(PREFIX))/))
ifneq ($(USER_INSTALL),)
SYSTEMD_USER_UNIT_DIR := $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/systemd/user
USER_CONFIG_DIR := $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/cardstack
endif

# A user builds (incrementally) before installing. Root copies what is built, so that
# `make release` as yourself and then `sudo make install` leaves no root-owned files in your
# .build/; with nothing built (a container, CI, a root-only machine), root builds, and says so.
install-binaries:
	@if [ "$$(id -u)" != 0 ]; then $(MAKE) --no-print-directory $(if $(filter debug,$(BUILD)),build,release); \
	elif [ ! -x .build/$(BUILD)/cardstackd ] || [ ! -x .build/$(BUILD)/cardstack ]; then \
	  echo "make install: nothing built in .build/$(BUILD): building it as root$$([ -d .build ] && [ "$$(stat -c %u .build)" != 0 ] && echo " (its files will be root's: make clean as yourself first, or chown them back after)")" >&2; \
	  command -v swift >/dev/null || { echo "make install: no swift on root's PATH ($$PATH): run make $(if $(filter debug,$(BUILD)),build,release) as yourself first, or sudo env PATH=\"\$$PATH\" make install" >&2; exit 1; }; \
	  $(MAKE) --no-print-directory $(if $(filter debug,$(BUILD)),build,release); \
	fi

# Binaries (stripped), user units (and, unless a user install, system units) with this
# PREFIX's paths, the default parameter file (an edited one is never overwritten; a pristine
# copy goes to $(DATADIR), which cardstackd names when a user has no file yet), the presets,
# the README and docs/.
install: install-binaries
	install -Dm755 .build/$(BUILD)/cardstackd $(DESTDIR)$(BINDIR)/cardstackd
	install -Dm755 .build/$(BUILD)/cardstack $(DESTDIR)$(BINDIR)/cardstack
	$(if $(filter release,$(BUILD)),strip $(DESTDIR)$(BINDIR)/cardstackd $(DESTDIR)$(BINDIR)/cardstack)
	install -d $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR) $(DESTDIR)$(DATADIR)/presets $(DESTDIR)$(DOCDIR) \
	  $(if $(USER_INSTALL),,$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR))
	for unit in cardstackd.service cardstackd.socket; do \
	  $(if $(USER_INSTALL),,sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc/cardstack|$(DOCDIR)|g' \
	      -e 's|%E/cardstack|$(SYSCONFDIR)/cardstack|g' systemd/$$unit > $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/$$unit;) \
	  sed -e 's|/usr/local/bin|$(BINDIR)|g' -e 's|/usr/local/share/doc/cardstack|$(DOCDIR)|g' \
	      systemd/user/$$unit > $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$$unit; \
	done
	chmod 644 $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/cardstackd.* $(if $(USER_INSTALL),,$(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/cardstackd.*)
	install -m644 Config/presets/*.toml $(DESTDIR)$(DATADIR)/presets/
	install -m644 Config/cardstack.toml Config/cardstack.schema.json $(DESTDIR)$(DATADIR)/
	install -m644 README.md docs/*.md $(DESTDIR)$(DOCDIR)/
ifneq ($(USER_INSTALL),)
	@if [ -e $(USER_CONFIG_DIR)/cardstack.toml ]; then echo "keeping $(USER_CONFIG_DIR)/cardstack.toml"; \
	else $(call config_copy,$(USER_CONFIG_DIR)/cardstack.toml,$(DATADIR)/cardstack.schema.json); fi
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) echo "note: $(BINDIR) is not on your PATH; add it (e.g. in ~/.profile: PATH=\"$(BINDIR):\$$PATH\")";; esac
	@echo "installed for $$(id -un): systemctl --user daemon-reload && systemctl --user enable --now cardstackd.socket, then cardstack view"
else
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml ]; then \
	  echo "keeping $(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml"; \
	else $(call config_copy,$(DESTDIR)$(SYSCONFDIR)/cardstack/cardstack.toml,$(DATADIR)/cardstack.schema.json); fi
ifneq ($(SYSTEM_INSTALL),)
	@# The system service runs as user and group cardstack; its file is the group's to edit.
	@if [ "$$(id -u)" = 0 ]; then \
	  getent group cardstack >/dev/null || groupadd --system cardstack; \
	  getent passwd cardstack >/dev/null || useradd --system --gid cardstack --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin cardstack; \
	  chown root:cardstack $(SYSCONFDIR)/cardstack && chmod 2775 $(SYSCONFDIR)/cardstack; \
	  chown cardstack:cardstack $(SYSCONFDIR)/cardstack/cardstack.toml && chmod 664 $(SYSCONFDIR)/cardstack/cardstack.toml; \
	  echo "system service: sudo systemctl daemon-reload && sudo systemctl enable --now cardstackd.socket; members of group cardstack may use it (sudo adduser USER cardstack)"; \
	fi
else
	@$(if $(DESTDIR),,echo "installed under $(PREFIX) (its parameter file: $(SYSCONFDIR)/cardstack/cardstack.toml); no system user or group: PREFIX=/usr/local installs the system service")
endif
endif

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cardstackd $(DESTDIR)$(BINDIR)/cardstack
	rm -f $(DESTDIR)$(SYSTEMD_SYSTEM_UNIT_DIR)/cardstackd.* $(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/cardstackd.*
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

# A Debian package of the release build: .build/cardstack_$(VERSION)_ARCH.deb (OUT=DIR for
# another directory; packaging/debian/). It refuses binaries that load the Swift toolchain's
# libraries and says how to build them.
deb: install-binaries
	@$(call apt_install,dpkg-dev)
	BUILD=release VERSION=$(VERSION) sh packaging/make-deb.sh

# An OCI image (buildah, from scratch): the daemon and the page, /params a volume, port 8372,
# an unprivileged user (docs/install.md, "The container image"). Also .build/cardstack-image-$(VERSION).tar.
image: install-binaries
	@$(call apt_install,buildah)
	BUILD=release VERSION=$(VERSION) sh packaging/make-image.sh

clean:
	rm -rf .build
