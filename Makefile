# cardstack: build, run, test and install. `make help` lists the targets.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= Config/cardstack.toml
SWIFT_BUILD_FLAGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages: what the build needs, and the real tools the tests drive.
BUILD_PACKAGES := libinotifytools0-dev
TEST_PACKAGES := socat python3 vim ed tmux systemd

.PHONY: help deps test-deps build release run test frame clean

help:
	@echo "make run        install what is missing, build, and show the default stack"
	@echo "make test       install what is missing, build, and run every test"
	@echo "make release    optimised binaries in .build/release"
	@echo "make frame      print one frame of $(CONFIG) as JSON"

# Installs only the packages that are missing, so it is cheap to run every time.
deps:
	@$(call apt_install,$(BUILD_PACKAGES))

test-deps:
	@$(call apt_install,$(BUILD_PACKAGES) $(TEST_PACKAGES))
	@python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q pytest

define apt_install
missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then echo "installing:$$missing"; \
  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi
endef

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

release: deps
	swift build -c release $(SWIFT_BUILD_FLAGS)

run: build
	.build/debug/cardstack frame --config $(CONFIG) --offset 15 --pretty

frame: build
	@.build/debug/cardstack frame --config $(CONFIG)

# Unit tests (Swift Testing), then the integration tests against the real binaries.
test: test-deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)
	CARDSTACK_BIN_DIR=$$(swift build --show-bin-path) python3 -m pytest -q Tests/integration

clean:
	rm -rf .build
